import { LIST } from '../../../api/apiSlice';
import type { Banner, BannerInput } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

/** Every write drops the dashboard's list and the home's banners (a storefront tab of the same app). */
const written = (_result: unknown, error: unknown) => (error ? [] : [{ type: 'Banner' as const, id: LIST }]);

/** The dashboard's home banners: the list, writing, ordering and deleting one, uploading a picture. */
export const bannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBanners: build.query<Banner[], void>({
      query: () => '/admin/banners',
      providesTags: [{ type: 'Banner', id: LIST }],
    }),
    createBanner: build.mutation<Banner, BannerInput>({
      query: (body) => ({ url: '/admin/banners', method: 'POST', body }),
      invalidatesTags: written,
    }),
    updateBanner: build.mutation<Banner, { id: string; banner: BannerInput }>({
      query: ({ id, banner }) => ({ url: `/admin/banners/${encodeURIComponent(id)}`, method: 'PUT', body: banner }),
      invalidatesTags: written,
    }),
    deleteBanner: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/admin/banners/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: written,
    }),
    orderBanners: build.mutation<Banner[], string[]>({
      query: (ids) => ({ url: '/admin/banners/order', method: 'PUT', body: { ids } }),
      invalidatesTags: written,
    }),
    /** Multipart: one png or jpeg in `img`; answers where it is kept, for the form to send with the banner. */
    uploadBannerPicture: build.mutation<{ path: string }, FormData>({
      query: (form) => ({ url: '/admin/banners/picture', method: 'POST', body: form }),
    }),
  }),
});

export const {
  useGetBannersQuery,
  useCreateBannerMutation,
  useUpdateBannerMutation,
  useDeleteBannerMutation,
  useOrderBannersMutation,
  useUploadBannerPictureMutation,
} = bannersApi;
