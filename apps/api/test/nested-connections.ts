import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool } from 'pg';
import type { Db } from '../src/db/client.js';
import { holdsConnection } from '../src/db/transaction.js';

/**
 * Makes code that asks the pool for a connection while its transaction holds one fail at once, in the tests. Such
 * code waits for a second connection while keeping the first: with as many requests doing it at once as the pool has
 * connections, none gets one, and all wait until the pool gives up. The shop's pools are small
 * (docs/decisions/connection-pool.md), so that takes a few requests, where the tests' pool would hide it.
 */
export function forbidNestedConnections(db: Db) {
  // drizzle() gives its database the pool as $client; the Db type leaves it out.
  const pool = (db as Db & { $client: Pool }).$client;
  const connect = pool.connect.bind(pool);
  pool.connect = ((...args: Parameters<Pool['connect']>) => {
    if (holdsConnection() && !anotherClient.getStore())
      throw new Error('a connection was asked of the pool inside a transaction: use its own handle (tx)');
    return connect(...args);
  }) as Pool['connect'];
}

const anotherClient = new AsyncLocalStorage<true>();

/** Runs `work` as another client would, with connections of its own, from inside a test's transaction. */
export const asAnotherClient = <T>(work: () => Promise<T>): Promise<T> =>
  anotherClient.run(true, async () => await work());
