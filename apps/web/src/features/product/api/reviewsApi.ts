import type { Review, ReviewCreateInput, ReviewPage } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

/** A review changes its product's rating and review count, so the product is refreshed too, and the dashboard's list. */
const reviewChangeTags = (productId: string) => [
  { type: 'Review' as const, id: productId },
  { type: 'Review' as const, id: LIST },
  { type: 'Product' as const, id: productId },
  { type: 'Product' as const, id: LIST },
];

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A product's reviews a page at a time (those giving `stars` alone, when chosen), each page counting every review
     * by stars; "Show more reviews" asks for the next. A change to its reviews loads the pages shown again.
     */
    getReviewPages: build.infiniteQuery<ReviewPage, { productId: string; stars: number | null }, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _pages, lastPageParam) => (lastPageParam < last.pages ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg: { productId, stars }, pageParam }) => ({
        url: `/review/product/${encodeURIComponent(productId)}/page`,
        params: stars === null ? { page: pageParam } : { page: pageParam, stars },
      }),
      providesTags: (_result, _error, { productId }) => [{ type: 'Review', id: productId }],
    }),
    addReview: build.mutation<Review, ReviewCreateInput>({
      query: (body) => ({ url: '/review', method: 'POST', body }),
      invalidatesTags: (_result, _error, { product }) => reviewChangeTags(product),
    }),
    deleteReview: build.mutation<unknown, { id: string; productId: string }>({
      query: ({ id }) => ({ url: `/review/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { productId }) => reviewChangeTags(productId),
    }),
  }),
});

export const { useGetReviewPagesInfiniteQuery, useAddReviewMutation, useDeleteReviewMutation } = reviewsApi;
