import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '@shop/contracts';
import { staffInvitations, users } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  PASSWORD,
  uniqueEmail,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { untilWaiting } from '../../../test/lock-waits.js';
import { asAnotherClient } from '../../../test/nested-connections.js';

/*
 * An invitation used (sent again, accepted) while a change withdraws it: its role widened beyond its sender's reach,
 * or its sender suspended. The changes lock the role, or the owners' and the member's rows, then delete the
 * invitations they withdraw; the uses now take the role and their sender's row before the invitation, in that same
 * order, so the two take turns where the other order deadlocked (one of them answered 503). Each test holds the
 * invitation's row from a connection of its own, so that both requests meet inside their transactions, as racing
 * ones do. Two transactions truly at once need PostgreSQL: PGlite runs one at a time.
 */

let t: TestContext;
let owner: Account;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  owner = await createAdmin(t.app);
});
afterAll(() => t?.close());

type Answer = Awaited<ReturnType<typeof t.app.inject>>;
const call = (account: Account | null, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: account?.headers ?? {}, payload });

/** A team lead's invitation to a role of order readers, which widening takes beyond the lead's reach. */
async function leadsInvitation() {
  const madeRole = async (name: string, permissions: string[]) =>
    (await call(owner, 'POST', '/api/admin/roles', { name: `${name} ${Date.now()}`, permissions })).json<StaffRole>();
  const lead = await createStaff(t.app, (await madeRole('Team lead', ['staff.manage', 'orders.read'])).key);
  const readers = await madeRole('Order readers', ['orders.read']);
  const sent = await call(lead, 'POST', '/api/admin/staff/invitations', {
    email: uniqueEmail('raced'),
    role: readers.key,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [invitation] = await t.app.db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(eq(staffInvitations.invitedBy, lead.id));
  if (!invitation) throw new Error('no invitation');
  const widen = () =>
    call(owner, 'PUT', `/api/admin/roles/${readers.key}`, {
      name: readers.name,
      permissions: ['orders.read', 'orders.move'],
    });
  return { lead, readers, id: invitation.id, token: sent.json<{ token: string }>().token, widen };
}

/** `use` and then `change`, each stopped at the invitation's row the test holds, then both let go. */
async function race(id: string, use: () => Promise<Answer>, change: () => Promise<Answer>) {
  let used: Promise<Answer> | undefined;
  let changed: Promise<Answer> | undefined;
  await transaction(t.app.db, async (tx) => {
    await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('share');
    used = asAnotherClient(use);
    await untilWaiting(t.app.db, 1);
    changed = asAnotherClient(change);
    await untilWaiting(t.app.db, 2);
  });
  return Promise.all([used, changed]);
}

const invitationsTo = (role: string) =>
  t.app.db
    .select({ invitedBy: staffInvitations.invitedBy })
    .from(staffInvitations)
    .where(eq(staffInvitations.role, role));

describe.runIf(process.env.TEST_DATABASE_URL)('an invitation used while a change withdraws it', () => {
  it('sent again while its role widens: the change waits, and the owner’s new link stands', async () => {
    const { readers, id, widen } = await leadsInvitation();
    const [resent, changed] = await race(
      id,
      () => call(owner, 'POST', `/api/admin/staff/invitations/${id}/resend`, {}),
      widen,
    );
    expect(resent?.statusCode, resent?.body).toBe(201);
    expect(changed?.statusCode, changed?.body).toBe(200);
    // The link sent again is the owner's now, within the owner's reach: the change leaves it standing.
    expect(await invitationsTo(readers.key)).toEqual([{ invitedBy: owner.id }]);
  });

  it('accepted while its role widens: the change waits, and the new member holds the wider role', async () => {
    const { readers, id, token, widen } = await leadsInvitation();
    const [accepted, changed] = await race(
      id,
      () => call(null, 'POST', '/api/staff/accept', { token, name: 'Raced Member', password: PASSWORD }),
      widen,
    );
    expect(accepted?.statusCode, accepted?.body).toBe(200);
    expect(changed?.statusCode, changed?.body).toBe(200);
    const [member] = await t.app.db
      .select({ staffRole: users.staffRole })
      .from(users)
      .where(eq(users.id, accepted?.json<{ user: { _id: string } }>().user._id ?? ''));
    expect(member).toEqual({ staffRole: readers.key });
  });

  it('sent again by one owner while another suspends its sender: the suspension waits for it', async () => {
    const { lead, readers, id } = await leadsInvitation();
    const other = await createAdmin(t.app);
    const [resent, suspended] = await race(
      id,
      () => call(owner, 'POST', `/api/admin/staff/invitations/${id}/resend`, {}),
      () => call(other, 'POST', `/api/admin/staff/${lead.id}/suspend`, {}),
    );
    expect(resent?.statusCode, resent?.body).toBe(201);
    expect(suspended?.statusCode, suspended?.body).toBe(200);
    expect(await invitationsTo(readers.key)).toEqual([{ invitedBy: owner.id }]);
  });
});
