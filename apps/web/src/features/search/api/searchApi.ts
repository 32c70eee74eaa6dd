import type { ProductFilters, SearchResult, SearchSuggestions, SortOption } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';
import { listQuery } from '../../../api/listQuery';
import { sortOrderOf } from '../../../lib/sortOrder';

export interface SearchArgs {
  name: string;
  sortBy: SortOption | null;
  filters: ProductFilters;
}

/**
 * The search a results page runs: its text, the sort order in `?sortBy=` (none when not one of ours) and the
 * filters of the address (read by the caller: their rules are not first-load code).
 */
export function searchArgsOf(query: string, params: URLSearchParams, filters: ProductFilters): SearchArgs {
  return { name: query.trim(), sortBy: sortOrderOf(params), filters };
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The arguments are the cache key, so a new text, sort order or filter runs a new search.
    searchProducts: build.query<SearchResult, SearchArgs>({
      query: ({ name, sortBy, filters }) =>
        `/product/search?${listQuery({ name, includeOutOfStock: true, sortBy }, filters)}`,
      providesTags: (result) => [
        ...(result?.products ?? []).map(({ _id }) => ({ type: 'Product' as const, id: _id })),
        { type: 'Product', id: LIST },
      ],
    }),
    // What the search box suggests while typing: the catalogue's, cached by the text like any list.
    suggestSearch: build.query<SearchSuggestions, string>({
      query: (text) => `/product/suggest?${new URLSearchParams({ q: text })}`,
      providesTags: [{ type: 'Product', id: LIST }],
    }),
  }),
});

export const { useSearchProductsQuery, useSuggestSearchQuery } = searchApi;
