import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** Builds a statement's text as drizzle's own dialect does for `db.execute` (no casing is configured). */
const dialect = new PgDialect();

/**
 * Runs `query` as a named statement: PostgreSQL parses it once per connection and, after five runs, keeps a generic
 * plan when that is no dearer than the ones made for the values (PGlite ignores the name). The name is a digest of
 * the text, so one name always carries one text. Every connection keeps each text it was sent for its life, so
 * only a query written in a few texts belongs here, not one whose text grows with its input.
 */
export async function executeNamed<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
  const prepared = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    built,
    undefined,
    name,
    false,
  );
  return (await prepared.execute()).rows;
}
