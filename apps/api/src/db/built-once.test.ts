import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { audit } from '../lib/audit.js';
import { builtOnce, executeWith, rawBuiltOnce } from './built-once.js';
import { auditLogs } from './schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entriesOf = async (action: string) =>
  t.app.db
    .select({ message: auditLogs.message, noData: sql<boolean>`${auditLogs.data} is null` })
    .from(auditLogs)
    .where(eq(auditLogs.action, action));

// A statement built once is handed to whichever connection asks: the pool's, or a transaction's. Run on the wrong
// one, a transaction's write would outlive its rollback, or a lock would be taken outside it.
describe('a statement built once', () => {
  it("runs on the pool's connection or on the transaction it is given, rolled back with it", async () => {
    const action = `built_once_${Date.now()}`;
    await audit(t.app.db, { type: 'admin', action, message: 'on the pool' });
    const rolledBack = await t.app.db
      .transaction(async (tx) => {
        await audit(tx, { type: 'admin', action, message: 'rolled back' });
        throw new Error('undo');
      })
      .catch((err: unknown) => err);
    expect(rolledBack).toEqual(new Error('undo'));
    await t.app.db.transaction((tx) => audit(tx, { type: 'admin', action, message: 'committed', data: { n: 1 } }));

    const entries = await entriesOf(action);
    expect(entries.map((e) => e.message).sort()).toEqual(['committed', 'on the pool']);
    // An entry without data has none, not JSON's null.
    expect(entries.find((e) => e.message === 'on the pool')?.noData).toBe(true);
    expect(entries.find((e) => e.message === 'committed')?.noData).toBe(false);
  });

  it('is built once, and fills its placeholders anew on every call', async () => {
    let builds = 0;
    const byAction = builtOnce((db) => {
      builds++;
      return db
        .select({ message: auditLogs.message })
        .from(auditLogs)
        .where(eq(auditLogs.action, sql.placeholder('action')))
        .prepare('test_audit_by_action');
    });
    const action = `built_once_fill_${Date.now()}`;
    await audit(t.app.db, { type: 'admin', action, message: 'found' });
    expect(await byAction(t.app.db).execute({ action })).toEqual([{ message: 'found' }]);
    expect(await t.app.db.transaction((tx) => byAction(tx).execute({ action: `${action}-none` }))).toEqual([]);
    expect(builds).toBe(1);
  });

  it('in raw SQL, is built once and runs on the connection given; executeWith fills the same placeholders', async () => {
    const action = `raw_built_once_${Date.now()}`;
    await audit(t.app.db, { type: 'admin', action, message: 'committed' });
    const messages = () =>
      sql`select ${auditLogs.message} from ${auditLogs} where ${auditLogs.action} = ${sql.placeholder('action')}
        order by ${auditLogs.message}`;
    let builds = 0;
    const byAction = rawBuiltOnce<{ message: string }>(() => {
      builds++;
      return messages();
    });
    expect(await byAction(t.app.db, { action })).toEqual([{ message: 'committed' }]);
    // Only the transaction's own connection sees what it has not committed yet.
    let seen: unknown[] = [];
    await expect(
      t.app.db.transaction(async (tx) => {
        await audit(tx, { type: 'admin', action, message: 'uncommitted' });
        seen = [await byAction(tx, { action }), await executeWith(tx, messages(), { action })];
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const both = [{ message: 'committed' }, { message: 'uncommitted' }];
    expect(seen).toEqual([both, both]);
    expect(await byAction(t.app.db, { action })).toEqual([{ message: 'committed' }]);
    expect(builds).toBe(1);
  });
});
