import type { z } from 'zod';
import type { Cart, cartIncSchema, cartRemoveSchema } from '@shop/contracts';
import { api } from '../../../api/apiSlice';
import type { RootState } from '../../../app/store';
import { cartReplaced, fromServerCart } from '../cartSlice';
import { hasServerCart, readStarted } from '../serverCart';

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => '/cart',
      providesTags: ['Cart'],
      /**
       * Every read of the server cart, by whichever screen, becomes the local cart, so the lines, prices and
       * totals shown are what an order would charge (a product repriced or deleted, a line added on another
       * device). Unless a change of the shopper's may be missing from it, or it is another shopper's (readStarted).
       */
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const read = readStarted(getState() as RootState);
        try {
          const { data } = await queryFulfilled;
          const now = getState() as RootState;
          if (read.mayReplace(now)) dispatch(cartReplaced(fromServerCart(data)));
          // The new shopper's own read, asked meanwhile, was answered by this one (one read at a time): read again.
          else if (read.forAnotherShopper(now) && hasServerCart(now)) {
            void dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
          }
        } catch {
          // Offline or refused: the local cart is the best there is until the next read or change.
        }
      },
    }),
    /** flag 1 adds one unit (or the product), flag 0 takes one away. */
    incItem: build.mutation<Cart, z.input<typeof cartIncSchema>>({
      query: (body) => ({ url: '/cart/incItem', method: 'PUT', body }),
      invalidatesTags: ['Cart'],
    }),
    removeItem: build.mutation<Cart, z.input<typeof cartRemoveSchema>>({
      query: (body) => ({ url: '/cart/removeItem', method: 'PUT', body }),
      invalidatesTags: ['Cart'],
    }),
    emptyCart: build.mutation<Cart, void>({
      query: () => ({ url: '/cart/emptyCart', method: 'PUT' }),
      invalidatesTags: ['Cart'],
    }),
  }),
});
