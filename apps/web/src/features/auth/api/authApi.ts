import type {
  LoginInput,
  PasswordPairInput,
  PhoneStartInput,
  PhoneVerifyAnswer,
  PhoneVerifyInput,
  RegisterInput,
  Session,
} from '@shop/contracts';
import { api } from '../../../api/apiSlice';
import { signedIn } from '../sessionSlice';

interface Message {
  message: string;
}
interface ResetLink {
  id: string;
  token: string;
}

/**
 * A new session becomes the store's session as soon as the server issues it; a phone code's answer may instead ask
 * the name of the account to make, and then nobody is signed in yet.
 */
export async function startSession(
  dispatch: (action: ReturnType<typeof signedIn>) => unknown,
  queryFulfilled: Promise<{ data: Session | PhoneVerifyAnswer }>,
) {
  try {
    const { data } = await queryFulfilled;
    if (!('nameNeeded' in data)) dispatch(signedIn(data));
  } catch {
    // The form shows the failure from the mutation's own state.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Session, LoginInput>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => startSession(dispatch, queryFulfilled),
    }),
    register: build.mutation<Session, RegisterInput>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => startSession(dispatch, queryFulfilled),
    }),
    // The token goes with the request by name: the store has forgotten it by then (sessionListeners.ts).
    logout: build.mutation<null, string>({
      query: (token) => ({ url: '/user/logout', method: 'POST', headers: { 'x-access-token': token } }),
    }),
    startPhoneSignIn: build.mutation<Message, PhoneStartInput>({
      query: (body) => ({ url: '/auth/phone/start', method: 'POST', body }),
    }),
    verifyPhone: build.mutation<PhoneVerifyAnswer, PhoneVerifyInput>({
      query: (body) => ({ url: '/auth/phone/verify', method: 'POST', body }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => startSession(dispatch, queryFulfilled),
    }),
    forgotPassword: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/user/forgotPassword', method: 'POST', body }),
    }),
    checkResetLink: build.query<Message, ResetLink>({
      query: ({ id, token }) => `/user/password-reset/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
      // A reset link is single use: never answer from a cache.
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<Message, ResetLink & PasswordPairInput>({
      query: ({ id, token, ...body }) => ({
        url: `/user/password-reset/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useStartPhoneSignInMutation,
  useVerifyPhoneMutation,
  useForgotPasswordMutation,
  useCheckResetLinkQuery,
  useResetPasswordMutation,
} = authApi;
