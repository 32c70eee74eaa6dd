import { adminOrdersFilterSchema, type AdminOrdersFilter } from '@shop/contracts';

export const FILTER_KEYS = ['status', 'paymentMethod', 'source', 'governorate', 'from', 'to', 'q'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters as the form edits them: every field a string, '' for 'any'. */
export type FilterDraft = Record<FilterKey, string>;

export const NO_FILTERS: FilterDraft = {
  status: '',
  paymentMethod: '',
  source: '',
  governorate: '',
  from: '',
  to: '',
  q: '',
};

/**
 * The filters of a shared or reloaded address. Each is checked with the API's own rule, so a stale or
 * hand-edited one (a status that no longer exists, 31 February) is dropped instead of failing the list.
 */
export function filtersFromParams(params: URLSearchParams): AdminOrdersFilter {
  const valid = FILTER_KEYS.flatMap((key) => {
    const value = params.get(key);
    return value !== null && adminOrdersFilterSchema.shape[key].safeParse(value).success ? [[key, value]] : [];
  });
  return adminOrdersFilterSchema.parse(Object.fromEntries(valid));
}

export const draftOf = (filter: AdminOrdersFilter): FilterDraft => ({ ...NO_FILTERS, ...filter });

/** The address's query for these filters: empty ones left out, and back to the first page. */
export function paramsOf(draft: FilterDraft): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = draft[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}
