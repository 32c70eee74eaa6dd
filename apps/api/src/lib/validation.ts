import type { z } from 'zod';
import { say, idSchema, type Said } from '@shop/contracts';
import { HttpError } from './errors.js';

/** Zod's own text, for a rule the shop gave no message: the one plain text an answer may carry (lib/errors.ts). */
export type ZodText = string & { readonly __zodText: true };
/** Field → message: by key (`say.…`), so it reaches the reader in their language; never a plain string. */
export type FieldErrors = Record<string, Said | ZodText>;

/** Field → first message, keyed like plugins/errors.ts keys schema errors, so every 400 has one shape. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  // The contracts' rules carry messages by key; any other is zod's own.
  for (const issue of error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message as Said | ZodText;
  return errors;
}

/** 400 `{ message, errors }`, the message being the first field's. */
export function invalid(errors: FieldErrors): HttpError {
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
