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

/** The error and everything behind it: drizzle wraps driver errors in `cause`, Node's multi-address connect in AggregateError. */
export function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    yield err;
    queue.push(err.cause, ...(Array.isArray(err.errors) ? (err.errors as unknown[]) : []));
  }
}

/**
 * The database cannot be reached or is going away: PostgreSQL's class 08 (connection exceptions), 57P0x (shutdown,
 * start-up), 53300 (too many connections), and the socket errors node-postgres passes on.
 */
const CONNECTION_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres (and pg-pool, and PGlite) say, without a code, when the connection is gone:
 * "Connection terminated unexpectedly", "timeout exceeded when trying to connect", "Client has
 * encountered a connection error and is not queryable", "Cannot use a pool after calling end on the
 * pool" (shutting down), "PGlite is closed".
 */
const CONNECTION_LOST =
  /connection terminated|timeout exceeded when trying to connect|not queryable|after calling end on the pool|query read timeout|pglite is closed/i;

/** The statement lost a race it can simply retry: serialization failure, deadlock, lock timeout, statement timeout. */
const RETRY_CODES = new Set(['40001', '40P01', '55P03', '57014']);

/** The database is unreachable, restarting or shutting down: worth trying again once it is back. */
export function isConnectionError(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

/** A request that failed on this can be sent again in a moment (a 503 with Retry-After). */
export function isTryAgainLater(err: unknown): boolean {
  if (isConnectionError(err)) return true;
  for (const e of errorChain(err)) if (typeof e.code === 'string' && RETRY_CODES.has(e.code)) return true;
  return false;
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
