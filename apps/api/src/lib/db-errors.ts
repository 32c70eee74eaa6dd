import type { HttpError } from './errors.js';

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Raised by take_ordered_stock (db/sql/stock.sql) when an order commits. */
export const NOT_ENOUGH_STOCK = 'SK001';
export const PRODUCT_CHANGED = 'SK002';
export const DEADLOCK_DETECTED = '40P01';

/** ON DELETE RESTRICT: PostgreSQL 18 (PGlite) reports it as 23001, PostgreSQL 15 as 23503. */
const RESTRICT_VIOLATION = '23001';

/** The Postgres error code of a failed query; drizzle wraps driver errors, so the cause is read too. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string')
      return e.code === RESTRICT_VIOLATION ? FOREIGN_KEY_VIOLATION : e.code;
  }
  return undefined;
}

/**
 * For `.catch()` on a query: turns the listed Postgres errors into the given HTTP errors (a clearer
 * message than plugins/errors.ts's generic one) and rethrows anything else unchanged.
 */
export function mapDbError(byCode: Partial<Record<string, HttpError>>) {
  return (err: unknown): never => {
    const code = pgCode(err);
    throw (code && byCode[code]) || err;
  };
}
