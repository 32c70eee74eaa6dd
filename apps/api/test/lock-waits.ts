import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { asAnotherClient } from './nested-connections.js';

/** Connections of this test's database waiting for a lock another transaction holds. */
const waitingOnLocks = async (db: Db) =>
  Number(
    (
      await db.execute<{ n: string }>(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0]?.n,
  );

/**
 * Waits until `n` connections wait on a lock: the requests a race test sent so far are inside their transactions,
 * stopped at the row it holds. PostgreSQL only (PGlite runs one transaction at a time).
 */
export const untilWaiting = (db: Db, n: number) =>
  expect
    .poll(() => asAnotherClient(() => waitingOnLocks(db)), { timeout: 30_000, interval: 20 })
    .toBeGreaterThanOrEqual(n);
