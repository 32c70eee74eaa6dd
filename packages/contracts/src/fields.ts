import { z } from 'zod';
import { say } from './said.js';
import { MAX_PRICE, toPiastres } from './money.js';

/** An answer that is only words (the spec's `{ message }`): a refusal's reason, or what was done. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (message: string = say.msg.requiredField, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, say.rule.atMostCharacters(max));

/**
 * An optional text field (the Arabic name or description of catalogue content): trimmed and bounded;
 * left empty, it is null, so the storefront falls back to the other language.
 */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, say.rule.atMostCharacters(max))
    .nullish()
    .transform((value) => value || null);

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A required number that may arrive as a string (HTML inputs, multipart fields):
 * missing → 'Required Field'; not a number → '{field} must be a `number` type'.
 */
export const requiredNumber = (field: string) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' ? Number(v.trim()) : v;
    },
    z.number({
      error: (issue) => (issue.input === undefined ? say.msg.requiredField : say.msg.mustBeNumber(field)),
    }),
  );

/** A boolean that may arrive as 'true' / 'false' (multipart, selects). */
export const requiredBoolean = () =>
  z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : emptyToUndefined(value)),
    z.boolean({ error: say.msg.requiredField }),
  );

/** Ids are UUIDs in the database; anything else is an unknown id. */
export const idSchema = z.string().uuid(say.rule.invalidId);

/** A filter left empty in the dashboard's form arrives as '' and means 'any'. */
export const anyWhenBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** A query-string flag: `true` or `false`, read as a boolean. */
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** How many of something an answer counts. */
export const countSchema = z.number().int().min(0);

/** A list's page in the address, 1 when absent. */
export const pageQuery = z.coerce.number().int().min(1).max(100_000).default(1);

/** A price in EGP: positive, bounded. */
export const money = (field: string) =>
  requiredNumber(field).pipe(
    z.number().positive(say.rule.mustBePositive(field)).max(MAX_PRICE, say.rule.tooLarge(field)),
  );

/** A price that may be left out: empty or absent, it is null. */
export const optionalMoney = (field: string) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), money(field).nullable());

/**
 * Whether a price before a sale fails to stand above the price, compared in the piastres both are stored in (so two
 * prices that round alike are refused by the rules, not by the database).
 */
export const saleNotAbovePrice = (item: { price: number; compareAtPrice: number | null }): boolean =>
  item.compareAtPrice !== null && toPiastres(item.compareAtPrice) <= toPiastres(item.price);

/** A count of units: whole, not negative, bounded. */
export const count = (field: string) =>
  requiredNumber(field).pipe(
    z
      .number()
      .int(say.rule.mustBeWhole(field))
      .min(0, say.rule.cannotBeNegative(field))
      .max(1_000_000, say.rule.tooLarge(field)),
  );

/** A count that may be left out: empty or absent, it is undefined. */
export const optionalCount = (field: string) => z.preprocess(emptyToUndefined, count(field).optional());
