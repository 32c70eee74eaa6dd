import type {
  DeviceSession,
  PasswordPairInput,
  PhoneProofInput,
  PhoneProven,
  PhoneStartInput,
  Session,
  UpdateUserInput,
  User,
} from '@shop/contracts';
import { api } from '../../../api/apiSlice';
import { tokenRenewed, userUpdated } from '../../auth';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sends only the changed fields; the answer updates the stored user. */
    updateUser: build.mutation<{ user: User }, UpdateUserInput>({
      query: (body) => ({ url: '/user', method: 'PUT', body }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          dispatch(userUpdated((await queryFulfilled).data.user));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    /** A password change invalidates earlier tokens, so the new one replaces ours. */
    changePassword: build.mutation<Session & { message: string }, PasswordPairInput>({
      query: (body) => ({ url: '/user/password', method: 'PUT', body }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(tokenRenewed({ token: data.token, expiration: data.expiration }));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    /** A code to the mobile the account is to prove, sent as phone sign-in's are. */
    sendPhoneCode: build.mutation<{ message: string }, PhoneStartInput>({
      query: (body) => ({ url: '/user/phone/code', method: 'POST', body }),
    }),
    /** The code proves the mobile: the answer's user (its proven mobile) becomes the stored user. */
    provePhone: build.mutation<PhoneProven, PhoneProofInput>({
      query: (body) => ({ url: '/user/phone', method: 'PUT', body }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          dispatch(userUpdated((await queryFulfilled).data.user));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    /** The devices the account is signed in on, this one first. */
    sessions: build.query<DeviceSession[], void>({
      query: () => '/user/sessions',
      transformResponse: (answer: { sessions: DeviceSession[] }) => answer.sessions,
      providesTags: ['Session'],
    }),
    /** Signed out or not found (already signed out), the list is read again. */
    signOutDevice: build.mutation<null, string>({
      query: (id) => ({ url: `/user/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Session'],
    }),
    signOutEverywhere: build.mutation<null, void>({
      query: () => ({ url: '/user/logout/everywhere', method: 'POST' }),
    }),
    deleteAccount: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/user', method: 'DELETE' }),
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useChangePasswordMutation,
  useSendPhoneCodeMutation,
  useProvePhoneMutation,
  useSessionsQuery,
  useSignOutDeviceMutation,
  useSignOutEverywhereMutation,
  useDeleteAccountMutation,
} = accountApi;
