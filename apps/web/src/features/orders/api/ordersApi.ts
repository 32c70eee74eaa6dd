import type { Order } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in shopper's own orders, newest first. */
    getMyOrders: build.query<Order[], void>({
      query: () => '/order',
      providesTags: (result) => [
        { type: 'Order', id: LIST },
        ...(result ?? []).map(({ _id }) => ({ type: 'Order' as const, id: _id })),
      ],
    }),
  }),
});

export const { useGetMyOrdersQuery } = ordersApi;
