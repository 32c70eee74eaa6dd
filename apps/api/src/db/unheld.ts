import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * Deletes the rows of `table` that `where` picks and no other transaction holds, waiting for none of them: tidying
 * done in passing by a request neither waits for, nor deadlocks with, the requests using those rows (a held row is
 * left for the next tidy).
 */
export function deleteUnheld(tx: DbOrTx, table: PgTable & { id: PgColumn }, where: SQL | undefined) {
  const unheld = tx.select({ id: table.id }).from(table).where(where).for('update', { skipLocked: true });
  return tx.delete(table).where(inArray(table.id, unheld));
}
