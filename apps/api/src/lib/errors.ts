import { say, type NotFoundSubject, type Said } from '@shop/contracts';

/**
 * An error with an HTTP status and a user-facing message, by key: it is rendered in the asker's
 * language as it leaves (plugins/language.ts). Only a validation error carries a plain text, zod's own
 * for a rule the shop wrote no message for. Anything else thrown becomes a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: Said | string,
    readonly body?: unknown,
    /** Seconds the client is to wait before asking again: the answer's Retry-After (plugins/errors.ts). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A 429 that says how long to wait; `body` repeats it where the client reads the wait from the answer. */
export const tooManyRequests = (message: Said, seconds: number, body?: unknown) =>
  new HttpError(429, message, body, seconds);

export const badRequest = (message: Said, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { message, errors } : undefined);
export const unauthorized = (message: Said = say.api.signIn) => new HttpError(401, message);
export const forbidden = (message: Said = say.api.notAllowed) => new HttpError(403, message);
export const notFound = (what: NotFoundSubject = 'Resource') => new HttpError(404, say.notFound[what]);
export const conflict = (message: Said, body?: unknown) => new HttpError(409, message, body);
