import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { executeNamed } from './named.js';

const pgUrl = process.env.TEST_DATABASE_URL;
/** The harness's pool size (test/harness.ts): that many statements at once hold every connection. */
const POOL = 30;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a statement run by executeNamed', () => {
  it('answers each run with its own values, and each connection keeps it by a name of its text', async () => {
    const column = sql.identifier(`times_${randomUUID().replaceAll('-', '')}`);
    const runs = Array.from({ length: POOL }, (_, n) =>
      executeNamed<Record<string, number>>(t.app.db, sql`select ${n}::int * ${10}::int as ${column}`),
    );
    const answers = (await Promise.all(runs)).map((rows) => Object.values(rows[0] ?? {})[0]);
    expect(answers).toEqual(Array.from({ length: POOL }, (_, n) => n * 10));
    // The runs held every connection at once, so whichever answers next has been sent the name. PGlite ignores names.
    const { rows } = await t.app.db.execute<{ name: string }>(
      sql`select name from pg_prepared_statements where statement like ${`%${column.value}%`}`,
    );
    expect(rows.map((row) => row.name.startsWith('s_'))).toEqual(pgUrl ? [true] : []);
  });
});
