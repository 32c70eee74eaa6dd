import { SORT_OPTIONS, type Product, type SortOption } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

export interface SearchArgs {
  name: string;
  sortBy: SortOption | null;
}

export const isSortOption = (value: string | null): value is SortOption =>
  SORT_OPTIONS.some((option) => option === value);

/** The search a results page runs: its text, and the sort order in `?sortBy=` (none when not one of ours). */
export function searchArgsOf(query: string, params: URLSearchParams): SearchArgs {
  const sortBy = params.get('sortBy');
  return { name: query.trim(), sortBy: isSortOption(sortBy) ? sortBy : null };
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The arguments are the cache key, so a new text or sort order runs a new search.
    searchProducts: build.query<Product[], SearchArgs>({
      query: ({ name, sortBy }) => ({
        url: '/product/search',
        params: { name, includeOutOfStock: true, ...(sortBy ? { sortBy } : {}) },
      }),
      transformResponse: (response: { products: Product[] }) => response.products,
      providesTags: (result) => [
        ...(result ?? []).map(({ _id }) => ({ type: 'Product' as const, id: _id })),
        { type: 'Product', id: LIST },
      ],
    }),
  }),
});

export const { useSearchProductsQuery } = searchApi;
