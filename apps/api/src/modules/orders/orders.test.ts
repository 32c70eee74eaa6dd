import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CARD_ORDER_TTL_MS, type Order, type OrderStatus } from '@shop/contracts';
import { auditLogs, cartItems, orders, products } from '../../db/schema.js';
import {
  confirmByShopper,
  createAdmin,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS as address, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import { asAnotherClient } from '../../../test/nested-connections.js';
import { expireUnpaidOrders, orderExpiry } from './expiry.js';
import { transaction } from '../../db/transaction.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

async function fillCart(account: Account, lines: [ProductFixture, number][]) {
  await t.app.db.delete(cartItems).where(eq(cartItems.userId, account.id));
  await t.app.db
    .insert(cartItems)
    .values(lines.map(([p, quantity]) => ({ userId: account.id, productId: p.id, quantity })));
}
const place = (account: Account, paymentMethod: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: account.headers,
    payload: { deliveryAddress: address, paymentMethod },
  });
async function placed(account: Account, paymentMethod: string): Promise<Order> {
  const res = await place(account, paymentMethod);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const [order] = res.json() as Order[];
  if (!order) throw new Error('no order in the answer');
  if (order.status !== 'awaiting_confirmation') return order;
  // A cash order ships once its shopper has confirmed it (confirmations.test.ts has the rest).
  await confirmByShopper(t.app, order._id);
  return (
    await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: account.headers })
  ).json<Order>();
}
const stockOf = async (p: ProductFixture) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id)))[0]?.stock;
const cartSize = async (account: Account) =>
  (await t.app.db.select().from(cartItems).where(eq(cartItems.userId, account.id))).length;
const statusOf = async (id: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const TRACKING = 'EG-1234567';
const setStatus = (account: Account, id: string, status: OrderStatus) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/${id}/status`,
    headers: account.headers,
    payload: { status, ...(status === 'shipped' ? { trackingNumber: TRACKING } : {}) },
  });

describe('who may call the order routes', () => {
  it('shopper routes refuse visitors (401) and admins (403); admin routes refuse visitors and shoppers', async () => {
    const shopper = await registerShopper(t.app);
    const orderId = '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d';
    const shopperCalls = [
      { method: 'POST' as const, url: '/api/order', payload: { deliveryAddress: address, paymentMethod: 'cash' } },
      { method: 'GET' as const, url: '/api/order' },
    ];
    for (const call of shopperCalls) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.app.inject({ ...call, headers: admin.headers })).statusCode, `${call.method} ${call.url}`).toBe(
        403,
      );
    }
    const adminCalls = [
      { method: 'GET' as const, url: `/api/order/admin/${shopper.id}` },
      { method: 'PUT' as const, url: `/api/order/${orderId}/status`, payload: { status: 'shipped' } },
    ];
    for (const call of adminCalls) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.app.inject({ ...call, headers: shopper.headers })).statusCode, `${call.method} ${call.url}`).toBe(
        403,
      );
    }
  });
});

describe('placing an order', () => {
  it('cash: bill = items + 21 + 9 EGP, awaiting confirmation, stock taken, cart cleared, snapshot and audit written', async () => {
    const user = await registerShopper(t.app);
    const a = await createProduct(t.app.db, {
      name: 'Blender',
      nameAr: 'خلاط',
      price: 150.25,
      stock: 5,
      imagePaths: ['/uploads/b.webp'],
    });
    const b = await createProduct(t.app.db, { name: 'Toaster', price: 99.5, stock: 1 });
    await fillCart(user, [
      [a, 2],
      [b, 1],
    ]);
    const res = await place(user, 'cash');
    expect(res.statusCode).toBe(201);
    const body = res.json() as Order[];
    expect(body).toHaveLength(1);
    const [order] = body;
    expect(order).toMatchObject({
      itemsTotal: 400,
      shipping: 21,
      codFee: 9,
      bill: 430,
      status: 'awaiting_confirmation',
      paymentMethod: 'cash',
      deliveryAddress: address,
    });
    expect(order?.statusHistory.map((h) => h.status)).toEqual(['awaiting_confirmation']);
    expect(order?.products).toEqual([
      {
        product_id: a.id,
        productBrief: {
          product_id: a.id,
          name: 'Blender',
          nameAr: 'خلاط',
          price: 150.25,
          image_path: ['/uploads/b.webp'],
        },
        quantity: 2,
      },
      {
        product_id: b.id,
        productBrief: {
          product_id: b.id,
          name: 'Toaster',
          nameAr: null,
          price: 99.5,
          image_path: ['/uploads/test.webp'],
        },
        quantity: 1,
      },
    ]);
    expect(await stockOf(a)).toBe(3);
    expect(await stockOf(b)).toBe(0);
    expect(await cartSize(user)).toBe(0);
    const logs = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order_placed'), eq(auditLogs.userId, user.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.type).toBe('order');
  });

  it('answers 201 for an order that committed when the wait for the disk after it finds the database busy', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 5 });
    await fillCart(shopper, [[product, 1]]);
    // What the pool throws when no connection came free in time, wrapped as drizzle wraps it.
    const busy = Object.assign(new Error('Failed query: select pg_current_xact_id()'), {
      cause: new Error('timeout exceeded when trying to connect'),
    });
    const wait = vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(busy);
    try {
      const res = await place(shopper, 'cash');
      expect(res.statusCode).toBe(201);
      // The wait was tried again: the answer still means the order is on disk.
      const waits = wait.mock.calls.filter(([query]) => JSON.stringify(query).includes('pg_current_xact_id'));
      expect(waits).toHaveLength(2);
    } finally {
      wait.mockRestore();
    }
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(1);
  });

  it('visa: bill = items, pending, stock taken, cart kept until payment', async () => {
    const user = await registerShopper(t.app);
    const a = await createProduct(t.app.db, { price: 1234.56, stock: 4 });
    await fillCart(user, [[a, 3]]);
    const order = await placed(user, 'visa');
    expect(order).toMatchObject({
      itemsTotal: 3703.68,
      shipping: 0,
      codFee: 0,
      bill: 3703.68,
      status: 'pending',
      paymentMethod: 'visa',
    });
    expect(await stockOf(a)).toBe(1);
    expect(await cartSize(user)).toBe(1);
  });

  it('any method other than visa is cash on delivery', async () => {
    const user = await registerShopper(t.app);
    await fillCart(user, [[await createProduct(t.app.db, { price: 10 }), 1]]);
    expect(await placed(user, 'PayOnDelivery')).toMatchObject({ paymentMethod: 'cash', bill: 40 });
  });

  it('refuses an empty cart with 400', async () => {
    const user = await registerShopper(t.app);
    const res = await place(user, 'cash');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your cart is empty');
  });

  it('refuses cash for a cart holding a product without cash on delivery, and takes nothing', async () => {
    const user = await registerShopper(t.app);
    const tv = await createProduct(t.app.db, { name: 'Big TV', cod: false, stock: 2 });
    const cable = await createProduct(t.app.db, { stock: 2 });
    await fillCart(user, [
      [tv, 1],
      [cable, 1],
    ]);
    const res = await place(user, 'cash');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cash on delivery is not available for Big TV. Please pay by card.');
    expect(await stockOf(tv)).toBe(2);
    expect((await place(user, 'visa')).statusCode).toBe(201);
  });

  it('out of stock: 409 with the products that ran out, and nothing changes', async () => {
    const user = await registerShopper(t.app);
    const short = await createProduct(t.app.db, {
      name: 'Air Fryer',
      nameAr: 'قلاية هوائية',
      stock: 2,
      imagePaths: ['/uploads/f.webp'],
    });
    const gone = await createProduct(t.app.db, { name: 'Blender', stock: 0 });
    const fine = await createProduct(t.app.db, { name: 'Cup', stock: 9 });
    await fillCart(user, [
      [short, 3],
      [gone, 1],
      [fine, 2],
    ]);
    const res = await place(user, 'cash');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([
      { _id: short.id, name: 'Air Fryer', nameAr: 'قلاية هوائية', image_path: ['/uploads/f.webp'], stock: 2 },
      { _id: gone.id, name: 'Blender', nameAr: null, image_path: ['/uploads/test.webp'], stock: 0 },
    ]);
    expect(await stockOf(fine)).toBe(9);
    expect(await stockOf(short)).toBe(2);
    expect(await cartSize(user)).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/order', headers: user.headers })).json()).toEqual([]);
  });

  it('two shoppers racing for the last unit: exactly one 201, the other 409, stock 0', async () => {
    const product = await createProduct(t.app.db, { stock: 1 });
    const buyers = await Promise.all([registerShopper(t.app), registerShopper(t.app)]);
    for (const buyer of buyers) await fillCart(buyer, [[product, 1]]);
    const results = await Promise.all(buyers.map((buyer, i) => place(buyer, i ? 'visa' : 'cash')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json()).toEqual([expect.objectContaining({ _id: product.id, stock: 0 })]);
    expect(await stockOf(product)).toBe(0);
  });

  it('a new order cancels the older pending card order and returns its stock', async () => {
    const user = await registerShopper(t.app);
    const p = await createProduct(t.app.db, { stock: 5 });
    const q = await createProduct(t.app.db, { stock: 5 });
    await fillCart(user, [[p, 2]]);
    const first = await placed(user, 'visa');
    expect(await stockOf(p)).toBe(3);

    // The same cart again: the old order's units come back and are taken again.
    const second = await placed(user, 'visa');
    expect(await statusOf(first._id)).toBe('cancelled');
    expect(await stockOf(p)).toBe(3);

    await fillCart(user, [[q, 1]]);
    const third = await placed(user, 'cash');
    expect(await statusOf(second._id)).toBe('cancelled');
    expect(await stockOf(p)).toBe(5);
    expect(await stockOf(q)).toBe(4);
    expect(third.status).toBe('confirmed');
    const pending = await t.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, 'pending')));
    expect(pending).toHaveLength(0);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/order', headers: user.headers })).json() as Order[];
    expect(mine.find((o) => o._id === first._id)?.statusHistory.map((h) => h.status)).toEqual(['pending', 'cancelled']);
  });

  it('a new order that fails keeps the older pending order', async () => {
    const user = await registerShopper(t.app);
    const p = await createProduct(t.app.db, { stock: 2 });
    const gone = await createProduct(t.app.db, { stock: 0 });
    await fillCart(user, [[p, 2]]);
    const first = await placed(user, 'visa');
    await fillCart(user, [[gone, 1]]);
    expect((await place(user, 'visa')).statusCode).toBe(409);
    expect(await statusOf(first._id)).toBe('pending');
    expect(await stockOf(p)).toBe(0);
  });

  it('a shortage names only the products short, counting the units the older card order gives back, and tells their sum', async () => {
    const user = await registerShopper(t.app);
    const held = await createProduct(t.app.db, { name: 'Held Kettle', stock: 3 });
    const scarce = await createProduct(t.app.db, { name: 'Scarce Lamp', stock: 1 });
    await fillCart(user, [[held, 2]]);
    const first = await placed(user, 'visa');
    expect(await stockOf(held)).toBe(1);
    // 3 kettles: 1 on the shelf and 2 coming back from the first order; 2 lamps: only 1 left.
    await fillCart(user, [
      [held, 3],
      [scarce, 2],
    ]);
    const res = await place(user, 'visa');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([expect.objectContaining({ _id: scarce.id, stock: 1 })]);
    expect(await statusOf(first._id)).toBe('pending');
    expect([await stockOf(held), await stockOf(scarce)]).toEqual([1, 1]);

    // 4 kettles are too many: the shopper is told of the 3 there are for them.
    await fillCart(user, [[held, 4]]);
    const more = await place(user, 'visa');
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual([expect.objectContaining({ _id: held.id, stock: 3 })]);
  });
});

// Two connections at once: an admin's edit waits open while the checkout runs into its lock.
describe.runIf(process.env.TEST_DATABASE_URL)('a price changed while the order is being placed', () => {
  const waitingOnLock = async () =>
    Number(
      (
        await t.app.db.execute<{ n: string }>(
          sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows[0]?.n,
    );

  it('charges the price the product has when its stock is taken', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 100, stock: 5 });
    await fillCart(shopper, [[product, 2]]);
    let answer: ReturnType<typeof place> | undefined;
    await transaction(t.app.db, async (tx) => {
      await tx.update(products).set({ price: 15_000 }).where(eq(products.id, product.id));
      answer = asAnotherClient(() => place(shopper, 'cash'));
      // Until the checkout waits on the edit, however long a busy machine takes: committed earlier, the edit would
      // come before the checkout read the cart, and the test would not see the race it is about.
      await expect.poll(() => asAnotherClient(waitingOnLock), { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    });
    const res = await answer;
    expect(res?.statusCode).toBe(201);
    const [order] = res?.json() as Order[];
    expect(order?.products.map((p) => p.productBrief.price)).toEqual([150]);
    expect(order?.itemsTotal).toBe(300);
    expect(await stockOf(product)).toBe(3);
  });
});

describe('listing orders', () => {
  it('a shopper sees only their own orders, newest first; an admin sees any user’s', async () => {
    const user = await registerShopper(t.app);
    const other = await registerShopper(t.app);
    const p = await createProduct(t.app.db, { stock: 10 });
    await fillCart(user, [[p, 1]]);
    const older = await placed(user, 'cash');
    t.clock.advance(1000);
    await fillCart(user, [[p, 2]]);
    const newer = await placed(user, 'cash');
    t.clock.advance(-1000);
    await fillCart(other, [[p, 1]]);
    await placed(other, 'cash');

    const own = await t.app.inject({ method: 'GET', url: '/api/order', headers: user.headers });
    expect(own.statusCode).toBe(200);
    expect((own.json() as Order[]).map((o) => o._id)).toEqual([newer._id, older._id]);

    const byAdmin = await t.app.inject({ method: 'GET', url: `/api/order/admin/${user.id}`, headers: admin.headers });
    expect(byAdmin.statusCode).toBe(200);
    // The shopper's orders, with what staff's refund of each gives back: nothing of a cash order not yet delivered.
    expect(byAdmin.json()).toEqual(
      (own.json() as Order[]).map((order) => ({
        ...order,
        refundable: null,
        refundPending: null,
        refundUnheard: null,
      })),
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/order/admin/6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/order/admin/not-an-id', headers: admin.headers })).statusCode,
    ).toBe(400);
  });
});

describe('order status (admin)', () => {
  async function cashOrder(stock = 5, quantity = 2) {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock });
    await fillCart(user, [[product, quantity]]);
    return { user, product, order: await placed(user, 'cash') };
  }

  it('moves a cash order confirmed → shipped → delivered, recording history and audit', async () => {
    const { order } = await cashOrder();
    const shipped = await setStatus(admin, order._id, 'shipped');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ _id: order._id, status: 'shipped', trackingNumber: TRACKING });
    const delivered = (await setStatus(admin, order._id, 'delivered')).json() as Order;
    expect(delivered.statusHistory.map((h) => h.status)).toEqual([
      'awaiting_confirmation',
      'confirmed',
      'shipped',
      'delivered',
    ]);
    const logs = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order_status'), eq(auditLogs.userId, admin.id)));
    expect(logs.some((l) => l.message.includes(`order ${order._id} from shipped to delivered`))).toBe(true);
  });

  it('refuses moves the state machine does not allow with 409', async () => {
    const { order } = await cashOrder();
    for (const to of ['paid', 'pending', 'delivered', 'confirmed'] as const) {
      const res = await setStatus(admin, order._id, to);
      expect(res.statusCode, to).toBe(409);
      expect(res.json().message).toBe(`An order that is confirmed cannot become ${to}`);
    }
    await setStatus(admin, order._id, 'shipped');
    expect((await setStatus(admin, order._id, 'cancelled')).statusCode).toBe(409);
    await setStatus(admin, order._id, 'delivered');
    expect((await setStatus(admin, order._id, 'cancelled')).statusCode).toBe(409);
  });

  it('never ships an unpaid card order, and leaves marking it paid to the payment provider', async () => {
    const user = await registerShopper(t.app);
    await fillCart(user, [[await createProduct(t.app.db), 1]]);
    const order = await placed(user, 'visa');
    expect((await setStatus(admin, order._id, 'shipped')).statusCode).toBe(409);
    const paid = await setStatus(admin, order._id, 'paid');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('An order that is pending cannot become paid');
    expect(await statusOf(order._id)).toBe('pending');
  });

  it('ships by hand only with a tracking number, which the shopper then sees', async () => {
    const { user, order } = await cashOrder();
    const bare = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped', trackingNumber: '  ' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Enter the tracking number of the shipment');
    expect(await statusOf(order._id)).toBe('confirmed');
    expect((await setStatus(admin, order._id, 'shipped')).statusCode).toBe(200);
    const [own] = (await t.app.inject({ method: 'GET', url: '/api/order', headers: user.headers })).json() as Order[];
    expect(own).toMatchObject({ status: 'shipped', trackingNumber: TRACKING, trackingUrl: null });
  });

  it('cancelling returns the stock, and a cancelled order moves no more', async () => {
    const { order, product } = await cashOrder(5, 2);
    expect(await stockOf(product)).toBe(3);
    const res = await setStatus(admin, order._id, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await stockOf(product)).toBe(5);
    expect((await setStatus(admin, order._id, 'cancelled')).statusCode).toBe(409);
    expect(await stockOf(product)).toBe(5);
  });

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    expect((await setStatus(admin, '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d', 'shipped')).statusCode).toBe(404);
    const { order } = await cashOrder();
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('unpaid card orders expire', () => {
  it('cancels a pending card order after 30 minutes (not before) and returns its stock; cash orders stay', async () => {
    const user = await registerShopper(t.app);
    const p = await createProduct(t.app.db, { stock: 4 });
    await fillCart(user, [[p, 3]]);
    const card = await placed(user, 'visa');
    const buyer = await registerShopper(t.app);
    await fillCart(buyer, [[p, 1]]);
    const cash = await placed(buyer, 'cash');
    expect(await stockOf(p)).toBe(0);
    try {
      t.clock.advance(CARD_ORDER_TTL_MS - 60_000);
      await expireUnpaidOrders(t.app);
      expect(await statusOf(card._id)).toBe('pending');

      t.clock.advance(2 * 60_000);
      expect(await expireUnpaidOrders(t.app)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(card._id)).toBe('cancelled');
      expect(await statusOf(cash._id)).toBe('confirmed');
      expect(await stockOf(p)).toBe(3);
      const logs = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'order_expired'));
      expect(logs.some((l) => (l.data as { orderId?: string }).orderId === card._id)).toBe(true);
      expect(await expireUnpaidOrders(t.app)).toBe(0);
    } finally {
      t.clock.advance(-(CARD_ORDER_TTL_MS + 60_000));
    }
  });

  it('several runs at once cancel each order once and return its stock once', async () => {
    const p = await createProduct(t.app.db, { stock: 30 });
    for (let i = 0; i < 6; i++) {
      const user = await registerShopper(t.app);
      await fillCart(user, [[p, 5]]);
      await placed(user, 'visa');
    }
    expect(await stockOf(p)).toBe(0);
    try {
      t.clock.advance(CARD_ORDER_TTL_MS + 1000);
      const counts = await Promise.all([
        expireUnpaidOrders(t.app),
        expireUnpaidOrders(t.app),
        expireUnpaidOrders(t.app),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
      expect(await stockOf(p)).toBe(30);
    } finally {
      t.clock.advance(-(CARD_ORDER_TTL_MS + 1000));
    }
  });

  it('the scheduled expiry runs on a timer until stopped', async () => {
    const user = await registerShopper(t.app);
    const p = await createProduct(t.app.db, { stock: 1 });
    await fillCart(user, [[p, 1]]);
    const order = await placed(user, 'visa');
    const expiry = orderExpiry(t.app);
    expiry.start(50);
    t.clock.advance(CARD_ORDER_TTL_MS + 1000);
    try {
      await expect.poll(() => statusOf(order._id), { timeout: 10_000, interval: 50 }).toBe('cancelled');
    } finally {
      await expiry.stop();
      t.clock.advance(-(CARD_ORDER_TTL_MS + 1000));
    }
    // Stopped: a later unpaid order is left alone however late it gets.
    await fillCart(user, [[p, 1]]);
    const later = await placed(user, 'visa');
    t.clock.advance(CARD_ORDER_TTL_MS + 1000);
    await new Promise((r) => setTimeout(r, 200));
    t.clock.advance(-(CARD_ORDER_TTL_MS + 1000));
    expect(await statusOf(later._id)).toBe('pending');
  });
});
