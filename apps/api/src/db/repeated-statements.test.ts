import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { MAX_NAMED_PER_CONNECTION, RUNS_BEFORE_NAMING, nameRepeatedStatements } from './repeated-statements.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** A column name no other test's text has: runs are counted per process. */
const uniqueName = () => `times_${randomUUID().replaceAll('-', '')}`;
/** A statement's text as drizzle writes it: the first value times the second. */
const multiplierText = (name = uniqueName()) => `select $1::int * $2::int as "${name}"`;

/** What pg_prepared_statements lists of the names this module gives (drizzle's `.prepare(name)` are others). */
const NAMED_HERE = `select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
  where name like 's\\_%'`;

describe("the shop's database", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names a statement once its text has run often enough, and answers each run with its own values', async () => {
    const name = uniqueName();
    const text = multiplierText(name);
    // One transaction: one connection, which keeps every name it was sent.
    const { answers, kept } = await t.app.db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (let n = 1; n <= RUNS_BEFORE_NAMING + 2; n++) {
        const { rows } = await tx.execute<Record<string, number>>(
          sql`select ${n}::int * ${10}::int as ${sql.identifier(name)}`,
        );
        answers.push(Object.values(rows[0] ?? {})[0]);
      }
      return { answers, kept: (await tx.execute<{ statement: string; runs: number }>(sql.raw(NAMED_HERE))).rows };
    });
    expect(answers).toEqual([10, 20, 30, 40, 50]);
    // Named at its third run, which parsed it; the fourth and fifth ran it by name. PGlite ignores names.
    expect(kept.filter((row) => row.statement === text)).toEqual(pgUrl ? [{ statement: text, runs: 3 }] : []);
  });
});

describe.runIf(pgUrl)('a connection that names repeated statements', () => {
  let client: pg.Client;
  beforeEach(async () => {
    client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    nameRepeatedStatements(client);
  });
  afterEach(() => client.end());

  /** Runs `text` as drizzle does: a configuration object, values apart. */
  const run = async (text: string, values: unknown[] = []) =>
    Object.values((await client.query<Record<string, unknown>>({ text }, values)).rows[0] ?? {})[0];
  const kept = async () => (await client.query<{ statement: string }>(NAMED_HERE)).rows.map((row) => row.statement);

  it('names as many texts as its bound, and runs the others unnamed, answering every run', async () => {
    const texts = Array.from({ length: MAX_NAMED_PER_CONNECTION + 5 }, multiplierText);
    const answers: unknown[] = [];
    for (const text of texts) for (let n = 1; n <= RUNS_BEFORE_NAMING; n++) answers.push(await run(text, [n, 2]));
    expect(answers).toEqual(texts.flatMap(() => [2, 4, 6]));
    expect((await kept()).sort()).toEqual(texts.slice(0, MAX_NAMED_PER_CONNECTION).sort());
  });

  it('names only statements run with values: a text without, which may hold several, goes as a simple query', async () => {
    const several = 'select 1 as one; select 2 as two';
    const utility = 'set statement_timeout = 30000';
    const select = multiplierText();
    for (let n = 0; n <= RUNS_BEFORE_NAMING; n++) {
      await client.query({ text: several });
      await client.query({ text: utility });
      await run(select, [n, 1]);
    }
    expect(await kept()).toEqual([select]);
  });
});
