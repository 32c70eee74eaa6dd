import type { DeliveryDaysList, ShopDetails, ShopPage, ShopPageName } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

/** Who the seller is, their pages and how long delivery takes: public reads, cached by the API. */
export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShopDetails: build.query<ShopDetails, void>({
      query: () => '/shop',
      providesTags: ['Shop'],
    }),
    getShopPage: build.query<ShopPage, ShopPageName>({
      query: (page) => `/shop/pages/${page}`,
      providesTags: ['Shop'],
    }),
    getDeliveryDays: build.query<DeliveryDaysList, void>({
      query: () => '/shipping/delivery-days',
      providesTags: ['Shipping'],
    }),
  }),
});

export const { useGetShopDetailsQuery, useGetShopPageQuery, useGetDeliveryDaysQuery } = shopApi;
