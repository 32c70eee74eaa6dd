import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { pgCode } from '../lib/db-errors.js';
import { allInOrder } from './in-order.js';
import { transaction } from './transaction.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A table of this transaction's own, gone at its end. */
const scratch = sql`create temp table scratch (n int) on commit drop`;
const count = sql`select count(*)::int as n from scratch`;

// The checkout asks several statements of one transaction at once (orders/placing.ts): it relies on them running
// one after another in the order asked, each seeing what those before it wrote, whatever the connection sends.
describe('statements asked at once in one transaction', () => {
  it('run in the order they were asked, each seeing the ones before it', async () => {
    const counts = await transaction(t.app.db, async (tx) => {
      await tx.execute(scratch);
      const answers = await allInOrder([
        tx.execute(sql`insert into scratch values (1)`).execute(),
        tx.execute<{ n: number }>(count).execute(),
        tx.execute(sql`insert into scratch values (2), (3)`).execute(),
        tx.execute<{ n: number }>(count).execute(),
      ]);
      return [answers[1].rows[0]?.n, answers[3].rows[0]?.n];
    });
    expect(counts).toEqual([1, 3]);
  });

  it("fail with the failing statement's own error, roll back whole, and leave the connection usable", async () => {
    const failed = await transaction(t.app.db, async (tx) => {
      await tx.execute(scratch);
      await allInOrder([
        tx.execute(sql`insert into scratch values (1)`).execute(),
        tx.execute(sql`select 1 / 0`).execute(),
        tx.execute(count).execute(),
      ]);
    }).catch((err: unknown) => err);
    expect(pgCode(failed)).toBe('22012');
    // Every connection of the pool still answers, in order, after the failure.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.app.db.execute<{ n: number }>(sql`select ${i}::int as n`)),
    );
    expect(answers.map((a) => a.rows[0]?.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("throw the first failure's error, however long the way its answer takes", async () => {
    const failed = await transaction(t.app.db, async (tx) => {
      await tx.execute(scratch);
      // The failing statement's answer goes through more steps than the aborted one's after it.
      const slow = tx
        .execute(sql`select 1 / 0`)
        .execute()
        .then((r) => r)
        .then((r) => r)
        .then((r) => r);
      const aborted = tx.execute(count).execute();
      // Both answers are in by the time the process reads its socket again, and are read in one go.
      for (const until = Date.now() + 200; Date.now() < until;);
      await allInOrder([slow, aborted]);
    }).catch((err: unknown) => err);
    expect(pgCode(failed)).toBe('22012');
  });
});
