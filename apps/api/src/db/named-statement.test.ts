import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { executeNamed } from './named-statement.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const doubled = (n: number) => sql`select ${n}::int * 2 as value`;
const negated = (n: number) => sql`select -${n}::int as value`;

describe('executeNamed', () => {
  it('answers each text with its own statement, however often and in whatever order they come', async () => {
    // One transaction: one connection, which keeps every name it was sent.
    const values = await t.app.db.transaction(async (tx) => {
      const answers: number[] = [];
      for (const query of [doubled(2), negated(5), doubled(7), negated(1)]) {
        const [row] = await executeNamed<{ value: number }>(tx, query);
        answers.push(row?.value ?? NaN);
      }
      return answers;
    });
    expect(values).toEqual([4, -5, 14, -1]);
  });

  it('leaves PostgreSQL one statement per text, parsed once (PGlite, which ignores names, none)', async () => {
    const [before, after] = await t.app.db.transaction(async (tx) => {
      // Each run of a prepared statement counts one plan, custom or generic; the connection may hold these texts
      // from an earlier test, so its runs are counted before and after.
      const kept = async () =>
        (
          await tx.execute<{ statement: string; runs: number }>(
            sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
              where name like 'q\\_%'`,
          )
        ).rows.sort((a, b) => (a.statement < b.statement ? -1 : 1));
      const first = await kept();
      for (const n of [1, 2, 3]) {
        await executeNamed(tx, doubled(n));
        await executeNamed(tx, negated(n));
      }
      return [first, await kept()];
    });
    const runsBefore = (text: string) => before.find((row) => row.statement === text)?.runs ?? 0;
    const texts = ['select $1::int * 2 as value', 'select -$1::int as value'].sort();
    expect(after).toEqual(
      process.env.TEST_DATABASE_URL ? texts.map((statement) => ({ statement, runs: runsBefore(statement) + 3 })) : [],
    );
  });
});
