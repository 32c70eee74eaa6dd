import type { AdminReviewPage, AdminReviewsQuery, Review } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

/**
 * An answer written or taken down shows under the review on its product's page and in the dashboard's list. Refused,
 * both are read again too: the review was changed or deleted meanwhile, and the list shows it as it now is.
 */
const answered = (_result: unknown, _error: unknown, { productId }: { productId: string }) => [
  { type: 'Review' as const, id: productId },
  { type: 'Review' as const, id: LIST },
];

/** The dashboard's reviews: every product's, and the shop's answers to them. Deleting one is the product page's. */
export const reviewsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminReviews: build.query<AdminReviewPage, AdminReviewsQuery>({
      query: (params) => ({ url: '/admin/reviews', params }),
      providesTags: [{ type: 'Review', id: LIST }],
    }),
    answerReview: build.mutation<Review, { id: string; productId: string; text: string; revision: number }>({
      query: ({ id, text, revision }) => ({
        url: `/admin/reviews/${encodeURIComponent(id)}/reply`,
        method: 'PUT',
        body: { text, revision },
      }),
      invalidatesTags: answered,
    }),
    withdrawReviewAnswer: build.mutation<null, { id: string; productId: string }>({
      query: ({ id }) => ({ url: `/admin/reviews/${encodeURIComponent(id)}/reply`, method: 'DELETE' }),
      invalidatesTags: answered,
    }),
  }),
});

export const { useGetAdminReviewsQuery, useAnswerReviewMutation, useWithdrawReviewAnswerMutation } = reviewsAdminApi;
