import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isRecord } from '../lib/guards';

export type ApiError = FetchBaseQueryError | SerializedError;

/** What RTK Query's `unwrap()` throws: a failed request's error (anything else is a bug, passed on as unknown). */
export const isApiError = (error: unknown): error is ApiError =>
  isRecord(error) && ('status' in error || 'message' in error);

/**
 * The server's `{ message }` (already in the reader's language), or null when it gave none: a network failure, a
 * time-out, a proxy's HTML page or a status without a body only have the fetch library's English to tell, so the
 * caller shows its own translated text instead.
 */
export function errorMessage(error: ApiError | undefined): string | null {
  return error && 'status' in error && isRecord(error.data) && typeof error.data.message === 'string'
    ? error.data.message
    : null;
}

export function errorStatus(error: ApiError | undefined): number | null {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

/** What to say of a request: nothing if it did not fail, else the server's reason or the caller's translated `fallback`. */
export const failureText = (error: ApiError | undefined, fallback: string): string | null =>
  error ? (errorMessage(error) ?? fallback) : null;
