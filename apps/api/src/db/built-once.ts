import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** What drizzle's sessions and prepared statements hold of their connection (node-postgres' and PGlite's alike). */
interface OnConnection {
  client: unknown;
}

const holdsConnection = (value: object): value is OnConnection => 'client' in value;

function connectionOf(db: DbOrTx): unknown {
  const session: object = db._.session;
  if (!holdsConnection(session)) throw new Error("drizzle's session no longer names its connection `client`");
  return session.client;
}

/**
 * A statement whose SQL text is built once. drizzle builds a statement's text from its builder every time one is
 * run (a fifth of an API process's time under the order benchmark); `build` makes the statement once, with
 * `sql.placeholder` for every value that varies and `.prepare(name)` at the end, and each call hands back that
 * statement on the connection asked for: the pool, or a transaction's. One statement is built per driver
 * (node-postgres or PGlite), keyed by the session's class, since a process may hold both (tests, restores).
 */
export function builtOnce<Statement extends object>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const built = new Map<unknown, Statement>();
  return (db) => {
    const driver: unknown = Object.getPrototypeOf(db._.session);
    let statement = built.get(driver);
    if (!statement) {
      statement = build(db);
      if (!holdsConnection(statement))
        throw new Error("drizzle's prepared statement no longer names its connection `client`");
      built.set(driver, statement);
    }
    // The built statement stays as it was made; each call gets a view of it that runs on its own connection.
    const bound = Object.create(statement) as Statement & OnConnection;
    bound.client = connectionOf(db);
    return bound;
  };
}

/** A placeholder for each of `names`, filled by the value of that name: a statement's values written once. */
export function placeholders<const Name extends string>(names: readonly Name[]): Record<Name, Placeholder<Name>> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<Name, Placeholder<Name>>;
}

/** Builds a statement's text as drizzle's own dialect does for `db.execute` (no casing is configured). */
const dialect = new PgDialect();

/** Values by placeholder name. */
export type Values = Record<string, unknown>;

/**
 * A raw statement's text and values, prepared on `db`'s connection. Unnamed: on PostgreSQL the pool names it once
 * it repeats (nameRepeatedStatements).
 */
const prepareRaw = <Row>(db: DbOrTx, query: Query) =>
  db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    query,
    undefined,
    undefined,
    false,
  );

/** Runs raw SQL written with `sql.placeholder` (which `db.execute` does not fill) with `values`, built on this call. */
export async function executeWith<Row>(db: DbOrTx, statement: SQL, values: Values): Promise<Row[]> {
  return (await prepareRaw<Row>(db, dialect.sqlToQuery(statement)).execute(values)).rows;
}

/**
 * Raw SQL built once (by `build`, with `sql.placeholder` for what varies), which drizzle's `.prepare` cannot take:
 * for a statement of a few texts run on every request.
 */
export function rawBuiltOnce<Row>(build: () => SQL): (db: DbOrTx, values: Values) => Promise<Row[]> {
  const statement = builtOnce((db) => prepareRaw<Row>(db, dialect.sqlToQuery(build())));
  return async (db, values) => (await statement(db).execute(values)).rows;
}
