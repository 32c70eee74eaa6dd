import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from './harness.js';
import { asAnotherClient } from './nested-connections.js';
import { transaction } from '../src/db/transaction.js';

// PGlite has one connection, which a transaction holds: there is no pool to ask.
describe.runIf(process.env.TEST_DATABASE_URL)('in the tests, a transaction asking the pool for a connection', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fails at once, where a small pool would wait for one that every request in flight holds', async () => {
    const { db } = t.app;
    await expect(transaction(db, () => db.execute(sql`select 1`))).rejects.toHaveProperty(
      'cause.message',
      expect.stringContaining('inside a transaction'),
    );
    const [own, another] = await transaction(db, async (tx) => [
      (await tx.execute<{ n: number }>(sql`select 1 as n`)).rows,
      (await asAnotherClient(() => db.execute<{ n: number }>(sql`select 2 as n`))).rows,
    ]);
    expect([own, another]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });
});
