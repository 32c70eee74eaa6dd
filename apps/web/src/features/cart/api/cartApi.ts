import type { z } from 'zod';
import type { Cart, cartIncSchema, cartRemoveSchema } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => '/cart',
      providesTags: ['Cart'],
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
