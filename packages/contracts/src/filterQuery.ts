import type { ProductFilters } from './filters.js';

/*
 * The filters' names and query string, without their rules: the web app's first-load code builds list addresses
 * with these, and the rules (filters.ts) are zod schemas made as their module loads, which that code goes without.
 */

/** The query-string fields that are filters (a list's page and sort order are not). */
export const FILTER_PARAMS = ['brand', 'minPrice', 'maxPrice', 'rating', 'inStock', 'cod'] as const;

/** The filters as query-string pairs, in a fixed order, brands repeated: what the API reads and a shared link holds. */
export function filterEntries(filters: ProductFilters): [string, string][] {
  const entries: [string, string][] = (filters.brand ?? []).map((brand) => ['brand', brand]);
  if (filters.minPrice !== undefined) entries.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== undefined) entries.push(['maxPrice', String(filters.maxPrice)]);
  if (filters.rating !== undefined) entries.push(['rating', String(filters.rating)]);
  if (filters.inStock) entries.push(['inStock', 'true']);
  if (filters.cod) entries.push(['cod', 'true']);
  return entries;
}
