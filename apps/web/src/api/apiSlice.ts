import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { QUERY_CACHE_SECONDS } from '@shop/contracts';
import { i18n } from '../i18n';
import { cacheFromPage } from './pageCache';

/**
 * Dispatched when the API answers 401 to a request that carried a token: the session is over
 * (expired, password changed elsewhere, account deleted), so the session slice signs the user out.
 * It lives here, not in the auth feature, so that the API layer depends on no feature.
 */
export const sessionRejected = createAction('api/sessionRejected');

/** The only part of the store the API layer reads. */
interface TokenState {
  session: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as TokenState).session;
    if (token) headers.set('x-access-token', token);
    // The API answers its validation and error messages in the shopper's language.
    headers.set('accept-language', i18n.language);
    return headers;
  },
});

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/** What a store may bring its thunks: on the server, a way to the API other than the browser's fetch. */
export interface StoreExtra {
  baseQuery?: ApiBaseQuery;
}

/**
 * The cache of a page the server rendered, taken over by the browser's store before it hydrates the
 * page, so the first render finds the same data the server's did.
 */
export const serverPageLoaded = createAction<unknown>('api/serverPageLoaded');

const baseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  const hadToken = Boolean((api.getState() as TokenState).session.token);
  const raw = (api.extra as StoreExtra | undefined)?.baseQuery ?? rawBaseQuery;
  const result = await raw(args, api, extraOptions);
  if (hadToken && result.error?.status === 401) api.dispatch(sessionRejected());
  return result;
};

/** One API slice; each feature injects its endpoints (features/<name>/api). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Product',
    'Department',
    'Category',
    'Cart',
    'Review',
    'Order',
    'Shipping',
    'Coupon',
    'Staff',
    'EtaReceipt',
    'Synonyms',
    'Confirmation',
    'Shop',
    'Banner',
    'Session',
  ],
  keepUnusedDataFor: QUERY_CACHE_SECONDS,
  extractRehydrationInfo: (action, { reducerPath }) => {
    if (!serverPageLoaded.match(action)) return undefined;
    const cache = (action.payload as Record<string, never>)[reducerPath];
    return cache && cacheFromPage(cache);
  },
  endpoints: () => ({}),
});

/** The tag that stands for "every list of this type", invalidated when any member changes. */
export const LIST = 'LIST';
