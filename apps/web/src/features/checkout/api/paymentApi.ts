import type {
  OfflineConfirm,
  OfflineIntentView,
  PaymentConfig,
  PaymentStarted,
  PaymentStatus,
  StartPayment,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

export type { PaymentConfig };

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A query although it is a POST: the server answers the same intent for the same order every
     * time, and as a query a double mount (or a second tab) shares one request.
     */
    createPaymentIntent: build.query<PaymentStarted, string>({
      query: (orderId) => ({ url: '/payment/create-payment-intent', method: 'POST', body: { order_id: orderId } }),
      // A secret for an order that has since been paid or cancelled must not be reused later.
      keepUnusedDataFor: 0,
    }),
    /** Starts paying at a provider with a hosted checkout: the answer says where the shopper goes to pay. */
    startPayment: build.mutation<PaymentStarted, StartPayment>({
      query: (body) => ({ url: '/payment/create-payment-intent', method: 'POST', body }),
    }),
    /** The shop's own word on an order's payment, which the screens after paying follow. */
    getPaymentStatus: build.query<PaymentStatus, string>({
      query: (orderId) => `/payment/status/${encodeURIComponent(orderId)}`,
      keepUnusedDataFor: 0,
    }),
    /** The test provider's stand-in for stripe.confirmCardPayment. */
    confirmTestPayment: build.mutation<OfflineIntentView, OfflineConfirm>({
      query: (body) => ({ url: '/payment/offline/confirm', method: 'POST', body }),
    }),
    getTestIntent: build.query<OfflineIntentView, string>({
      query: (clientSecret) => ({ url: '/payment/offline/intent', params: { client_secret: clientSecret } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** A paid order changes status and takes its products out of the server cart. */
export const paymentSettled = () => api.util.invalidateTags([{ type: 'Order', id: LIST }, 'Cart']);

export const {
  useCreatePaymentIntentQuery,
  useConfirmTestPaymentMutation,
  useGetTestIntentQuery,
  useStartPaymentMutation,
  useGetPaymentStatusQuery,
} = paymentApi;
