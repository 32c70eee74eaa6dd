import type { ShippingQuote, ShippingQuoteQuery } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What delivering the server cart costs; asked again when the cart or the admin's prices change. */
    getShippingQuote: build.query<ShippingQuote, ShippingQuoteQuery>({
      query: (params) => ({ url: '/shipping/quote', params }),
      providesTags: ['Cart', 'Shipping'],
    }),
  }),
});

export const { useGetShippingQuoteQuery } = shippingApi;
