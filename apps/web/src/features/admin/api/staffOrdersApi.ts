import type {
  PhoneCustomer,
  StaffOrderBill,
  StaffOrderCreateInput,
  StaffOrderPlaced,
  StaffOrderQuoteInput,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

/** Orders staff take by phone or chat: the customer a mobile reaches, the price before placing, and placing it. */
export const staffOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomerByPhone: build.query<PhoneCustomer, string>({
      query: (phone) => `/admin/customers/by-phone/${encodeURIComponent(phone)}`,
    }),
    // A read, though sent as a POST: the lines travel in its body.
    quoteStaffOrder: build.query<StaffOrderBill, StaffOrderQuoteInput>({
      query: (body) => ({ url: '/admin/orders/quote', method: 'POST', body }),
    }),
    placeStaffOrder: build.mutation<StaffOrderPlaced, StaffOrderCreateInput>({
      query: (body) => ({ url: '/admin/orders', method: 'POST', body }),
      // The new order joins the lists, and its products' stock changed.
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'Order', id: LIST },
              { type: 'Product', id: LIST },
            ],
    }),
  }),
});

export const { useLazyGetCustomerByPhoneQuery, useQuoteStaffOrderQuery, usePlaceStaffOrderMutation } = staffOrdersApi;
