import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterEntries, filtersFromParams, isFilterParam, type ProductFilters } from '@shop/contracts';

/**
 * The address's fields a change of filters keeps (the sort order): not the filters, nor the page, since page 3 of
 * another list is no place to land.
 */
export const keptParams = (current: URLSearchParams): [string, string][] =>
  [...current].filter(([name]) => !isFilterParam(name) && name !== 'page');

/** The address with `filters` in place of its old ones. Other fields (the sort order) stay; the page goes. */
export function withFilters(current: URLSearchParams, filters: ProductFilters): URLSearchParams {
  return new URLSearchParams([...keptParams(current), ...filterEntries(filters)]);
}

/** How many choices are set: each brand and option value counts, a price range counts once. */
export function activeFilterCount(filters: ProductFilters): number {
  const { brand = [], minPrice, maxPrice, rating, inStock, cod, options = {} } = filters;
  const values = Object.values(options).reduce((sum, chosen) => sum + chosen.length, 0);
  return (
    brand.length + values + [minPrice ?? maxPrice, rating, inStock, cod].filter((value) => value !== undefined).length
  );
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
