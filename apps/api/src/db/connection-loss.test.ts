import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from './client.js';
import { transaction } from './transaction.js';
import { isTryAgainLater } from '../lib/db-errors.js';
import { createPgDatabase } from '../../test/pg-database.js';
import { startPgProxy } from '../../test/security/server-process.js';

/**
 * PostgreSQL ending a connection (a restart, a failover, an idle-connection reaper) while the shop holds it: in a
 * transaction between two statements, or idle in the pool. The process lives on; the transaction fails with an error
 * the API answers 503; the pool opens a new connection for the next statement.
 */
const base = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(base))('a connection PostgreSQL ends (PostgreSQL)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  const warnings: string[] = [];
  beforeAll(async () => {
    if (!base) return;
    const created = await createPgDatabase(base);
    ({ url, drop } = created);
    database = await openDatabase({
      databaseUrl: url,
      poolMax: 3,
      log: { warn: (_details, message) => void warnings.push(message) },
    });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Ends backends of this database from a connection of its own, as an operator would. */
  async function terminate(where: string, pid?: number): Promise<number> {
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      const res = await killer.query(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and ${where}`,
        pid === undefined ? [] : [pid],
      );
      return (res.rows[0] as { n: number }).n;
    } finally {
      await killer.end();
    }
  }
  const backendPid = async (db: Pick<Database['db'], 'execute'>) =>
    (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid;

  it('in a transaction between two statements: the transaction fails as a passing outage, the next succeeds', async () => {
    const failed = await transaction(database.db, async (tx) => {
      const pid = await backendPid(tx);
      expect(await terminate('pid = $1', pid)).toBe(1);
      // The connection is checked out and idle in its transaction when the server ends it: the client's error
      // event fires with no statement running, which, unheard, would end this process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(isTryAgainLater(failed), String(failed)).toBe(true);
    expect(warnings.some((w) => /connection was lost/.test(w))).toBe(true);
    expect((await database.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('idle in the pool: every connection ended, the next statements get new ones', async () => {
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    expect(await terminate('true')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all([1, 2, 3].map(() => backendPid(database.db)));
    expect(answers.every((pid) => typeof pid === 'number')).toBe(true);
  });

  it('as a transaction begins: its connection goes back to the pool, and the next transactions have one', async () => {
    const target = new URL(url);
    const proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const one = await openDatabase({ databaseUrl: proxied.toString(), poolMax: 1, migrate: false });
    try {
      // The pool's only connection is idle, and the network drops it as BEGIN leaves: no error event warns first.
      await transaction(one.db, (tx) => tx.execute(sql`select 1`));
      proxy.cutOnNextMessage();
      const failed = await transaction(one.db, (tx) => tx.execute(sql`select 1`)).then(
        () => null,
        (err: unknown) => err,
      );
      expect(isTryAgainLater(failed), String(failed)).toBe(true);
      // Had the lost connection stayed checked out, these would wait for it until the pool's timeout (5 s).
      for (const n of [2, 3])
        expect((await transaction(one.db, (tx) => tx.execute<{ n: number }>(sql`select ${n}::int as n`))).rows).toEqual(
          [{ n }],
        );
      expect(one.poolUse?.()).toMatchObject({ total: 1, waiting: 0 });
    } finally {
      await one.close();
      await proxy.close();
    }
  });
});
