import type { ShippingQuote, ShippingQuoteQuery } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * What the server cart would be billed (delivery fees, and the coupon's discount when one is given);
     * asked again when the cart or the admin's prices change. A coupon that cannot be used is a 400.
     */
    getShippingQuote: build.query<ShippingQuote, ShippingQuoteQuery>({
      query: (params) => ({ url: '/shipping/quote', params }),
      providesTags: ['Cart', 'Shipping'],
    }),
  }),
});

export const { useGetShippingQuoteQuery, useLazyGetShippingQuoteQuery } = shippingApi;
