import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { auditLogs } from '../db/schema.js';
import { audit } from './audit.js';
import { transaction } from '../db/transaction.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entriesOf = async (userEmail: string) =>
  t.app.db
    .select({ message: auditLogs.message, noData: sql<boolean>`${auditLogs.data} is null` })
    .from(auditLogs)
    .where(eq(auditLogs.userEmail, userEmail));

// The audit entry is a named statement prepared on the connection it is given: the pool's, or a transaction's. Run
// on the wrong one, an entry would outlive its transaction's rollback.
describe('an audit entry', () => {
  it('lands with its transaction or not at all, and one without data has none', async () => {
    // This run's entries, by an address of their own: the action is one the API writes.
    const entry = { type: 'admin', action: 'orders_export', userEmail: `audit-${Date.now()}@example.com` } as const;
    await audit(t.app.db, { ...entry, message: 'on the pool' });
    const rolledBack = await transaction(t.app.db, async (tx) => {
      await audit(tx, { ...entry, message: 'rolled back' });
      throw new Error('undo');
    }).catch((err: unknown) => err);
    expect(rolledBack).toEqual(new Error('undo'));
    await transaction(t.app.db, (tx) => audit(tx, { ...entry, message: 'committed', data: { n: 1 } }));

    const entries = await entriesOf(entry.userEmail);
    expect(entries.map((e) => e.message).sort()).toEqual(['committed', 'on the pool']);
    // An entry without data has none, not JSON's null.
    expect(entries.find((e) => e.message === 'on the pool')?.noData).toBe(true);
    expect(entries.find((e) => e.message === 'committed')?.noData).toBe(false);
  });
});
