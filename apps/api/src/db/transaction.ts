import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import type { Db, Tx } from './client.js';
import { isConnectionError } from '../lib/db-errors.js';

/** Each pooled connection's drizzle, made once: making one reads the whole schema's relations. */
const onConnection = new WeakMap<pg.PoolClient, Db>();

/** Set while a transaction's work runs on a connection of the pool. */
const holding = new AsyncLocalStorage<true>();

/**
 * Whether the caller runs inside a transaction that holds one of the pool's connections. Asking the pool for another
 * there waits for a connection while keeping one: with as many requests doing it as the pool has connections, none
 * gets one (the tests fail such code at once: test/nested-connections.ts).
 */
export const holdsConnection = (): boolean => holding.getStore() === true;

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws; `tx` in nested calls takes
 * savepoints, as drizzle's does. On PostgreSQL the connection is taken from the pool and given back here, not by
 * drizzle: its `db.transaction` sends BEGIN before the `try` that gives the connection back, so a connection lost
 * just as a transaction began (a restart, a failover) stayed checked out for good, and a few such losses left the
 * process waiting for connections it no longer had (drizzle-orm issues 6241, 6341). A connection whose loss failed
 * the transaction is given back as broken, so the pool closes it rather than lend it again.
 */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  const pool: unknown = '$client' in db ? db.$client : undefined;
  if (!(pool instanceof pg.Pool)) return db.transaction(work, config);
  const connection = await pool.connect();
  let lost: Error | undefined;
  try {
    let session = onConnection.get(connection);
    if (!session) {
      session = drizzle(connection, { schema });
      onConnection.set(connection, session);
    }
    return await holding.run(true, () => session.transaction(work, config));
  } catch (err) {
    if (isConnectionError(err)) lost = err as Error;
    throw err;
  } finally {
    connection.release(lost);
  }
}
