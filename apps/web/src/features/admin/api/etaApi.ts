import type {
  EtaProductCode,
  EtaReceipt,
  EtaReceiptsPage,
  EtaReceiptsQuery,
  EtaSettings,
  EtaSettingsAnswer,
} from '@shop/contracts';
import { api } from '../../../api/apiSlice';

/** The dashboard's e-receipts: the seller's settings, the receipts and their states, resending, product codes. */
export const etaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEtaSettings: build.query<EtaSettingsAnswer, void>({
      query: () => '/admin/settings/eta',
    }),
    saveEtaSettings: build.mutation<EtaSettingsAnswer, EtaSettings>({
      query: (body) => ({ url: '/admin/settings/eta', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(etaApi.util.upsertQueryData('getEtaSettings', undefined, data));
      },
    }),
    getEtaReceipts: build.query<EtaReceiptsPage, Partial<EtaReceiptsQuery>>({
      query: (params) => ({ url: '/admin/eta/receipts', params }),
      providesTags: ['EtaReceipt'],
    }),
    resendEtaReceipt: build.mutation<EtaReceipt, number>({
      query: (id) => ({ url: `/admin/eta/receipts/${id}/resend`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['EtaReceipt']),
    }),
    getEtaProductCode: build.query<EtaProductCode, string>({
      query: (id) => `/admin/eta/products/${id}`,
    }),
    saveEtaProductCode: build.mutation<EtaProductCode, { id: string; code: EtaProductCode }>({
      query: ({ id, code }) => ({ url: `/admin/eta/products/${id}`, method: 'PUT', body: code }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(etaApi.util.upsertQueryData('getEtaProductCode', id, data));
      },
    }),
  }),
});

export const {
  useGetEtaSettingsQuery,
  useSaveEtaSettingsMutation,
  useGetEtaReceiptsQuery,
  useResendEtaReceiptMutation,
  useGetEtaProductCodeQuery,
  useSaveEtaProductCodeMutation,
} = etaApi;
