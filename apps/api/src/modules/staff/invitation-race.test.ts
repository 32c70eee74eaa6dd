import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '@shop/contracts';
import { staffInvitations } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  uniqueEmail,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { untilWaiting } from '../../../test/lock-waits.js';
import { asAnotherClient } from '../../../test/nested-connections.js';

/*
 * An invitation sent again while its role is changed. The change locks the role, then withdraws the invitations it
 * puts beyond their sender's reach; the resend takes the role before the invitation, in that same order, so the two
 * take turns where the other order deadlocked (one of them answered 503). The test holds the invitation's row from a
 * connection of its own, so that both requests meet inside their transactions, as racing ones do. Two transactions
 * truly at once need PostgreSQL: PGlite runs one at a time.
 */

let t: TestContext;
let owner: Account;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  owner = await createAdmin(t.app);
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: owner.headers, payload });

describe.runIf(process.env.TEST_DATABASE_URL)('an invitation sent again while its role changes', () => {
  it('waits for the change, then goes out: neither fails on a deadlock', async () => {
    const madeRole = async (name: string, permissions: string[]) =>
      (await call('POST', '/api/admin/roles', { name, permissions })).json<StaffRole>().key;
    const lead = await createStaff(t.app, await madeRole('Team lead', ['staff.manage', 'orders.read']));
    const readers = await madeRole('Order readers', ['orders.read']);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: lead.headers,
      payload: { email: uniqueEmail('raced'), role: readers },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [invitation] = await t.app.db
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(eq(staffInvitations.invitedBy, lead.id));
    if (!invitation) throw new Error('no invitation');

    let resend: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    let change: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    await transaction(t.app.db, async (tx) => {
      await tx.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id)).for('share');
      resend = asAnotherClient(() => call('POST', `/api/admin/staff/invitations/${invitation.id}/resend`, {}));
      await untilWaiting(t.app.db, 1);
      // Widened beyond the lead's reach: the lead's invitations to it are withdrawn.
      change = asAnotherClient(() =>
        call('PUT', `/api/admin/roles/${readers}`, {
          name: 'Order readers',
          permissions: ['orders.read', 'orders.move'],
        }),
      );
      await untilWaiting(t.app.db, 2);
    });
    const [resent, changed] = await Promise.all([resend, change]);

    expect(resent?.statusCode, resent?.body).toBe(201);
    expect(changed?.statusCode, changed?.body).toBe(200);
    // The link sent again is the owner's now, within the owner's reach: the change leaves it standing.
    const standing = await t.app.db
      .select({ invitedBy: staffInvitations.invitedBy })
      .from(staffInvitations)
      .where(eq(staffInvitations.role, readers));
    expect(standing).toEqual([{ invitedBy: owner.id }]);
  });
});
