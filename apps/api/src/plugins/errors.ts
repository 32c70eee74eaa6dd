import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';

interface PgLikeError {
  code?: string;
  constraint?: string;
}

/** Postgres error codes that are the client's fault or a passing outage, never a 500. */
function fromDatabase(err: PgLikeError): { status: number; message: string } | null {
  switch (err.code) {
    case '23505':
      return { status: 409, message: 'This already exists' };
    case '23503':
      return { status: 409, message: 'This is still in use or refers to something that does not exist' };
    case '23514':
      return { status: 409, message: 'This change would break a rule of the shop' };
    case '22P02':
    case '22003':
    case '22001':
    case '22021':
      return { status: 400, message: 'Invalid input' };
    case '57P01':
    case '57P03':
    case '08000':
    case '08003':
    case '08006':
    case 'ECONNREFUSED':
    case 'ECONNRESET':
      return { status: 503, message: 'The shop is briefly unavailable, please try again' };
    default:
      return null;
  }
}

function fieldErrors(issues: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    errors[path] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/** Every error leaves as JSON `{ message, errors? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & PgLikeError & { cause?: PgLikeError }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body ?? { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? 'Invalid input';
      return reply.code(400).send({ message: first, errors });
    }
    const db = fromDatabase(error) ?? (error.cause ? fromDatabase(error.cause) : null);
    if (db) {
      if (db.status === 503) request.log.warn({ err: error }, 'database unavailable');
      return reply.code(db.status).send({ message: db.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side' });
  });
});
