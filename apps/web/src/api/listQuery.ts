import { filterEntries, type ProductFilters } from '@shop/contracts';

/**
 * A product list's query string: its own fields first (those set), then the filters (a brand may repeat, so the
 * whole is not a plain object).
 */
export function listQuery(
  own: Record<string, string | number | boolean | null | undefined>,
  filters: ProductFilters = {},
): string {
  const entries = Object.entries(own).flatMap(([name, value]) =>
    value === undefined || value === null ? [] : [[name, String(value)] as [string, string]],
  );
  return new URLSearchParams([...entries, ...filterEntries(filters)]).toString();
}
