import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import type { ConfirmationQueue, Order, PhoneRecord } from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  moveOrder,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
  createStaff,
  payByCard,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { freePort } from '../../../test/security/server-process.js';
import { startBostaSimulator } from '../courier/bosta/simulator.js';

/**
 * A delivery phone's record, kept by the moves every order makes: the courier's callbacks (through the Bosta
 * simulator), the admin's moves, the shopper's answers. Asked of the route, as the dashboard asks it.
 */

const API_KEY = 'bosta_test_api_key';

let t: TestContext;
let admin: Account;
let shopper: Account;
let simulator: Awaited<ReturnType<typeof startBostaSimulator>>;

beforeAll(async () => {
  simulator = await startBostaSimulator({ apiKey: API_KEY });
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
    COURIER: 'bosta',
    BOSTA_API_KEY: API_KEY,
    BOSTA_API_URL: simulator.url,
    BOSTA_WEBHOOK_SECRET: 'bosta-webhook-secret-for-tests',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

/** A mobile no other test's orders go to. */
const newPhone = () => `010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

const recordOf = async (phone: string, as: Account = admin) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/phone-records/${encodeURIComponent(phone)}`,
    headers: as.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PhoneRecord>();
};

/** A cash order to `phone`, confirmed by its shopper unless told not to. */
async function cashOrder(phone: string, { confirm = true } = {}) {
  const product = await createProduct(t.app.db, { stock: 5 });
  return placeOrderOf(t.app, shopper, [[product, 1]], { ...ADDRESS, phone }, 'cash', { confirm });
}

const move = (orderId: string, status: string, extra: { trackingNumber?: string; reason?: string } = {}) =>
  moveOrder(t.app, admin, orderId, status, extra);

/** Shipped through Bosta: its tracking number, for the simulator's callbacks. */
async function shipByCourier(order: Order): Promise<string> {
  const shipped = await move(order._id, 'shipped');
  if (!shipped.trackingNumber) throw new Error('shipped without a tracking number');
  return shipped.trackingNumber;
}

describe('a phone’s record', () => {
  it('counts what each of its orders became, by the courier’s callbacks and the admin’s moves', async () => {
    const phone = newPhone();
    expect(await recordOf(phone)).toEqual({
      placed: 0,
      confirmed: 0,
      delivered: 0,
      refused: 0,
      cancelledAfterConfirming: 0,
    });

    // Delivered: once by the courier's callback, once moved by the admin with a number typed by hand.
    expect(await simulator.deliver(await shipByCourier(await cashOrder(phone)))).toBe(200);
    const byHand = await cashOrder(phone);
    await move(byHand._id, 'shipped', { trackingNumber: 'HAND-1' });
    await move(byHand._id, 'delivered');
    expect(await recordOf(phone)).toEqual({
      placed: 2,
      confirmed: 2,
      delivered: 2,
      refused: 0,
      cancelledAfterConfirming: 0,
    });

    // Refused: the courier brings one parcel back; the admin records another coming back.
    expect(await simulator.returnToBusiness(await shipByCourier(await cashOrder(phone)))).toBe(200);
    const returnedByHand = await cashOrder(phone);
    await move(returnedByHand._id, 'shipped', { trackingNumber: 'HAND-2' });
    await move(returnedByHand._id, 'returned');
    // Cancelled after confirming, and cancelled before: only the first counts as such.
    await move((await cashOrder(phone))._id, 'cancelled', { reason: 'Changed their mind' });
    await move((await cashOrder(phone, { confirm: false }))._id, 'cancelled');
    // Still waiting for its shopper: placed, nothing more.
    await cashOrder(phone, { confirm: false });
    expect(await recordOf(phone)).toEqual({
      placed: 7,
      confirmed: 5,
      delivered: 2,
      refused: 2,
      cancelledAfterConfirming: 1,
    });
  });

  it('does not count a parcel sent back after delivery as refused', async () => {
    const phone = newPhone();
    const order = await cashOrder(phone);
    expect(await simulator.deliver(await shipByCourier(order))).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/return`,
      headers: shopper.headers,
      payload: { reason: 'Too small' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await move(order._id, 'returned');
    expect(await recordOf(phone)).toMatchObject({ placed: 1, delivered: 1, refused: 0 });
  });

  it('counts a paid card order as confirmed, and is the same however the phone is written', async () => {
    const phone = newPhone();
    const product = await createProduct(t.app.db, { stock: 5 });
    const order = await placeOrderOf(t.app, shopper, [[product, 1]], { ...ADDRESS, phone }, 'visa');
    await payByCard(t.app, shopper, order._id);
    // An unpaid card order is placed, never confirmed.
    await placeOrderOf(t.app, shopper, [[product, 1]], { ...ADDRESS, phone }, 'visa');
    const record = { placed: 2, confirmed: 1, delivered: 0, refused: 0, cancelledAfterConfirming: 0 };
    expect(await recordOf(phone)).toEqual(record);
    expect(await recordOf(`+20 ${phone.slice(1, 4)} ${phone.slice(4)}`)).toEqual(record);
  });

  it('shows in the agents’ queue beside each order', async () => {
    const phone = newPhone();
    expect(await simulator.returnToBusiness(await shipByCourier(await cashOrder(phone)))).toBe(200);
    const waiting = await cashOrder(phone, { confirm: false });
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/confirmations', headers: admin.headers });
    const item = queue.json<ConfirmationQueue>().items.find((i) => i.order._id === waiting._id);
    expect(item?.record).toEqual({ placed: 2, confirmed: 1, delivered: 0, refused: 1, cancelledAfterConfirming: 0 });
  });
});

describe('the route', () => {
  it('answers the desk’s agents, and refuses a shopper and a number that is not a mobile', async () => {
    const agent = await createStaff(t.app, 'orders');
    expect((await recordOf(newPhone(), agent)).placed).toBe(0);
    const url = `/api/admin/phone-records/${newPhone()}`;
    expect((await t.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(403);
    for (const bad of ['12345', '0201234567', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/phone-records/${bad}`, headers: admin.headers });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
