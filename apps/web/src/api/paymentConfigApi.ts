import type { PaymentConfig } from '@shop/contracts';
import { api } from './apiSlice';

/**
 * The shop's ways to pay and its instalment plans. Shared, not the checkout's: the product page reads the plans for
 * its "Instalments from" line, and must not load the checkout's forms (and zod) with them.
 */
const paymentConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentConfig: build.query<PaymentConfig, void>({
      query: () => '/payment/config',
    }),
  }),
});

export const { useGetPaymentConfigQuery } = paymentConfigApi;
