import type { BackInStockRequests } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

/** Which variant of a product the shopper waits for; none for a product sold as one thing. */
export interface Wanted {
  productId: string;
  variantId: string | undefined;
}

const url = (productId: string) => `/back-in-stock/${encodeURIComponent(productId)}`;

/**
 * "Notify me when it's back": the shopper's requests for one product. Each change answers the product's list as it
 * now stands, which replaces the cached one with no second request.
 */
export const backInStockApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBackInStock: build.query<BackInStockRequests, string>({ query: url }),
    changeBackInStock: build.mutation<BackInStockRequests, Wanted & { waiting: boolean }>({
      query: ({ productId, variantId, waiting }) => ({
        url: url(productId),
        ...(waiting
          ? { method: 'POST', body: variantId ? { variant_id: variantId } : {} }
          : { method: 'DELETE', ...(variantId ? { params: { variant_id: variantId } } : {}) }),
      }),
      async onQueryStarted({ productId }, { dispatch, queryFulfilled }): Promise<void> {
        const answer = await queryFulfilled.catch(() => null);
        // A refusal is the component's to show; the cached list is still true.
        if (answer) void dispatch(backInStockApi.util.upsertQueryData('getBackInStock', productId, answer.data));
      },
    }),
  }),
});

export const { useGetBackInStockQuery, useChangeBackInStockMutation } = backInStockApi;
