import type { Cart } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

interface CartLineChange {
  product_id: string;
  /** The line's variant, for a product with options. */
  variant_id?: string;
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => '/cart',
      providesTags: ['Cart'],
    }),
    /** flag 1 adds one unit (or the product), flag 0 takes one away. */
    incItem: build.mutation<Cart, CartLineChange & { flag: 0 | 1 }>({
      query: (body) => ({ url: '/cart/incItem', method: 'PUT', body }),
      invalidatesTags: ['Cart'],
    }),
    removeItem: build.mutation<Cart, CartLineChange>({
      query: (body) => ({ url: '/cart/removeItem', method: 'PUT', body }),
      invalidatesTags: ['Cart'],
    }),
    emptyCart: build.mutation<Cart, void>({
      query: () => ({ url: '/cart/emptyCart', method: 'PUT' }),
      invalidatesTags: ['Cart'],
    }),
  }),
});
