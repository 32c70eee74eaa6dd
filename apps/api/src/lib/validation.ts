import type { z } from 'zod';
import { say, idSchema } from '@shop/contracts';
import { HttpError } from './errors.js';

/** Field → first message, keyed like plugins/errors.ts keys schema errors, so every 400 has one shape. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return errors;
}

/** 400 `{ message, errors }`, the message being the first field's. */
export function invalid(errors: Record<string, string>): HttpError {
  const message = Object.values(errors)[0] ?? say.api.invalidInput;
  return new HttpError(400, message, { message, errors });
}

/** Validates input that skipped Fastify's schema step (multipart fields). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** Ids are UUIDs: a malformed one names nothing, so callers answer it like an unknown id. */
export const isId = (value: string): boolean => idSchema.safeParse(value).success;
