import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isRecord } from '../lib/guards';

export type ApiError = FetchBaseQueryError | SerializedError;

/** The server's `{ message }` when there is one, otherwise what the client knows about the failure. */
export function errorMessage(error: ApiError | undefined): string | null {
  if (!error) return null;
  if ('status' in error) {
    if (isRecord(error.data) && typeof error.data.message === 'string') return error.data.message;
    if ('error' in error) return error.error;
    return `HTTP ${String(error.status)}`;
  }
  return error.message ?? null;
}

export function errorStatus(error: ApiError | undefined): number | null {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : null;
}
