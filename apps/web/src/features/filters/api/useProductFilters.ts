import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_PARAMS, filterEntries, filtersFromParams, type ProductFilters } from '@shop/contracts';

export const isFilterParam = (name: string): boolean => (FILTER_PARAMS as readonly string[]).includes(name);

/**
 * The address with `filters` in place of its old ones. Other fields (the sort order) stay; the page goes, since
 * page 3 of another list is no place to land.
 */
export function withFilters(current: URLSearchParams, filters: ProductFilters): URLSearchParams {
  const kept = [...current].filter(([name]) => !isFilterParam(name) && name !== 'page');
  return new URLSearchParams([...kept, ...filterEntries(filters)]);
}

/** How many choices are set: each brand counts, a price range counts once. */
export function activeFilterCount(filters: ProductFilters): number {
  const { brand = [], minPrice, maxPrice, rating, inStock, cod } = filters;
  return brand.length + [minPrice ?? maxPrice, rating, inStock, cod].filter((value) => value !== undefined).length;
}

/**
 * The filter panel's choices, kept in the address only: a filtered list can be shared and reloaded, and each
 * change is a history entry the back button undoes.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: ProductFilters) => setParams((current) => withFilters(current, next), { preventScrollReset: true }),
    [setParams],
  );
  return { filters, setFilters, params };
}
