import type { ConfirmationAnswer, ConfirmationResult, ConfirmationView, Order } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

/** A move of one order changes it and the list it sits in. */
const orderAndList = (id: string) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: LIST },
];

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
    /** One order: the shopper's own, or any for an admin (the invoice). */
    getOrder: build.query<Order, string>({
      query: (id) => `/order/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    /** The shopper cancels an order not yet shipped; a paid one is refunded through its provider. */
    cancelOrder: build.mutation<Order, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `/order/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: (_result, _error, { id }) => orderAndList(id),
    }),
    /** The signed-in shopper confirms their own cash order awaiting confirmation, as its message's link would. */
    confirmOrder: build.mutation<Order, string>({
      query: (id) => ({ url: `/order/${encodeURIComponent(id)}/confirm`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => orderAndList(id),
    }),
    /** A cash order as its confirmation link shows it: no sign-in, the signed token names it. */
    getConfirmation: build.query<ConfirmationView, string>({
      query: (token) => `/order/confirm/${encodeURIComponent(token)}`,
    }),
    /** The shopper's answer by the link: moves the order once; a second answer changes nothing and says so. */
    answerConfirmation: build.mutation<ConfirmationResult, { token: string; answer: ConfirmationAnswer }>({
      query: ({ token, answer }) => ({
        url: `/order/confirm/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { answer },
      }),
    }),
    /** The shopper asks to send a delivered order back, within the return window. */
    requestReturn: build.mutation<Order, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/order/${encodeURIComponent(id)}/return`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { id }) => orderAndList(id),
    }),
  }),
});

export const {
  useGetMyOrdersQuery,
  useGetOrderQuery,
  useCancelOrderMutation,
  useConfirmOrderMutation,
  useRequestReturnMutation,
  useGetConfirmationQuery,
  useAnswerConfirmationMutation,
} = ordersApi;
