import type { Product } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFavourites: build.query<Product[], void>({
      query: () => '/favourite',
    }),
    addFavourite: build.mutation<unknown, string>({
      query: (productId) => ({ url: `/favourite/${encodeURIComponent(productId)}`, method: 'POST' }),
    }),
    removeFavourite: build.mutation<unknown, string>({
      query: (productId) => ({ url: `/favourite/${encodeURIComponent(productId)}`, method: 'DELETE' }),
    }),
  }),
});
