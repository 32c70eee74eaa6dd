import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { say, type Said } from '@shop/contracts';
import { HttpError } from '../lib/errors.js';
import { errorChain, isTryAgainLater } from '../lib/db-errors.js';

const UNAVAILABLE = { status: 503, message: say.api.unavailable } as const;

/** Postgres error codes that are the client's fault, never a 500. */
function fromCode(code: unknown): { status: number; message: string } | null {
  switch (code) {
    case '23505':
      return { status: 409, message: say.api.alreadyExists };
    // PostgreSQL 18 (PGlite) reports an ON DELETE RESTRICT violation as 23001, PostgreSQL 15 as 23503.
    case '23503':
    case '23001':
      return { status: 409, message: say.api.stillInUse };
    case '23514':
      return { status: 409, message: say.api.breaksRule };
    case '22P02':
    case '22003':
    case '22001':
    case '22021':
      return { status: 400, message: say.api.invalidInput };
    default:
      return null;
  }
}

/** A passing outage (the database unreachable, restarting, or a race to retry) is a 503; the client's faults are 4xx. */
function fromDatabase(error: unknown): { status: number; message: string } | null {
  if (isTryAgainLater(error)) return UNAVAILABLE;
  for (const e of errorChain(error)) {
    const known = fromCode(e.code);
    if (known) return known;
  }
  return null;
}

function fieldErrors(
  issues: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[],
) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
      '_';
    errors[path] ??= issue.message ?? say.api.invalidValue;
  }
  return errors;
}

/** Fastify's own refusals of a body, by their codes: each with the shop's message for it. */
const FASTIFY_REFUSALS: Record<string, Said> = {
  FST_ERR_CTP_INVALID_JSON_BODY: say.api.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: say.api.emptyJson,
  FST_ERR_CTP_BODY_TOO_LARGE: say.api.bodyTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: say.api.contentLengthMismatch,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: say.api.unsupportedMediaType,
};

/** Every error leaves as JSON `{ message, errors? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.code(error.statusCode).send(error.body ?? { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? say.api.invalidInput;
      return reply.code(400).send({ message: first, errors });
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported type) before anything that merely looks like a database error.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const known = Object.hasOwn(FASTIFY_REFUSALS, error.code) ? FASTIFY_REFUSALS[error.code] : undefined;
      return reply.code(error.statusCode).send({ message: known ?? error.message });
    }
    const db = fromDatabase(error);
    if (db) {
      if (db.status === 503) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
      }
      return reply.code(db.status).send({ message: db.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: say.api.serverError });
  });
});
