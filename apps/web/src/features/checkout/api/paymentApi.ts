import { api, LIST } from '../../../api/apiSlice';

export interface PaymentConfig {
  provider: 'test' | 'stripe';
  publishableKey?: string;
}

/** A payment intent as the test provider's client sees it (Stripe's field names; amount in piastres). */
export interface TestIntent {
  id: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  amount: number;
  currency: string;
  last_payment_error?: { message: string };
}

export interface TestCard {
  number: string;
  exp: string;
  cvc: string;
}

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentConfig: build.query<PaymentConfig, void>({
      query: () => '/payment/config',
    }),
    /**
     * A query although it is a POST: the server answers the same intent for the same order every
     * time, and as a query a double mount (or a second tab) shares one request.
     */
    createPaymentIntent: build.query<{ clientSecret: string }, string>({
      query: (orderId) => ({ url: '/payment/create-payment-intent', method: 'POST', body: { order_id: orderId } }),
      // A secret for an order that has since been paid or cancelled must not be reused later.
      keepUnusedDataFor: 0,
    }),
    /** The test provider's stand-in for stripe.confirmCardPayment. */
    confirmTestPayment: build.mutation<TestIntent, { clientSecret: string; card: TestCard }>({
      query: (body) => ({ url: '/payment/test/confirm', method: 'POST', body }),
    }),
    getTestIntent: build.query<TestIntent, string>({
      query: (clientSecret) => ({ url: '/payment/test/intent', params: { client_secret: clientSecret } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** A paid order changes status and takes its products out of the server cart. */
export const paymentSettled = () => api.util.invalidateTags([{ type: 'Order', id: LIST }, 'Cart']);

export const { useGetPaymentConfigQuery, useCreatePaymentIntentQuery, useConfirmTestPaymentMutation, useGetTestIntentQuery } = paymentApi;
