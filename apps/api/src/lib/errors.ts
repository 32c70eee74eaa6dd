import { API_MSG, NOT_FOUND, type NotFoundSubject } from '@shop/contracts';

/** An error with an HTTP status and a user-facing message; anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { message, errors } : undefined);
export const unauthorized = (message: string = API_MSG.signIn) => new HttpError(401, message);
export const forbidden = (message: string = API_MSG.notAllowed) => new HttpError(403, message);
export const notFound = (what: NotFoundSubject = 'Resource') => new HttpError(404, NOT_FOUND[what]);
export const conflict = (message: string, body?: unknown) => new HttpError(409, message, body);
