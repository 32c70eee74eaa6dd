import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_MSG, RETURN_WINDOW_MS, type Order, type OrderStatus } from '@shop/contracts';
import { auditLogs, orders, payments, shippingRates, shippingSettings } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  PASSWORD,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
  payByCard,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import * as probes from '../../../test/order-probes.js';
import { AfterCommit, type AfterCommitDeps } from './lifecycle.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** Moves the clock on; sessions (10 days) are shorter than the return window, so everyone signs in again. */
async function later(ms: number, ...accounts: Account[]) {
  t.clock.advance(ms);
  for (const account of [admin, ...accounts]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: PASSWORD },
    });
    const { token } = res.json() as { token: string };
    account.token = token;
    account.headers = { 'x-access-token': token };
  }
}
const call = (account: Account, method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
const move = (id: string, status: OrderStatus, extra: object = {}) =>
  call(admin, 'PUT', `/api/order/${id}/status`, { status, ...extra });
const ship = (id: string) => move(id, 'shipped', { trackingNumber: 'EG-42' });
const stockOf = (product: ProductFixture) => probes.stockOf(t.app.db, product);
const mailsOf = (orderId: string) => probes.mailsOf(t.app.db, orderId);
const historyOf = (orderId: string) => probes.historyOf(t.app.db, orderId);

async function cashOrder(user: Account, stock = 5, quantity = 2) {
  const product = await createProduct(t.app.db, { stock });
  return { product, order: await placeOrderOf(t.app, user, [[product, quantity]], ADDRESS, 'cash') };
}

async function paidCardOrder(user: Account) {
  const product = await createProduct(t.app.db, { stock: 4 });
  const order = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'visa');
  await payByCard(t.app, user, order._id);
  return { product, order };
}

async function deliveredOrder(user: Account) {
  const { product, order } = await cashOrder(user);
  expect((await ship(order._id)).statusCode).toBe(200);
  expect((await move(order._id, 'delivered')).statusCode).toBe(200);
  return { product, order };
}

describe('a shopper cancels', () => {
  it('their confirmed cash order: stock back, reason kept, the e-mail queued', async () => {
    const user = await registerShopper(t.app);
    const { product, order } = await cashOrder(user, 5, 2);
    expect(await stockOf(product)).toBe(3);
    const res = await call(user, 'POST', `/api/order/${order._id}/cancel`, { reason: 'Ordered twice' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).status).toBe('cancelled');
    expect((res.json() as Order).statusHistory.at(-1)).toMatchObject({ status: 'cancelled', reason: 'Ordered twice' });
    expect(await stockOf(product)).toBe(5);
    expect(await mailsOf(order._id)).toEqual(['confirm_request', 'confirmed', 'cancelled']);
    expect(await historyOf(order._id)).toEqual([
      { status: 'awaiting_confirmation', actor: 'shopper', reason: null },
      { status: 'confirmed', actor: 'shopper', reason: null },
      { status: 'cancelled', actor: 'shopper', reason: 'Ordered twice' },
    ]);
  });

  it('their paid card order: the provider gives the money back and the order is cancelled', async () => {
    const user = await registerShopper(t.app);
    const { product, order } = await paidCardOrder(user);
    expect(await stockOf(product)).toBe(3);
    const res = await call(user, 'POST', `/api/order/${order._id}/cancel`, { reason: 'Found it cheaper' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Order).status).toBe('cancelled');
    expect((await historyOf(order._id)).at(-1)).toEqual({
      status: 'cancelled',
      actor: 'shopper',
      reason: 'Found it cheaper',
    });
    expect(await stockOf(product)).toBe(4);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.state).toMatch(/refunded|voided/);
    expect(await mailsOf(order._id)).toEqual(['placed', 'paid', 'cancelled']);
  });

  it('nothing once shipped, and never somebody else’s order', async () => {
    const user = await registerShopper(t.app);
    const { order } = await cashOrder(user);
    const stranger = await registerShopper(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: user.headers })).json(),
    ).toMatchObject({ _id: order._id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${order._id}` })).statusCode).toBe(401);
    expect((await call(stranger, 'POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(403);
    await ship(order._id);
    const late = await call(user, 'POST', `/api/order/${order._id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(API_MSG.notCancellable);
    expect((await t.app.db.select().from(orders).where(eq(orders.id, order._id)))[0]?.status).toBe('shipped');
  });
});

describe('returns', () => {
  it('within 14 days of delivery: asked with a reason, accepted, parcel back on the shelf, cash refunded by hand', async () => {
    const user = await registerShopper(t.app);
    const { product, order } = await deliveredOrder(user);
    await later(RETURN_WINDOW_MS - DAY, user);
    expect((await call(user, 'POST', `/api/order/${order._id}/return`, { reason: ' ' })).statusCode).toBe(400);
    const asked = await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Too small' });
    expect(asked.statusCode).toBe(200);
    expect((asked.json() as Order).status).toBe('return_requested');
    expect((await move(order._id, 'returned')).json().status).toBe('returned');
    expect(await stockOf(product)).toBe(5);
    // Marked refunded only by giving the money back, and a cash refund says how it went back.
    for (const unsaid of [move(order._id, 'refunded'), call(admin, 'POST', `/api/order/${order._id}/refund`)]) {
      const res = await unsaid;
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(API_MSG.paidBackByRequired);
    }
    const refunded = await call(admin, 'POST', `/api/order/${order._id}/refund`, { paidBackBy: 'cash at the door' });
    expect(refunded.statusCode).toBe(200);
    expect((refunded.json() as Order).status).toBe('refunded');
    expect(await mailsOf(order._id)).toEqual([
      'confirm_request',
      'confirmed',
      'shipped',
      'delivered',
      'return_accepted',
      'refunded',
    ]);
    expect((await historyOf(order._id)).map((h) => [h.status, h.actor, h.reason])).toEqual([
      ['awaiting_confirmation', 'shopper', null],
      ['confirmed', 'shopper', null],
      ['shipped', 'admin', null],
      ['delivered', 'admin', null],
      ['return_requested', 'shopper', 'Too small'],
      ['returned', 'admin', null],
      ['refunded', 'admin', 'paid back by cash at the door'],
    ]);
    const logs = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'order_refunded'));
    expect(logs.some((l) => l.message.includes(`order ${order._id} from returned to refunded`))).toBe(true);
  });

  it('of a card order: accepted and back, the money goes back through the provider that took it', async () => {
    const user = await registerShopper(t.app);
    const { product, order } = await paidCardOrder(user);
    expect((await ship(order._id)).statusCode).toBe(200);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    expect((await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Wrong size' })).statusCode).toBe(200);
    expect((await move(order._id, 'returned')).json().status).toBe('returned');
    expect(await stockOf(product)).toBe(4);

    const refunded = await call(admin, 'POST', `/api/order/${order._id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((refunded.json() as Order).status).toBe('refunded');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.state).toBe('refunded');
    expect(await stockOf(product)).toBe(4);
    expect((await mailsOf(order._id)).slice(-2)).toEqual(['return_accepted', 'refunded']);
    expect((await call(admin, 'POST', `/api/order/${order._id}/refund`)).statusCode).toBe(409);
  });

  it('refused by the admin: the order is delivered again, with the reason', async () => {
    const user = await registerShopper(t.app);
    const { product, order } = await deliveredOrder(user);
    await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Changed my mind' });
    const refused = await move(order._id, 'delivered', { reason: 'The seal is broken' });
    expect(refused.statusCode).toBe(200);
    expect((refused.json() as Order).statusHistory.at(-1)).toMatchObject({
      status: 'delivered',
      reason: 'The seal is broken',
    });
    expect(await stockOf(product)).toBe(3);
    expect((await mailsOf(order._id)).at(-1)).toBe('return_refused');

    // The refusal delivers the order again, but the 14 days still run from its first delivery.
    await later(RETURN_WINDOW_MS - 60_000, user);
    expect((await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Still unhappy' })).statusCode).toBe(
      200,
    );
    expect((await move(order._id, 'delivered', { reason: 'Same seal' })).statusCode).toBe(200);
    await later(2 * 60_000, user);
    const late = await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Once more' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(API_MSG.notReturnable);
  });

  it('not after 14 days, not before delivery, and only the shopper asks', async () => {
    const user = await registerShopper(t.app);
    const { order: early } = await cashOrder(user);
    const notYet = await call(user, 'POST', `/api/order/${early._id}/return`, { reason: 'Broken' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(API_MSG.notReturnable);

    const { order } = await deliveredOrder(user);
    expect((await move(order._id, 'return_requested')).statusCode).toBe(409);
    await later(RETURN_WINDOW_MS + 60_000, user);
    const late = await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Broken' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(API_MSG.notReturnable);
  });
});

describe('shipping prices', () => {
  it("charges the address's governorate by weight, as the admin priced it", async () => {
    await t.app.db.insert(shippingSettings).values({ codFee: 1200, cardShipsFree: false, freeOver: null });
    await t.app.db.insert(shippingRates).values({ governorate: 'Aswan', base: 6000, perKg: 750 });
    try {
      const user = await registerShopper(t.app);
      const heavy = await createProduct(t.app.db, { stock: 5, weight: 1.5 });
      const order = await placeOrderOf(t.app, user, [[heavy, 2]], { ...ADDRESS, state: 'Aswan' }, 'cash');
      // 3 kg: the first is in the base, two more at 7.50 EGP each.
      expect(order).toMatchObject({ shipping: 75, codFee: 12 });
      expect(order.bill).toBe(order.itemsTotal + 87);
      const cairo = await placeOrderOf(t.app, user, [[heavy, 1]], ADDRESS, 'visa');
      expect(cairo).toMatchObject({ shipping: 21, codFee: 0 });
    } finally {
      await t.app.db.delete(shippingRates);
      await t.app.db.delete(shippingSettings);
    }
  });
});

describe('what a move leaves for after its commit', () => {
  it('never fails the move: a database busy by then is logged, and the mail is still woken', async () => {
    const after = new AfterCommit();
    after.cancelIntent('intent-of-a-cancelled-order');
    after.giveDepositBack(randomUUID());
    after.givePaymentBack('payment-not-taken');
    after.mailQueued();
    const busy = new Error('timeout exceeded when trying to connect');
    const logged: string[] = [];
    let woken = false;
    const deps = {
      // Every query fails as the pool's does when no connection comes free in time.
      db: new Proxy(
        {},
        {
          get: () => {
            throw busy;
          },
        },
      ),
      log: { error: (_: unknown, message: string) => logged.push(message) },
      messageSender: { wake: () => (woken = true) },
      payments: t.app.payments,
      clock: t.clock,
    } as unknown as AfterCommitDeps;
    await expect(after.run(deps)).resolves.toBeUndefined();
    expect(logged).toEqual([
      'after a commit, could not cancel payment intents',
      'after a commit, could not give deposits back',
      'after a commit, could not give payments back',
    ]);
    expect(woken).toBe(true);
  });
});
