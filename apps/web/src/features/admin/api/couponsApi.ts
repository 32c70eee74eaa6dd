import type { Coupon, CouponInput, CouponUse } from '@shop/contracts';
import { api } from '../../../api/apiSlice';

/** The dashboard's coupons: the list, writing one, pausing it, and the orders that used it. */
export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCoupons: build.query<Coupon[], void>({
      query: () => '/admin/coupons',
      providesTags: ['Coupon'],
    }),
    createCoupon: build.mutation<Coupon, CouponInput>({
      query: (body) => ({ url: '/admin/coupons', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Coupon']),
    }),
    updateCoupon: build.mutation<Coupon, { id: string; coupon: CouponInput }>({
      query: ({ id, coupon }) => ({ url: `/admin/coupons/${id}`, method: 'PUT', body: coupon }),
      invalidatesTags: (_result, error) => (error ? [] : ['Coupon']),
    }),
    pauseCoupon: build.mutation<Coupon, { id: string; paused: boolean }>({
      query: ({ id, paused }) => ({ url: `/admin/coupons/${id}`, method: 'PATCH', body: { paused } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Coupon']),
    }),
    getCouponUses: build.query<CouponUse[], string>({
      query: (id) => `/admin/coupons/${id}/uses`,
      providesTags: ['Coupon'],
    }),
  }),
});

export const {
  useGetCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  usePauseCouponMutation,
  useGetCouponUsesQuery,
} = couponsApi;
