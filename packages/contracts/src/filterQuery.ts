import type { ProductFilters } from './filters.js';

/*
 * The filters' names and query string, without their rules: the web app's first-load code builds list addresses
 * with these, and the rules (filters.ts) are zod schemas made as their module loads, which that code goes without.
 */

/** The query-string fields that are filters (a list's page and sort order are not), option filters aside. */
export const FILTER_PARAMS = ['brand', 'minPrice', 'maxPrice', 'rating', 'inStock', 'cod'] as const;

/**
 * An option filter's field is the option's name after this prefix (`opt.Size=M`): an option may be named anything
 * the admin likes, `page` or `brand` included, and the prefix keeps it from meaning one of a list's own fields.
 */
export const OPTION_PARAM_PREFIX = 'opt.';

/** The field an option's filter travels in: `opt.Size`. */
export const optionParam = (option: string): string => `${OPTION_PARAM_PREFIX}${option}`;

/** The option a query-string field filters by (`opt.Size` → `Size`); undefined for any other field. */
export const optionOfParam = (field: string): string | undefined =>
  field.startsWith(OPTION_PARAM_PREFIX) ? field.slice(OPTION_PARAM_PREFIX.length) : undefined;

/** Whether a query-string field is a filter, an option filter included: what a change of filters replaces. */
export const isFilterParam = (field: string): boolean =>
  (FILTER_PARAMS as readonly string[]).includes(field) || optionOfParam(field) !== undefined;

/**
 * The filters as query-string pairs, in a fixed order, brands and option values repeated: what the API reads and a
 * shared link holds.
 */
export function filterEntries(filters: ProductFilters): [string, string][] {
  const entries: [string, string][] = (filters.brand ?? []).map((brand) => ['brand', brand]);
  if (filters.minPrice !== undefined) entries.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== undefined) entries.push(['maxPrice', String(filters.maxPrice)]);
  if (filters.rating !== undefined) entries.push(['rating', String(filters.rating)]);
  if (filters.inStock) entries.push(['inStock', 'true']);
  if (filters.cod) entries.push(['cod', 'true']);
  for (const [option, values] of Object.entries(filters.options ?? {}))
    for (const value of values) entries.push([optionParam(option), value]);
  return entries;
}
