import { createHash } from 'node:crypto';
import { fillPlaceholders, SQL, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';

/**
 * Texts named at most in a process: each costs every connection that runs it its parse tree and plan (up to half a
 * megabyte for a search), and texts made from a list's length (a brand filter of one, two, three brands) must not
 * grow that for ever. The first ones met are named; the others go unnamed.
 */
const MAX_NAMED = 48;
const named = new Set<string>();

/**
 * A name for a statement of `text`: a digest of it, so one name always carries one text, in every process and on
 * every connection; none once MAX_NAMED texts have one.
 */
export function statementName(text: string): string | undefined {
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  if (named.has(name)) return name;
  if (named.size >= MAX_NAMED) return undefined;
  named.add(name);
  return name;
}

/** Writes statements as drizzle's own dialect does for `db.execute` (no casing is configured). */
const dialect = new PgDialect();

/**
 * A statement's text and parameters, written once: `sql.placeholder` stands for each value that varies, filled on
 * each run by executeNamed. Writing a search's text was a tenth of an API process's time under the search mix.
 */
export const queryOf = (statement: SQL): Query => dialect.sqlToQuery(statement);

/**
 * Runs a statement (its values bound parameters, or placeholders filled from `values`) as a statement named by its
 * text, through node-postgres' public query configuration `{ name, text, values }` on the pool: PostgreSQL parses and
 * plans it once per connection instead of on every call, which had been 7 of a filtered category's 9 ms in the
 * database. On PGlite, one connection in the process, it runs unnamed.
 */
export async function executeNamed<Row extends pg.QueryResultRow>(
  db: Db,
  statement: SQL | Query,
  values: Record<string, unknown> = {},
): Promise<Row[]> {
  const { sql: text, params } = statement instanceof SQL ? queryOf(statement) : statement;
  const filled = fillPlaceholders(params, values);
  const client: unknown = '$client' in db ? db.$client : undefined;
  if (client instanceof pg.Pool)
    return (await client.query<Row>({ name: statementName(text), text, values: filled })).rows;
  // Not the pool: the database is PGlite's (a transaction has no client of its own, and is not taken here).
  return (await (client as PGlite).query<Row>(text, filled)).rows;
}
