import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  API_MSG,
  API_MSG_AR,
  BUILT_IN_ROLE_KEYS,
  BUILT_IN_ROLES,
  EXPIRED_INVITATION_KEPT_MS,
  INVITATION_TTL_MS,
  PERMISSION_NEEDS,
  PERMISSIONS,
  type ListedStaffInvitation,
  type Permission,
  type StaffRole,
} from '@shop/contracts';
import { auditLogs, messages, phoneCodes, staffInvitations, staffRoles, users } from '../../db/schema.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  lastAudit,
  PASSWORD,
  registerShopper,
  uniqueEmail,
  UNKNOWN_ID,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { accessProblem, authPlugin } from '../../plugins/auth.js';
import { caseFor, isStaffAccess } from '../../../test/security/routes.js';
import { lastSentTo, phoneCodeFor } from '../../../test/outbox.js';

let t: TestContext;
let owner: Account;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  owner = await createAdmin(t.app);
});
afterAll(() => t.close());

const call = (account: Account | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: account?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const memberWith = (role: string) => createStaff(t.app, role, 'Staff Person');

async function invite(body: Record<string, unknown>) {
  const res = await call(owner, 'POST', '/api/admin/staff/invitations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; url: string };
}

/** What the message queue wrote to the outbox (no provider is configured): the newest file sent to `to`. */
const outboxTo = (to: string) => lastSentTo(t, to);

/** Asks for a sign-in code for `mobile` and reads it from what was sent. */
const codeFor = (mobile: string) => phoneCodeFor(t, mobile, `+2${mobile}`);

describe('permission matrix, from the route table', () => {
  it('every /api route declares a known access, and every dashboard route a permission', () => {
    const problems = t.routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .filter((r) => {
        const access = r.access ?? 'none';
        const known = ['public', 'user', 'shopper', 'metrics'].includes(access) || isStaffAccess(access);
        const dashboard = r.url.startsWith('/api/admin/');
        return !known || (dashboard && !isStaffAccess(access));
      })
      .map((r) => `${r.method} ${r.url}: ${r.access ?? 'none'}`);
    expect(problems).toEqual([]);
    expect(t.routes.filter((r) => (PERMISSIONS as readonly string[]).includes(r.access ?? '')).length).toBeGreaterThan(
      40,
    );
  });

  it('every route the route table opens to staff and closes to shoppers declares a permission', () => {
    // The table (test/security/routes.ts) says who each route is for; a staff-only route whose declared access is
    // not a permission would be open to every staff member, whatever their role.
    const staffOnly = t.routes.filter((r) => {
      const expected = caseFor(r.method, r.url)?.expect;
      return expected && expected.owner === 403 && expected.other === 403 && ![401, 403].includes(expected.admin);
    });
    expect(staffOnly.length).toBeGreaterThan(40);
    expect(staffOnly.filter((r) => !isStaffAccess(r.access ?? '')).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it("refuses to start with a route declaring the old 'admin' access, or none", async () => {
    expect(accessProblem('admin')).toMatch(/permission/);
    expect(accessProblem({ permission: 'orders.fly' })).toMatch(/unknown permission/);
    expect(accessProblem(undefined)).toMatch(/no config.access/);
    expect(accessProblem({ permission: 'orders.read' })).toBeNull();
    expect(accessProblem({ permission: ['orders.read', 'reports.read'] })).toBeNull();
    expect(accessProblem({ permission: ['orders.read', 'orders.fly'] })).toMatch(/unknown permission/);
    expect(accessProblem({ permission: [] })).toMatch(/names no permission/);
    for (const access of ['admin', undefined]) {
      const app = Fastify();
      app.decorate('db', t.app.db);
      app.decorate('tokens', t.app.tokens);
      await app.register(authPlugin);
      expect(() =>
        app.get('/api/leftover', { config: access ? { access: access as 'user' } : {} }, async () => 'ok'),
      ).toThrow(/GET \/api\/leftover/);
      await app.close();
    }
  });

  it("answers every dashboard route as each built-in role and a custom role allows, and refuses them a shopper's", async () => {
    const customPermissions: Permission[] = ['orders.read', 'coupons.write'];
    const created = await call(owner, 'POST', '/api/admin/roles', {
      name: 'Coupons desk',
      permissions: customPermissions,
    });
    expect(created.statusCode, created.body).toBe(201);
    const custom = created.json() as StaffRole;
    // A role with none of the permissions a route may name several of (Your alerts'): refused it too.
    const customersOnly: Permission[] = ['customers.read'];
    const desk = await call(owner, 'POST', '/api/admin/roles', { name: 'Customers desk', permissions: customersOnly });
    expect(desk.statusCode, desk.body).toBe(201);
    const roles: [string, readonly Permission[]][] = [
      ...BUILT_IN_ROLE_KEYS.map((key) => [key, BUILT_IN_ROLES[key]] as [string, readonly Permission[]]),
      [custom.key, customPermissions],
      [(desk.json() as StaffRole).key, customersOnly],
    ];
    const members = new Map<string, Account>();
    for (const [key] of roles) members.set(key, await memberWith(key));
    const wrong: string[] = [];
    // A shopper's routes (cart, favourites, their orders) are no staff member's, whatever the role.
    for (const route of t.routes.filter((r) => r.access === 'shopper'))
      for (const [key] of roles) {
        const res = await call(members.get(key) ?? null, route.method, route.url.replace(/:[A-Za-z]+/g, UNKNOWN_ID));
        if (res.statusCode !== 403) wrong.push(`${route.method} ${route.url} as ${key}: ${res.statusCode}`);
      }
    // A route's permission, or those it names any one of (joined by `|`).
    const dashboard = t.routes.filter((r) => isStaffAccess(r.access ?? ''));
    expect(dashboard.filter((r) => r.access?.includes('|')).length).toBeGreaterThan(0);
    for (const route of dashboard) {
      // Ids that name nothing: a permitted call gets past the check to 'not found' or 'bad request', never 403.
      const url = route.url.replace(/:[A-Za-z]+/g, UNKNOWN_ID);
      for (const [key, allowed] of roles) {
        const res = await call(members.get(key) ?? null, route.method, url);
        const permitted = (route.access ?? '').split('|').some((p) => allowed.includes(p as Permission));
        const ok = permitted ? res.statusCode !== 403 && res.statusCode !== 401 : res.statusCode === 403;
        if (!ok) wrong.push(`${route.method} ${route.url} as ${key}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe('the last owner', () => {
  it('cannot be demoted, suspended or deleted; with a second owner they can', async () => {
    // The owners of earlier tests are this file's only owner plus those made above with the owner role.
    const sole = await memberWith('owner');
    await t.app.db.update(users).set({ staffRole: 'manager' }).where(eq(users.staffRole, 'owner'));
    await t.app.db.update(users).set({ staffRole: 'owner' }).where(eq(users.id, sole.id));
    expect((await call(sole, 'PUT', `/api/admin/staff/${sole.id}`, { role: 'manager' })).statusCode).toBe(409);
    expect((await call(sole, 'POST', `/api/admin/staff/${sole.id}/suspend`)).statusCode).toBe(409);
    const deleted = await call(sole, 'DELETE', '/api/user');
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/at least one owner/);
    const second = await memberWith('owner');
    expect((await call(second, 'PUT', `/api/admin/staff/${sole.id}`, { role: 'manager' })).statusCode).toBe(200);
    expect((await call(second, 'POST', `/api/admin/staff/${second.id}/suspend`)).statusCode).toBe(409);
    // Back to one owner for the tests below: the file's own.
    await t.app.db.update(users).set({ staffRole: 'owner' }).where(eq(users.id, owner.id));
  });
});

describe('a member', () => {
  it('cannot suspend themselves, in either language; another owner can', async () => {
    const [first, second] = [await memberWith('owner'), await memberWith('owner')];
    const own = await call(first, 'POST', `/api/admin/staff/${first.id}/suspend`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(API_MSG.suspendYourself);
    const ownAr = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${first.id}/suspend`,
      headers: { ...first.headers, 'accept-language': 'ar' },
    });
    expect(ownAr.json().message).toBe(API_MSG_AR.suspendYourself);
    expect((await call(first, 'GET', '/api/staff/me')).statusCode).toBe(200);
    expect((await call(second, 'POST', `/api/admin/staff/${first.id}/suspend`)).statusCode).toBe(200);
    expect((await call(first, 'GET', '/api/staff/me')).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('by e-mail: sent with its link, accepted once with a name and password, good for a week', async () => {
    const email = uniqueEmail('agent');
    const { token, url } = await invite({ email, role: 'orders' });
    expect(url).toBe(`${t.app.config.PUBLIC_URL}/staff/accept#${token}`);
    expect(await outboxTo(email)).toContain(url);

    const view = await call(null, 'POST', '/api/staff/invitation', { token });
    expect(view.json()).toMatchObject({ email, phone: null, hasAccount: false, role: { key: 'orders' } });
    expect((await call(null, 'POST', '/api/staff/accept', { token, name: 'Omar Agent' })).statusCode).toBe(400);
    const accepted = await call(null, 'POST', '/api/staff/accept', { token, name: 'Omar Agent', password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json() as { token: string; user: { role: boolean; email: string } };
    expect(session.user).toMatchObject({ role: true, email });
    const me = await t.app.inject({ url: '/api/staff/me', headers: { 'x-access-token': session.token } });
    expect(me.json()).toEqual({ role: 'orders', permissions: [...BUILT_IN_ROLES.orders] });

    const again = await call(null, 'POST', '/api/staff/accept', { token, name: 'Omar Agent', password: PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/used, expired or unknown/);
  });

  it('expires after seven days', async () => {
    const { token } = await invite({ email: uniqueEmail('late'), role: 'support' });
    t.clock.advance(INVITATION_TTL_MS + 60_000);
    try {
      expect((await call(null, 'POST', '/api/staff/invitation', { token })).statusCode).toBe(410);
      const res = await call(null, 'POST', '/api/staff/accept', { token, name: 'Late Person', password: PASSWORD });
      expect(res.statusCode).toBe(410);
    } finally {
      t.clock.advance(-(INVITATION_TTL_MS + 60_000));
    }
  });

  it('gives the role to an existing account once its own password proves it; a wrong one leaves it unused', async () => {
    const shopper = await registerShopper(t.app, 'Sara Existing');
    const { token } = await invite({ email: shopper.email, role: 'support' });
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).json()).toMatchObject({ hasAccount: true });
    const wrong = await call(null, 'POST', '/api/staff/accept', { token, password: 'Wr0ngPass!' });
    expect(wrong.statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).statusCode).toBe(200);
    const res = await call(null, 'POST', '/api/staff/accept', { token, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ _id: shopper.id, name: 'Sara Existing', role: true });
    // A staff member has no cart: the shopper's old session is now a staff one.
    expect((await call(shopper, 'GET', '/api/cart')).statusCode).toBe(403);
    // Inviting them again is refused on acceptance: they are already on the staff.
    const second = await invite({ email: shopper.email, role: 'manager' });
    expect(
      (await call(null, 'POST', '/api/staff/accept', { token: second.token, password: PASSWORD })).statusCode,
    ).toBe(409);
  });

  it('by phone: the message queue sends the link, and a code sent to the mobile accepts it', async () => {
    const { token, url } = await invite({ phone: '01098765432', role: 'orders' });
    expect(await outboxTo('+201098765432')).toContain(url);
    expect((await call(null, 'POST', '/api/staff/accept', { token, name: 'Hana Phone' })).statusCode).toBe(400);
    const started = await call(null, 'POST', '/api/auth/phone/start', { phone: '01098765432', channel: 'sms' });
    expect(started.statusCode).toBe(202);
    const code = (await outboxTo('+201098765432')).match(/\b(\d{6})\b/)?.[1];
    const res = await call(null, 'POST', '/api/staff/accept', { token, name: 'Hana Phone', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Hana Phone', email: null, role: true });
  });

  it('by WhatsApp when asked; with no provider configured, the outbox keeps the message', async () => {
    const { url } = await invite({ phone: '01234567890', role: 'catalogue', channel: 'whatsapp' });
    const sent = JSON.parse(await outboxTo('+201234567890')) as { channel: string; template: { name: string } };
    expect(sent).toMatchObject({ channel: 'whatsapp', template: { name: 'staff_invitation' } });
    expect(JSON.stringify(sent)).toContain(url);
  });

  it('by phone to a mobile an account proved: its code gives that account the role', async () => {
    const shopper = await registerShopper(t.app, 'Layla Existing');
    await t.app.db.update(users).set({ verifiedPhone: '+201123456789' }).where(eq(users.id, shopper.id));
    const { token } = await invite({ phone: '01123456789', role: 'support' });
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).json()).toMatchObject({
      phone: '+201123456789',
      hasAccount: true,
    });
    const res = await call(null, 'POST', '/api/staff/accept', { token, code: await codeFor('01123456789') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ _id: shopper.id, email: shopper.email, role: true });
  });

  it('by phone to a mobile only typed into an account: refused in both languages, nobody gets the role', async () => {
    // Anyone may register with any mobile typed in: the invited mobile's holder is not this account's owner.
    const typist = await registerShopper(t.app, 'Typed It');
    await t.app.db.update(users).set({ phone: '0100 111 2222' }).where(eq(users.id, typist.id));
    const { token } = await invite({ phone: '01001112222', role: 'manager' });
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).json()).toMatchObject({ hasAccount: false });
    const payload = { token, name: 'Invited Person', code: await codeFor('01001112222') };
    for (const [language, message] of [
      ['en', API_MSG.invitationPhoneUnproven],
      ['ar', API_MSG_AR.invitationPhoneUnproven],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/accept',
        headers: { 'accept-language': language },
        payload,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, typist.id));
    expect(row).toMatchObject({ role: false, staffRole: null, verifiedPhone: null });
    expect(await t.app.db.select().from(users).where(eq(users.verifiedPhone, '+201001112222'))).toEqual([]);
    const signIn = await call(null, 'POST', '/api/user/login', { email: typist.email, password: PASSWORD });
    expect(signIn.json().user).toMatchObject({ _id: typist.id, role: false });
  });

  it('by phone, a refused acceptance writes nothing: the code, the sign-in and the invitation stay unused', async () => {
    const member = await memberWith('orders');
    await t.app.db.update(users).set({ verifiedPhone: '+201009998888' }).where(eq(users.id, member.id));
    const { token } = await invite({ phone: '01009998888', role: 'manager' });
    const code = await codeFor('01009998888');
    const res = await call(null, 'POST', '/api/staff/accept', { token, code });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(API_MSG.alreadyStaff);
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).statusCode).toBe(200);
    const [sent] = await t.app.db.select().from(phoneCodes).where(eq(phoneCodes.phone, '+201009998888'));
    expect(sent?.usedAt).toBeNull();
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ staffRole: 'orders', lastSignInAt: null, signedInWith: null });
    const logs = await t.app.db.select().from(auditLogs).where(eq(auditLogs.userId, member.id));
    expect(logs.map((l) => l.action)).not.toContain('phone_login');
  });

  it('refuses an invitation to a role that does not exist, or to both or neither address', async () => {
    const email = uniqueEmail('x');
    expect((await call(owner, 'POST', '/api/admin/staff/invitations', { email, role: 'pilot' })).statusCode).toBe(400);
    const both = { email, phone: '01098765432', role: 'orders' };
    expect((await call(owner, 'POST', '/api/admin/staff/invitations', both)).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/api/admin/staff/invitations', { role: 'orders' })).statusCode).toBe(400);
  });
});

describe('managing members', () => {
  it('a role change applies on the next request, with the same session', async () => {
    const member = await memberWith('orders');
    expect((await call(member, 'GET', '/api/admin/orders')).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/admin/coupons')).statusCode).toBe(403);
    expect((await call(member, 'POST', `/api/order/${UNKNOWN_ID}/refund`, {})).statusCode).toBe(403);
    const changed = await call(owner, 'PUT', `/api/admin/staff/${member.id}`, { role: 'catalogue' });
    expect(changed.json()).toMatchObject({ _id: member.id, role: 'catalogue', suspended: false });
    expect((await call(member, 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    expect((await call(member, 'PUT', `/api/order/${UNKNOWN_ID}/status`, { status: 'shipped' })).statusCode).toBe(403);
  });

  it('suspension ends the sessions at once and refuses sign-in until restored', async () => {
    const email = uniqueEmail('susp');
    const { token } = await invite({ email, role: 'support' });
    const session = (
      await call(null, 'POST', '/api/staff/accept', { token, name: 'Sami Sus', password: PASSWORD })
    ).json();
    const member: Account = {
      id: session.user._id,
      email,
      token: session.token,
      headers: { 'x-access-token': session.token },
    };
    expect((await call(member, 'GET', '/api/user/allUsers')).statusCode).toBe(200);
    const suspended = await call(owner, 'POST', `/api/admin/staff/${member.id}/suspend`);
    expect(suspended.json()).toMatchObject({ suspended: true });
    expect((await call(member, 'GET', '/api/user/allUsers')).statusCode).toBe(401);
    const login = await call(null, 'POST', '/api/user/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect((await call(owner, 'POST', `/api/admin/staff/${member.id}/restore`)).json()).toMatchObject({
      suspended: false,
    });
    const back = await call(null, 'POST', '/api/user/login', { email, password: PASSWORD });
    expect(back.statusCode).toBe(200);
    const list = (await call(owner, 'GET', '/api/admin/staff')).json() as { _id: string; role: string }[];
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ _id: member.id, role: 'support' })]));
  });

  it('support signs a customer out on every device; staff accounts are not customers to it', async () => {
    const [support, orders] = [await memberWith('support'), await memberWith('orders')];
    const [customer, bystander] = [await registerShopper(t.app), await registerShopper(t.app)];
    const elsewhere = (
      await call(null, 'POST', '/api/user/login', { email: customer.email, password: PASSWORD })
    ).json().token as string;
    const signOut = (by: Account, userId: string) => call(by, 'POST', `/api/admin/customers/${userId}/sign-out`);
    const asToken = (token: string): Account => ({ ...customer, token, headers: { 'x-access-token': token } });

    expect((await signOut(orders, customer.id)).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/api/user/sessions')).statusCode).toBe(200);
    // A staff member, the asker too, is not a customer: suspending one is staff.manage's.
    for (const staff of [owner, support]) {
      expect((await signOut(support, staff.id)).statusCode).toBe(404);
      expect((await call(staff, 'GET', '/api/user/allUsers')).statusCode).toBe(200);
    }
    expect((await signOut(support, UNKNOWN_ID)).statusCode).toBe(404);

    expect((await signOut(support, customer.id)).statusCode).toBe(204);
    for (const token of [customer.token, elsewhere])
      expect((await call(asToken(token), 'GET', '/api/user/sessions')).statusCode).toBe(401);
    expect((await call(bystander, 'GET', '/api/user/sessions')).statusCode).toBe(200);
    const again = await call(null, 'POST', '/api/user/login', { email: customer.email, password: PASSWORD });
    const devices = await call(asToken(again.json().token as string), 'GET', '/api/user/sessions');
    expect(devices.json().sessions).toHaveLength(1);
    const logged = await t.app.db
      .select({ message: auditLogs.message, data: auditLogs.data, userRole: auditLogs.userRole })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, support.id), eq(auditLogs.action, 'customer_signed_out')));
    expect(logged).toEqual([
      {
        message: `${support.email} signed ${customer.email} out on every device`,
        data: { userId: customer.id, customer: customer.email },
        userRole: 'support',
      },
    ]);
  });

  it('the audit log names the member and their role, and filters by member', async () => {
    const manager = await memberWith('manager');
    const res = await call(manager, 'POST', '/api/admin/coupons', {
      code: `STAFF${Date.now() % 100000}`,
      kind: 'percent',
      value: 10,
    });
    expect(res.statusCode, res.body).toBe(201);
    const logs = await call(owner, 'GET', `/api/logs?user=${manager.id}`);
    const entries = logs.json().logs as { userId: string; userName: string; userRole: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(
      entries.every((e) => e.userId === manager.id && e.userName === 'Staff Person' && e.userRole === 'manager'),
    ).toBe(true);
    const [ownerEntry] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, owner.id), eq(auditLogs.action, 'staff_invite')));
    expect(ownerEntry).toMatchObject({ userName: 'Admin', userRole: 'owner' });
  });

  it('a custom role is saved with what its permissions are used from, and its member reaches it', async () => {
    const created = await call(owner, 'POST', '/api/admin/roles', {
      name: 'Refunds and sign-outs',
      permissions: ['customers.sign_out', 'orders.refund'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as StaffRole;
    expect(role.permissions).toEqual(['orders.read', 'orders.refund', 'customers.read', 'customers.sign_out']);
    // Every built-in role already holds what its permissions need.
    for (const key of BUILT_IN_ROLE_KEYS)
      for (const permission of BUILT_IN_ROLES[key]) {
        const needed = PERMISSION_NEEDS[permission];
        if (needed) expect(BUILT_IN_ROLES[key], `${key}: ${permission}`).toContain(needed);
      }
    const member = await memberWith(role.key);
    expect((await call(member, 'GET', '/api/admin/orders')).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/user/allUsers')).statusCode).toBe(200);
  });

  it('a custom role is renamed and given other permissions: its members hold them from their next request', async () => {
    const made = await call(owner, 'POST', '/api/admin/roles', { name: 'Packers', permissions: ['orders.read'] });
    const { key } = made.json() as StaffRole;
    const member = await memberWith(key);
    expect((await call(member, 'GET', '/api/admin/coupons')).statusCode).toBe(403);

    const changed = await call(owner, 'PUT', `/api/admin/roles/${key}`, {
      name: ' Coupons and notes ',
      permissions: ['coupons.write', 'orders.note'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Saved trimmed, with what its permissions are used from.
    expect(changed.json()).toEqual({
      key,
      name: 'Coupons and notes',
      builtIn: false,
      permissions: ['orders.read', 'orders.note', 'coupons.write'],
    });
    expect((await call(member, 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    const roles = (await call(owner, 'GET', '/api/admin/roles')).json() as StaffRole[];
    expect(roles.filter((role) => role.key === key)).toEqual([changed.json()]);
    const entry = await lastAudit(t.app);
    expect(entry?.action).toBe('role_update');
    expect(entry?.message).toBe(`${owner.email} changed the role "Packers"`);
    expect(entry?.data).toEqual({
      key,
      name: 'Coupons and notes',
      permissions: ['orders.read', 'orders.note', 'coupons.write'],
      from: { name: 'Packers', permissions: ['orders.read'] },
    });

    // Taking the coupons away again takes them from the member too.
    const back = await call(owner, 'PUT', `/api/admin/roles/${key}`, { name: 'Packers', permissions: ['orders.read'] });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call(member, 'GET', '/api/admin/coupons')).statusCode).toBe(403);
  });

  it('a built-in role, an unknown one, a name taken or no permission: refused, nothing changed', async () => {
    const lastBefore = await lastAudit(t.app);
    for (const [language, builtIn] of [
      ['en', API_MSG.roleBuiltIn],
      ['ar', API_MSG_AR.roleBuiltIn],
    ] as const)
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: '/api/admin/roles/support',
          headers: { ...owner.headers, 'accept-language': language },
          ...(method === 'PUT' ? { payload: { name: 'Support', permissions: ['orders.read'] } } : {}),
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(builtIn);
      }
    // The row as it was (a built-in role's permissions are the code's, whatever the row says), and nothing logged.
    expect(await t.app.db.select().from(staffRoles).where(eq(staffRoles.key, 'support'))).toEqual([
      expect.objectContaining({ name: 'support', permissions: null }),
    ]);
    expect((await lastAudit(t.app))?.id).toBe(lastBefore?.id);

    const body = { name: 'Anything', permissions: ['orders.read'] };
    expect((await call(owner, 'PUT', `/api/admin/roles/${UNKNOWN_ID}`, body)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/admin/roles/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const made = async (name: string) =>
      ((await call(owner, 'POST', '/api/admin/roles', { name, permissions: ['orders.read'] })).json() as StaffRole).key;
    const first = await made('Night desk');
    await made('Day desk');
    const taken = await call(owner, 'PUT', `/api/admin/roles/${first}`, {
      name: 'DAY desk',
      permissions: ['orders.read'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(API_MSG.roleExists);
    const empty = await call(owner, 'PUT', `/api/admin/roles/${first}`, { name: 'Night desk', permissions: [] });
    expect(empty.statusCode).toBe(400);
    const after = (await call(owner, 'GET', '/api/admin/roles')).json() as StaffRole[];
    expect(after.find((role) => role.key === first)).toMatchObject({
      name: 'Night desk',
      permissions: ['orders.read'],
    });
  });

  it('a custom role is deleted once no member and no invitation holds it', async () => {
    const made = await call(owner, 'POST', '/api/admin/roles', { name: 'Seasonal desk', permissions: ['orders.read'] });
    const { key } = made.json() as StaffRole;
    const member = await memberWith(key);
    await invite({ email: uniqueEmail('seasonal'), role: key });
    const held = async (language: 'en' | 'ar', message: string) => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/roles/${key}`,
        headers: { ...owner.headers, 'accept-language': language },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    };
    await held('en', API_MSG.roleHeld);
    await held('ar', API_MSG_AR.roleHeld);
    // The member moves on; the open invitation still holds it.
    expect((await call(owner, 'PUT', `/api/admin/staff/${member.id}`, { role: 'support' })).statusCode).toBe(200);
    await held('en', API_MSG.roleHeld);
    await t.app.db.delete(staffInvitations).where(eq(staffInvitations.role, key));

    expect((await call(owner, 'DELETE', `/api/admin/roles/${key}`)).statusCode).toBe(204);
    const roles = (await call(owner, 'GET', '/api/admin/roles')).json() as StaffRole[];
    expect(roles.some((role) => role.key === key)).toBe(false);
    const entry = await lastAudit(t.app);
    expect(entry?.action).toBe('role_delete');
    expect(entry?.message).toBe(`${owner.email} deleted the role "Seasonal desk"`);
    expect(entry?.data).toEqual({ key, name: 'Seasonal desk', permissions: ['orders.read'] });
    expect((await call(owner, 'DELETE', `/api/admin/roles/${key}`)).statusCode).toBe(404);
  });

  it('custom roles: listed with the built-in ones, names unique', async () => {
    const roles = (await call(owner, 'GET', '/api/admin/roles')).json() as StaffRole[];
    expect(roles.slice(0, 5).map((r) => r.key)).toEqual(BUILT_IN_ROLE_KEYS);
    expect(roles.find((r) => r.key === 'owner')?.permissions).toEqual([...PERMISSIONS]);
    expect(roles.some((r) => r.name === 'Coupons desk' && !r.builtIn)).toBe(true);
    const dup = await call(owner, 'POST', '/api/admin/roles', { name: 'coupons DESK', permissions: ['orders.read'] });
    expect(dup.statusCode).toBe(409);
    const empty = await call(owner, 'POST', '/api/admin/roles', { name: 'Nothing', permissions: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('a member with staff.manage but not every permission', () => {
  let hr: Account;
  let peerRole: string;

  beforeAll(async () => {
    const made = async (name: string, permissions: Permission[]) => {
      const res = await call(owner, 'POST', '/api/admin/roles', { name, permissions });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as StaffRole).key;
    };
    hr = await memberWith(await made('HR', ['staff.manage']));
    peerRole = await made('HR assistant', ['staff.manage']);
  });

  const refused = async (method: string, url: string, payload?: unknown) => {
    for (const [language, message] of [
      ['en', API_MSG.beyondYourRole],
      ['ar', API_MSG_AR.beyondYourRole],
    ] as const) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...hr.headers, 'accept-language': language },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(message);
    }
  };
  const roleOfMember = async (id: string) =>
    (await t.app.db.select({ role: users.staffRole }).from(users).where(eq(users.id, id)))[0]?.role;

  it('cannot make itself or anyone owner, nor invite one', async () => {
    await refused('PUT', `/api/admin/staff/${hr.id}`, { role: 'owner' });
    const support = await memberWith('support');
    await refused('PUT', `/api/admin/staff/${support.id}`, { role: 'owner' });
    await refused('POST', '/api/admin/staff/invitations', { email: uniqueEmail('boss'), role: 'owner' });
    await refused('POST', '/api/admin/roles', { name: 'Everything', permissions: [...PERMISSIONS] });
    expect(await roleOfMember(hr.id)).not.toBe('owner');
    expect(await roleOfMember(support.id)).toBe('support');
    expect(await t.app.db.select().from(staffInvitations).where(eq(staffInvitations.invitedBy, hr.id))).toEqual([]);
  });

  it('cannot demote, suspend or restore an owner, nor change a member whose role does more than its own', async () => {
    await refused('PUT', `/api/admin/staff/${owner.id}`, { role: peerRole });
    await refused('POST', `/api/admin/staff/${owner.id}/suspend`);
    await refused('POST', `/api/admin/staff/${owner.id}/restore`);
    const support = await memberWith('support');
    await refused('PUT', `/api/admin/staff/${support.id}`, { role: peerRole });
    await refused('POST', `/api/admin/staff/${support.id}/suspend`);
    expect(await roleOfMember(owner.id)).toBe('owner');
    expect((await call(owner, 'GET', '/api/admin/orders')).statusCode).toBe(200);
  });

  it('manages the roles within its own permissions', async () => {
    const peer = await memberWith(peerRole);
    const changed = await call(hr, 'PUT', `/api/admin/staff/${peer.id}`, { role: await roleOfMember(hr.id) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(hr, 'POST', `/api/admin/staff/${peer.id}/suspend`)).json()).toMatchObject({ suspended: true });
    expect((await call(hr, 'POST', `/api/admin/staff/${peer.id}/restore`)).json()).toMatchObject({ suspended: false });
    const invited = await call(hr, 'POST', '/api/admin/staff/invitations', {
      email: uniqueEmail('hr2'),
      role: peerRole,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const role = await call(hr, 'POST', '/api/admin/roles', { name: 'HR trainee', permissions: ['staff.manage'] });
    expect(role.statusCode, role.body).toBe(201);
  });

  it('once demoted, its invitations beyond the new role are withdrawn, and all of them once it may not invite', async () => {
    const madeRole = async (name: string, permissions: Permission[]) =>
      ((await call(owner, 'POST', '/api/admin/roles', { name, permissions })).json() as StaffRole).key;
    const lead = await memberWith(await madeRole('Team lead', ['staff.manage', 'orders.refund']));
    const refunds = await madeRole('Refunds desk', ['orders.refund']);
    for (const role of [refunds, peerRole]) {
      const sent = await call(lead, 'POST', '/api/admin/staff/invitations', { email: uniqueEmail('via-lead'), role });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const rolesSent = async () =>
      (
        await t.app.db
          .select({ role: staffInvitations.role })
          .from(staffInvitations)
          .where(eq(staffInvitations.invitedBy, lead.id))
      )
        .map((row) => row.role)
        .sort();
    expect(await rolesSent()).toEqual([refunds, peerRole].sort());

    // No longer trusted with refunds: the link to the refunds desk they sent must not bring anyone in.
    expect((await call(owner, 'PUT', `/api/admin/staff/${lead.id}`, { role: peerRole })).statusCode).toBe(200);
    expect(await rolesSent()).toEqual([peerRole]);
    const entry = await lastAudit(t.app);
    expect(entry?.action).toBe('staff_role_change');
    expect(entry?.data).toMatchObject({ userId: lead.id, to: peerRole, invitationsWithdrawn: 1 });

    // A role that may not manage the team sends no one: what they sent goes.
    expect((await call(owner, 'PUT', `/api/admin/staff/${lead.id}`, { role: 'support' })).statusCode).toBe(200);
    expect(await rolesSent()).toEqual([]);
  });

  it('changes and deletes only roles within its own permissions', async () => {
    const made = async (name: string, permissions: Permission[]) =>
      ((await call(owner, 'POST', '/api/admin/roles', { name, permissions })).json() as StaffRole).key;
    const refunds = await made('Refunds only', ['orders.refund']);
    await refused('PUT', `/api/admin/roles/${refunds}`, { name: 'Refunds only', permissions: ['staff.manage'] });
    await refused('DELETE', `/api/admin/roles/${refunds}`);
    const greeters = await made('Greeters', ['staff.manage']);
    await refused('PUT', `/api/admin/roles/${greeters}`, { name: 'Greeters', permissions: ['orders.refund'] });
    const renamed = await call(hr, 'PUT', `/api/admin/roles/${greeters}`, {
      name: 'Welcome desk',
      permissions: ['staff.manage'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(hr, 'DELETE', `/api/admin/roles/${greeters}`)).statusCode).toBe(204);
    const roles = (await call(owner, 'GET', '/api/admin/roles')).json() as StaffRole[];
    expect(roles.find((role) => role.key === refunds)?.permissions).toEqual(['orders.read', 'orders.refund']);
  });

  it('an invitation a changed role puts beyond its sender is withdrawn, what its sender still reaches stays', async () => {
    const made = async (name: string, permissions: Permission[]) =>
      ((await call(owner, 'POST', '/api/admin/roles', { name, permissions })).json() as StaffRole).key;
    const leads = await made('Shift leads', ['staff.manage', 'orders.refund']);
    const lead = await memberWith(leads);
    const refunds = await made('Refunds clerks', ['orders.refund']);
    const helpers = await made('Helpers', ['staff.manage']);
    const sentBy = async (account: Account, role: string) => {
      const res = await call(account, 'POST', '/api/admin/staff/invitations', { email: uniqueEmail('via'), role });
      expect(res.statusCode, res.body).toBe(201);
    };
    await sentBy(lead, refunds);
    await sentBy(hr, helpers);
    await sentBy(owner, helpers);
    const open = async () =>
      (
        await t.app.db
          .select({ role: staffInvitations.role, by: staffInvitations.invitedBy })
          .from(staffInvitations)
          .where(inArray(staffInvitations.role, [refunds, helpers]))
      )
        .map(
          (row) =>
            `${row.role === refunds ? 'refunds' : 'helpers'} by ${row.by === owner.id ? 'owner' : row.by === hr.id ? 'hr' : 'lead'}`,
        )
        .sort();
    expect(await open()).toEqual(['helpers by hr', 'helpers by owner', 'refunds by lead']);

    // The leads no longer refund: the refunds clerk their member invited is not brought in at the old reach.
    const narrowed = await call(owner, 'PUT', `/api/admin/roles/${leads}`, {
      name: 'Shift leads',
      permissions: ['staff.manage'],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(await open()).toEqual(['helpers by hr', 'helpers by owner']);
    expect(await lastAudit(t.app)).toMatchObject({ action: 'role_update', data: { invitationsWithdrawn: 1 } });

    // Helpers may now see the customers, which HR may not: HR's link to it goes, the owner's stays.
    const widened = await call(owner, 'PUT', `/api/admin/roles/${helpers}`, {
      name: 'Helpers',
      permissions: ['staff.manage', 'customers.read'],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(await open()).toEqual(['helpers by owner']);
    expect(await lastAudit(t.app)).toMatchObject({ action: 'role_update', data: { invitationsWithdrawn: 1 } });
  });

  it('an invitation whose sender’s account is gone is withdrawn once its role’s permissions change, not its name', async () => {
    const made = async (name: string, permissions: Permission[]) =>
      ((await call(owner, 'POST', '/api/admin/roles', { name, permissions })).json() as StaffRole).key;
    const recruiter = await memberWith(await made('Recruiters', ['staff.manage']));
    const greeters = await made('Door greeters', ['staff.manage']);
    const sent = await call(recruiter, 'POST', '/api/admin/staff/invitations', {
      email: uniqueEmail('orphan'),
      role: greeters,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await call(recruiter, 'DELETE', '/api/user')).statusCode).toBe(200);
    const toGreeters = () =>
      t.app.db
        .select({ by: staffInvitations.invitedBy })
        .from(staffInvitations)
        .where(eq(staffInvitations.role, greeters));
    expect(await toGreeters()).toEqual([{ by: null }]);

    // A new name alone puts nothing out of reach: the link stays.
    const renamed = await call(owner, 'PUT', `/api/admin/roles/${greeters}`, {
      name: 'Greeters at the door',
      permissions: ['staff.manage'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await toGreeters()).toEqual([{ by: null }]);

    const widened = await call(owner, 'PUT', `/api/admin/roles/${greeters}`, {
      name: 'Door greeters',
      permissions: ['staff.manage', 'customers.read'],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(await toGreeters()).toEqual([]);
  });

  it('cannot withdraw or send again an invitation to a role beyond its own; can withdraw one within', async () => {
    const { token } = await invite({ email: uniqueEmail('mgr'), role: 'manager' });
    const [mine] = await t.app.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, sha256(token)));
    await refused('DELETE', `/api/admin/staff/invitations/${mine?.id}`);
    await refused('POST', `/api/admin/staff/invitations/${mine?.id}/resend`);
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).statusCode).toBe(200);
    const within = await invite({ email: uniqueEmail('peer'), role: peerRole });
    const [row] = await t.app.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, sha256(within.token)));
    expect((await call(hr, 'DELETE', `/api/admin/staff/invitations/${row?.id}`)).statusCode).toBe(204);
  });
});

describe('the invitations listed', () => {
  const openList = async () =>
    (await call(owner, 'GET', '/api/admin/staff/invitations')).json() as ListedStaffInvitation[];

  it('are listed, and a withdrawn one is gone from the list and its link stops working', async () => {
    const email = uniqueEmail('withdrawn');
    const { token } = await invite({ email, role: 'support' });
    const listed = (await openList()).find((i) => i.email === email);
    expect(listed).toMatchObject({ email, phone: null, role: 'support', invitedBy: 'Admin', expired: false });
    const withdrawn = await call(owner, 'DELETE', `/api/admin/staff/invitations/${listed?._id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect((await openList()).some((i) => i.email === email)).toBe(false);
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).statusCode).toBe(410);
    const accept = await call(null, 'POST', '/api/staff/accept', { token, name: 'Too Late', password: PASSWORD });
    expect(accept.statusCode).toBe(410);
    expect((await call(owner, 'DELETE', `/api/admin/staff/invitations/${listed?._id}`)).statusCode).toBe(404);
    const [logged] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, owner.id), eq(auditLogs.action, 'staff_invite_withdraw')));
    expect(logged?.message).toContain(email);
  });

  /** Runs `check` with the clock `ms` ahead, then puts it back. */
  const later = async (ms: number, check: () => Promise<void>) => {
    t.clock.advance(ms);
    try {
      await check();
    } finally {
      t.clock.advance(-ms);
    }
  };
  const rowsTo = (email: string) => t.app.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
  /** Makes the invitation to `email` one that expired `ago` ms before now: the clock itself stays, or sessions end. */
  const expiredSince = (email: string, ago: number) =>
    t.app.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(t.clock.now().getTime() - ago) })
      .where(eq(staffInvitations.email, email));

  it('an accepted one is deleted as it is accepted; the audit log keeps who invited and who joined', async () => {
    const email = uniqueEmail('joined');
    const { token } = await invite({ email, role: 'support' });
    const [sent] = await rowsTo(email);
    const accepted = await call(null, 'POST', '/api/staff/accept', {
      token,
      name: 'Joined Person',
      password: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await rowsTo(email)).toEqual([]);
    expect((await openList()).map((i) => i.email)).not.toContain(email);
    const logged = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'staff_join'));
    expect(logged.find((l) => l.userEmail === email)?.data).toMatchObject({ invitationId: sent?.id, role: 'support' });
    const invited = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'staff_invite'));
    expect(invited.some((l) => l.message.includes(email))).toBe(true);
  });

  it(`an expired one is listed as expired for ${EXPIRED_INVITATION_KEPT_MS / 86_400_000} days, then deleted`, async () => {
    const email = uniqueEmail('expiring');
    await invite({ email, role: 'support' });
    await later(INVITATION_TTL_MS + 60_000, async () => {
      expect((await openList()).find((i) => i.email === email)).toMatchObject({ email, expired: true });
    });
    await expiredSince(email, EXPIRED_INVITATION_KEPT_MS - 60_000);
    expect((await openList()).find((i) => i.email === email)).toMatchObject({ expired: true });
    await expiredSince(email, EXPIRED_INVITATION_KEPT_MS + 60_000);
    // Deleted as the list is read, not only left out of it.
    expect((await openList()).map((i) => i.email)).not.toContain(email);
    expect(await rowsTo(email)).toEqual([]);
  });

  it('a long-expired one is deleted as the next invitation is sent, the list unread', async () => {
    const email = uniqueEmail('forgotten');
    await invite({ email, role: 'support' });
    await expiredSince(email, EXPIRED_INVITATION_KEPT_MS + 60_000);
    expect(await rowsTo(email)).toHaveLength(1);
    await invite({ email: uniqueEmail('next'), role: 'support' });
    expect(await rowsTo(email)).toEqual([]);
  });

  it('an expired one may be withdrawn', async () => {
    const email = uniqueEmail('expired-withdrawn');
    await invite({ email, role: 'support' });
    const [row] = await rowsTo(email);
    await later(INVITATION_TTL_MS + 60_000, async () => {
      const res = await call(owner, 'DELETE', `/api/admin/staff/invitations/${row?.id}`);
      expect(res.statusCode, res.body).toBe(204);
      expect(await rowsTo(email)).toEqual([]);
    });
  });

  it('sent again when expired: a new link good for a week goes to the same address, the old row gone', async () => {
    const email = uniqueEmail('again');
    const first = await invite({ email, role: 'catalogue' });
    const [old] = await rowsTo(email);
    await later(INVITATION_TTL_MS + 60_000, async () => {
      const sentFrom = t.clock.now().getTime();
      const res = await call(owner, 'POST', `/api/admin/staff/invitations/${old?.id}/resend`);
      expect(res.statusCode, res.body).toBe(201);
      const sentTo = t.clock.now().getTime();
      const again = res.json() as { token: string; url: string };
      expect(again.token).not.toBe(first.token);
      expect(await outboxTo(email)).toContain(again.url);
      const [listed, ...others] = (await openList()).filter((i) => i.email === email);
      expect(others).toEqual([]);
      expect(listed).toMatchObject({ role: 'catalogue', invitedBy: 'Admin', expired: false });
      // Good for a week from its sending, whatever the first one's date.
      const expires = new Date(listed?.expiresAt ?? 0).getTime() - INVITATION_TTL_MS;
      expect(expires).toBeGreaterThanOrEqual(sentFrom);
      expect(expires).toBeLessThanOrEqual(sentTo);
      expect(listed?._id).not.toBe(old?.id);
      expect((await call(null, 'POST', '/api/staff/invitation', { token: again.token })).json()).toMatchObject({
        email,
        role: { key: 'catalogue' },
      });
      expect((await call(null, 'POST', '/api/staff/invitation', { token: first.token })).statusCode).toBe(410);
      // The old row is gone: sending it again twice is not found.
      expect((await call(owner, 'POST', `/api/admin/staff/invitations/${old?.id}/resend`)).statusCode).toBe(404);
      const logged = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'staff_invite'));
      const resent = logged.find((l) => l.message.includes(`invited ${email} again`));
      expect(resent?.data).toEqual({ to: email, role: 'catalogue', replaces: old?.id });
    });
  });

  it('sent again while open: the old link stops working; a WhatsApp one goes by WhatsApp again, in Arabic if asked', async () => {
    const first = await invite({ phone: '01211112222', role: 'support', channel: 'whatsapp' });
    const [old] = await t.app.db.select().from(staffInvitations).where(eq(staffInvitations.phone, '+201211112222'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/invitations/${old?.id}/resend`,
      headers: { ...owner.headers, 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = res.json() as { token: string; url: string };
    expect(again.url).toBe(`${t.app.config.PUBLIC_URL}/ar/staff/accept#${again.token}`);
    expect((await call(null, 'POST', '/api/staff/invitation', { token: first.token })).statusCode).toBe(410);
    const queued = await t.app.db.select().from(messages).where(eq(messages.to, '+201211112222')).orderBy(messages.id);
    expect(queued.map((m) => [m.channel, m.language])).toEqual([
      ['whatsapp', 'en'],
      ['whatsapp', 'ar'],
    ]);
  });

  it('sending again an unknown or malformed id is not found', async () => {
    expect((await call(owner, 'POST', `/api/admin/staff/invitations/${UNKNOWN_ID}/resend`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/api/admin/staff/invitations/nope/resend')).statusCode).toBe(404);
  });

  it("are withdrawn when the member who sent them is suspended; others' stay", async () => {
    const sender = await memberWith('owner');
    const theirs = await call(sender, 'POST', '/api/admin/staff/invitations', {
      email: uniqueEmail('theirs'),
      role: 'orders',
    });
    expect(theirs.statusCode).toBe(201);
    const others = await invite({ email: uniqueEmail('others'), role: 'orders' });
    expect((await call(owner, 'POST', `/api/admin/staff/${sender.id}/suspend`)).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/staff/invitation', { token: theirs.json().token })).statusCode).toBe(410);
    expect((await call(null, 'POST', '/api/staff/invitation', { token: others.token })).statusCode).toBe(200);
  });
});

describe('accepting with an existing account’s password', () => {
  it('counts wrong passwords with the sign-in limit: the 11th try within the window is refused, as sign-in is', async () => {
    const shopper = await registerShopper(t.app, 'Guessed Account');
    const { token } = await invite({ email: shopper.email, role: 'support' });
    const accept = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/accept',
        remoteAddress: '203.0.113.77',
        payload: { token, password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < t.app.config.LOGIN_RATE_LIMIT_MAX; i++)
      statuses.push((await accept(`Wr0ngPass!${i}`)).statusCode);
    expect(statuses).toEqual(Array(t.app.config.LOGIN_RATE_LIMIT_MAX).fill(401));
    const eleventh = await accept(PASSWORD);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(API_MSG.tooManySignIns);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // One count: the sign-in form is closed to this address and e-mail too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '203.0.113.77',
      payload: { email: shopper.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(429);
    expect((await call(null, 'POST', '/api/staff/invitation', { token })).statusCode).toBe(200);
  });
});
