import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditLogPage } from '@shop/contracts';
import { users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import {
  createAdmin,
  createTestApp,
  PASSWORD,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { mobileMaker } from '../../../test/messaging-simulators.js';
import { phoneCodeFor } from '../../../test/outbox.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const logs = async (query: string, account: Account = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/logs${query}`, headers: account.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditLogPage;
};

describe('who may read the logs', () => {
  it('admins only: visitors 401, shoppers 403', async () => {
    const shopper = await registerShopper(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/logs' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/logs', headers: shopper.headers })).statusCode).toBe(403);
  });
});

describe('browsing the logs', () => {
  it('lists newest first, 20 a page, with the page count and total', async () => {
    const user = await registerShopper(t.app, 'Paging Person');
    for (let i = 0; i < 25; i++) {
      await audit(t.app.db, {
        type: 'order',
        action: 'order_note',
        message: `entry ${i}`,
        userId: user.id,
        userEmail: user.email,
        data: { i },
        ip: '10.0.0.1',
      });
    }
    const first = await logs(`?user=${user.id}&type=order`);
    expect(first.total).toBe(25);
    expect(first.pages).toBe(2);
    expect(first.logs).toHaveLength(20);
    expect(first.logs[0]).toEqual({
      _id: expect.any(String),
      type: 'order',
      action: 'order_note',
      message: 'entry 24',
      userId: user.id,
      userEmail: user.email,
      // An account with an e-mail is named by it alone.
      userPhone: null,
      // A shopper's entry names no staff member and role (staff.sql stamps those on a member's entries).
      userName: null,
      userRole: null,
      data: { i: 24 },
      ip: '10.0.0.1',
      createdAt: expect.any(String),
    });
    const second = await logs(`?user=${user.id}&type=order&page=2`);
    expect(second.logs.map((l) => l.message)).toEqual(['entry 4', 'entry 3', 'entry 2', 'entry 1', 'entry 0']);
    expect((await logs(`?user=${user.id}&type=order&page=3`)).logs).toEqual([]);
  });

  it('filters by type', async () => {
    const page = await logs('?type=auth');
    expect(page.total).toBeGreaterThan(0);
    expect(page.logs.every((l) => l.type === 'auth')).toBe(true);
    expect(page.logs.some((l) => l.action === 'login' && l.userId === admin.id)).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/logs?type=nonsense', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by user id or by part of an e-mail, case-insensitively and literally', async () => {
    const mona = await registerShopper(t.app, 'Mona');
    const omar = await registerShopper(t.app, 'Omar');
    const byId = await logs(`?user=${mona.id}`);
    expect(byId.total).toBeGreaterThan(0);
    expect(byId.logs.every((l) => l.userId === mona.id)).toBe(true);
    const part = mona.email.slice(0, mona.email.indexOf('@')).toUpperCase();
    const byEmail = await logs(`?user=${encodeURIComponent(part)}`);
    expect(byEmail.logs.every((l) => l.userEmail === mona.email)).toBe(true);
    expect(byEmail.logs.some((l) => l.userEmail === omar.email)).toBe(false);
    // '%' and '_' are text, not wildcards.
    expect((await logs('?user=%25')).total).toBe(0);
    expect((await logs('?user=_')).total).toBe(0);
  });

  it('names an account made by phone by its phone, also once the account is deleted', async () => {
    const mobile = mobileMaker('0157')();
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify',
      payload: { phone: mobile.local, code: await phoneCodeFor(t, mobile.local, mobile.stored), name: 'Phone Person' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const session = signedUp.json() as { user: { _id: string }; token: string };
    const headers = { 'x-access-token': session.token };
    const [account] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, session.user._id));
    const phone = account?.phone ?? '';
    // An order of theirs, cancelled by them.
    const product = await createProduct(t.app.db, { price: 100 });
    const buyer = { id: session.user._id, email: '', token: session.token, headers };
    const order = await placeOrderOf(t.app, buyer, [[product, 1]], ADDRESS, 'cash', { confirm: false });
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/order/${order._id}/cancel`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers,
      payload: { password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // A new password ends the other sessions: the answer carries the new one.
    const again = { 'x-access-token': changed.json<{ token: string }>().token };
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: again });
    expect(gone.statusCode, gone.body).toBe(200);

    // Found by part of the phone, as the dashboard's filter is typed.
    const page = await logs(`?user=${phone.slice(-7)}`);
    expect(page.logs.map((l) => [l.action, l.userEmail, l.userPhone, l.message])).toEqual([
      ['delete_account', null, phone, 'Phone Person deleted their account'],
      ['password_change', null, phone, 'Phone Person changed their password'],
      ['order_status', null, phone, expect.stringMatching(/^Phone Person moved order .* to cancelled$/)],
      ['order_placed', null, phone, expect.stringMatching(/^Phone Person placed order /)],
      ['phone_register', null, phone, expect.stringContaining('registered with a code')],
    ]);
  });

  it('treats empty filters as none and starts at page 1', async () => {
    const all = await logs('');
    const empty = await logs('?type=&user=');
    expect(empty.total).toBe(all.total);
    expect(empty.logs[0]?._id).toBe(all.logs[0]?._id);
    expect((await t.app.inject({ method: 'GET', url: '/api/logs?page=0', headers: admin.headers })).statusCode).toBe(
      400,
    );
  });
});
