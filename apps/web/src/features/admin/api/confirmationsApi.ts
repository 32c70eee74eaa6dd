import type {
  CodReport,
  ReportPeriod,
  CodSettings,
  ConfirmationClaim,
  ConfirmationOutcomeInput,
  ConfirmationQueue,
  PhoneRecord,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';
import { errorStatus } from '../../../api/errors';

/**
 * Cash on delivery: the agents' queue of cash orders to confirm, the phones' records, the report, and the shop's cash
 * rules.
 */
export const confirmationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfirmations: build.query<ConfirmationQueue, void>({
      query: () => '/admin/confirmations',
      providesTags: ['Confirmation'],
    }),
    claimConfirmation: build.mutation<ConfirmationClaim, string>({
      query: (orderId) => ({ url: `/admin/confirmations/${encodeURIComponent(orderId)}/claim`, method: 'POST' }),
      // A 409 (another agent took it) is news too: the queue shows who holds it.
      invalidatesTags: ['Confirmation'],
    }),
    recordConfirmation: build.mutation<null, { orderId: string; body: ConfirmationOutcomeInput }>({
      query: ({ orderId, body }) => ({
        url: `/admin/confirmations/${encodeURIComponent(orderId)}/outcome`,
        method: 'POST',
        body,
      }),
      // A 403 says the member's role no longer allows the outcome: their permissions are read again with the queue.
      invalidatesTags: (_result, error) => [
        'Confirmation',
        { type: 'Order', id: LIST },
        ...(errorStatus(error) === 403 ? (['Staff'] as const) : []),
      ],
    }),
    getPhoneRecord: build.query<PhoneRecord, string>({
      query: (phone) => `/admin/phone-records/${encodeURIComponent(phone)}`,
    }),
    getCodReport: build.query<CodReport, ReportPeriod>({
      query: (period) => ({ url: '/admin/reports/cod', params: period }),
      providesTags: [{ type: 'Order', id: LIST }],
    }),
    getCodSettings: build.query<CodSettings, void>({
      query: () => '/admin/settings/cod',
    }),
    saveCodSettings: build.mutation<CodSettings, CodSettings>({
      query: (body) => ({ url: '/admin/settings/cod', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(confirmationsApi.util.upsertQueryData('getCodSettings', undefined, data));
      },
    }),
  }),
});

export const {
  useGetConfirmationsQuery,
  useClaimConfirmationMutation,
  useRecordConfirmationMutation,
  useGetPhoneRecordQuery,
  useGetCodReportQuery,
  useGetCodSettingsQuery,
  useSaveCodSettingsMutation,
} = confirmationsApi;
