import type { ProductFilters } from './filters.js';
import { MAX_PRICE } from './money.js';
import { MAX_PRODUCT_OPTIONS } from './variantLabels.js';

/*
 * The filters' names, limits and query string, and the address's filters read by those limits, without zod: the
 * web app's list pages read their filters with these, and zod builds its schemas as their module loads, which a
 * phone then pays for before the page answers (docs/decisions/phone-main-thread.md). The API's contract is the zod
 * schema of filters.ts, made of the same limits; filters.test.ts checks that both read addresses alike.
 */

/** Brands one list may be narrowed to at once: more is not a filter a shopper sets by hand. */
export const MAX_BRAND_FILTERS = 20;
/** The "at least N stars" choices, best first. */
export const RATING_FACET_VALUES = [4, 3, 2, 1] as const;
/** Options one list may be narrowed by at once: as many as a product may have. */
export const MAX_OPTION_FILTERS = MAX_PRODUCT_OPTIONS;
/** Values of one option a list may be narrowed to at once, like brands. */
export const MAX_OPTION_FILTER_VALUES = 20;
/** Characters of a brand, an option's name or one of its values, at most. */
export const MAX_FILTER_WORD = 100;
/** A price filter: EGP in digits, at most two decimals (piastres inside the API). */
export const PRICE_FILTER_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
/** Whole stars a rating filter may ask for. */
export const MIN_RATING_FILTER = 1;
export const MAX_RATING_FILTER = 5;

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

/** A brand, an option's name or one of its values as a filter takes it: trimmed, not empty, not too long. */
function filterWord(text: string): string | undefined {
  const word = text.trim();
  return word && word.length <= MAX_FILTER_WORD ? word : undefined;
}

/** A field's repeated values without repeats; none at all if one fails its rule or there are more than `max`. */
function filterWords(texts: string[], max: number): string[] | undefined {
  if (!texts.length || texts.length > max) return undefined;
  const words = texts.map(filterWord);
  return words.every((word) => word !== undefined) ? [...new Set(words)] : undefined;
}

function priceFilter(text: string): number | undefined {
  const digits = text.trim();
  const price = PRICE_FILTER_PATTERN.test(digits) ? Number(digits) : Infinity;
  return price <= MAX_PRICE ? price : undefined;
}

function ratingFilter(text: string): number | undefined {
  // As zod's `coerce.number()` reads it: Number(' 4 ') is 4.
  const stars = Number(text);
  return Number.isInteger(stars) && stars >= MIN_RATING_FILTER && stars <= MAX_RATING_FILTER ? stars : undefined;
}

/**
 * The filters of an address, read leniently: a field that does not pass its rule is left out rather than failing
 * the page (an old or hand-edited link still opens), crossed price ends drop the highest, and of the option
 * filters that pass, the first MAX_OPTION_FILTERS are kept. `false` or any other word for a yes-or-no filter is no
 * filter.
 */
export function filtersFromParams(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {};
  const text = (name: string) => params.get(name) ?? '';
  const brand = filterWords(params.getAll('brand'), MAX_BRAND_FILTERS);
  if (brand) filters.brand = brand;
  const minPrice = priceFilter(text('minPrice'));
  if (minPrice !== undefined) filters.minPrice = minPrice;
  const maxPrice = priceFilter(text('maxPrice'));
  if (maxPrice !== undefined && !(minPrice !== undefined && minPrice > maxPrice)) filters.maxPrice = maxPrice;
  const rating = ratingFilter(text('rating'));
  if (rating !== undefined) filters.rating = rating;
  if (text('inStock') === 'true') filters.inStock = true;
  if (text('cod') === 'true') filters.cod = true;
  const options: [string, string[]][] = [];
  for (const field of new Set(params.keys())) {
    const option = optionOfParam(field);
    const values =
      option && option.length <= MAX_FILTER_WORD && filterWords(params.getAll(field), MAX_OPTION_FILTER_VALUES);
    if (option && values && options.length < MAX_OPTION_FILTERS) options.push([option, values]);
  }
  if (options.length) filters.options = Object.fromEntries(options);
  return filters;
}
