import type { Review, ReviewCreateInput } from '@shop/contracts';
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
    getReviews: build.query<Review[], string>({
      query: (productId) => `/review/product/${encodeURIComponent(productId)}`,
      providesTags: (_result, _error, productId) => [{ type: 'Review', id: productId }],
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

export const { useGetReviewsQuery, useAddReviewMutation, useDeleteReviewMutation } = reviewsApi;
