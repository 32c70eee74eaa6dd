import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  STATS_DAYS,
  STATS_LIST_SIZE,
  type AdminStats,
  type Order,
  type OrderStatus,
} from '@shop/contracts';
import { cartItems, orderItems, orderStatusHistory, orders, reviews, users } from '../../db/schema.js';
import { toPiastres } from '../../lib/money.js';
import {
  confirmByShopper,
  createAdmin,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS as address, createProduct, createVariantProduct, sizeOption } from '../../../test/fixtures.js';

/** The tests run on a fixed day: 15 March 2025, 10:00 UTC. */
const NOW = Date.parse('2025-03-15T10:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestContext;
let admin: Account;
let shopper: Account;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW - Date.now());
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app, 'Salma Hassan');
});
afterAll(() => t.close());

const stats = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminStats;
};

/** An order written straight to the table, dated and priced as the test needs; `lines` order lines come with it. */
async function insertOrder(
  status: OrderStatus,
  billEgp: number,
  createdAt: Date,
  options: { userId?: string | null; lines?: number } = {},
) {
  const bill = toPiastres(billEgp);
  const [row] = await t.app.db
    .insert(orders)
    .values({
      userId: options.userId === undefined ? shopper.id : options.userId,
      status,
      paymentMethod: status === 'pending' || status === 'paid' ? 'visa' : 'cash',
      itemsTotal: bill,
      shipping: 0,
      codFee: 0,
      bill,
      deliveryAddress: address,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order insert returned no row');
  const lines = options.lines ?? 1;
  await t.app.db.insert(orderItems).values(
    Array.from({ length: lines }, (_, i) => ({
      orderId: row.id,
      productId: null,
      name: `Line ${i}`,
      price: bill,
      imagePaths: [],
      quantity: 1,
    })),
  );
  return row.id;
}

describe('who may read the stats', () => {
  it('admins only: visitors 401, shoppers 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: shopper.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('an empty shop', () => {
  it('has zero sales over 30 zero days ending today, every status at 0, no low stock and no orders', async () => {
    const s = await stats();
    expect(s.generatedAt.slice(0, 10)).toBe('2025-03-15');
    expect(s.sales).toEqual({
      today: { revenue: 0, orders: 0 },
      last7Days: { revenue: 0, orders: 0 },
      last30Days: { revenue: 0, orders: 0 },
    });
    expect(s.daily).toHaveLength(STATS_DAYS);
    expect(s.daily[0]).toEqual({ date: '2025-02-14', revenue: 0, orders: 0 });
    expect(s.daily.at(-1)).toEqual({ date: '2025-03-15', revenue: 0, orders: 0 });
    expect(s.ordersByStatus).toEqual({
      pending: 0,
      paid: 0,
      awaiting_confirmation: 0,
      confirmed: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
      return_requested: 0,
      returned: 0,
      refunded: 0,
    });
    expect(s.lowStock).toEqual({ total: 0, products: [] });
    expect(s.recentOrders).toEqual([]);
    expect(s.reviewsAwaiting).toBe(0);
    expect(s.abandonedCarts).toEqual({ count: 0, value: 0 });
  });
});

describe('reviews waiting for an answer', () => {
  it('counts those with no answer and those written again since the shop answered', async () => {
    const product = await createProduct(t.app.db);
    const authors = [shopper, await registerShopper(t.app, 'Omar'), await registerShopper(t.app, 'Nour')];
    const review = (author: Account, revision: number, repliedRevision: number | null) => ({
      productId: product.id,
      userId: author.id,
      rating: 4,
      title: 'Fine',
      comment: 'Does the job',
      revision,
      reply: repliedRevision ? 'Thank you' : null,
      repliedAt: repliedRevision ? at('2025-03-11T10:00:00Z') : null,
      repliedRevision,
    });
    const [unanswered, answered, rewritten] = authors as [Account, Account, Account];
    await t.app.db
      .insert(reviews)
      .values([review(unanswered, 1, null), review(answered, 2, 2), review(rewritten, 2, 1)]);
    expect((await stats()).reviewsAwaiting).toBe(2);
  });
});

describe('abandoned carts', () => {
  it('counts the carts unchanged for an hour and what they hold, as their screen does', async () => {
    const kettle = await createProduct(t.app.db, { price: 250, stock: 10 });
    const [left, fresh] = [await registerShopper(t.app, 'Left'), await registerShopper(t.app, 'Fresh')];
    await t.app.db.insert(cartItems).values([
      { userId: left.id, productId: kettle.id, quantity: 2 },
      { userId: fresh.id, productId: kettle.id, quantity: 1 },
    ]);
    await t.app.db
      .update(users)
      .set({ cartChangedAt: at('2025-03-15T08:00:00Z') })
      .where(eq(users.id, left.id));
    await t.app.db
      .update(users)
      .set({ cartChangedAt: at('2025-03-15T09:30:00Z') })
      .where(eq(users.id, fresh.id));
    expect((await stats()).abandonedCarts).toEqual({ count: 1, value: 500 });
    await t.app.db.delete(cartItems).where(inArray(cartItems.userId, [left.id, fresh.id]));
  });
});

describe("sales, by Cairo's day (UTC+2 in March)", () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      // 00:30 in Cairo: today, though still yesterday in UTC.
      todayCash: await insertOrder('confirmed', 100.1, at('2025-03-14T22:30:00Z'), { lines: 3 }),
      todayCard: await insertOrder('paid', 200.2, at('2025-03-15T01:00:00Z')),
      todayCancelled: await insertOrder('cancelled', 999, at('2025-03-15T02:00:00Z')),
      todayUnpaid: await insertOrder('pending', 50, at('2025-03-15T03:00:00Z')),
      // The last second of yesterday in Cairo: in the 7 days, not today.
      yesterday: await insertOrder('delivered', 300, at('2025-03-14T21:59:59Z')),
      // The first and last days of the 7-day window's edge, at Cairo's midnight.
      sixDaysAgo: await insertOrder('shipped', 400, at('2025-03-08T22:00:00Z')),
      sevenDaysAgo: await insertOrder('confirmed', 500, at('2025-03-08T21:59:59Z'), { userId: null }),
      // The first day of the 30 (14 Feb is 29 days before 15 Mar 2025), and the day before it.
      firstOf30: await insertOrder('delivered', 600, at('2025-02-13T22:00:00Z')),
      before30: await insertOrder('delivered', 700, at('2025-02-13T21:59:59Z')),
    };
  });

  it('sums the bills of today, the last 7 and the last 30 days, without cancelled or unpaid orders', async () => {
    const s = await stats();
    expect(s.sales.today).toEqual({ revenue: 300.3, orders: 2 });
    expect(s.sales.last7Days).toEqual({ revenue: 1000.3, orders: 4 });
    expect(s.sales.last30Days).toEqual({ revenue: 2100.3, orders: 6 });
  });

  it('gives every one of the 30 days, oldest first, matching the windows', async () => {
    const s = await stats();
    expect(s.daily.map((d) => d.date)).toEqual(
      Array.from({ length: STATS_DAYS }, (_, i) =>
        new Date(Date.parse('2025-02-14T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    const byDate = Object.fromEntries(s.daily.map((d) => [d.date, d]));
    expect(byDate['2025-03-15']).toEqual({ date: '2025-03-15', revenue: 300.3, orders: 2 });
    expect(byDate['2025-03-14']).toEqual({ date: '2025-03-14', revenue: 300, orders: 1 });
    expect(byDate['2025-03-09']).toEqual({ date: '2025-03-09', revenue: 400, orders: 1 });
    expect(byDate['2025-03-08']).toEqual({ date: '2025-03-08', revenue: 500, orders: 1 });
    expect(byDate['2025-02-14']).toEqual({ date: '2025-02-14', revenue: 600, orders: 1 });
    expect(s.daily.filter((d) => d.orders === 0)).toHaveLength(STATS_DAYS - 5);
  });

  it('counts every order by its status, whenever it was placed', async () => {
    expect((await stats()).ordersByStatus).toEqual({
      pending: 1,
      paid: 1,
      awaiting_confirmation: 0,
      confirmed: 2,
      shipped: 1,
      delivered: 3,
      cancelled: 1,
      return_requested: 0,
      returned: 0,
      refunded: 0,
    });
  });

  it('lists the newest orders first with their buyer and number of lines; a deleted buyer shows as nobody', async () => {
    const { recentOrders } = await stats();
    expect(recentOrders.map((o) => o._id)).toEqual([
      ids.todayUnpaid,
      ids.todayCancelled,
      ids.todayCard,
      ids.todayCash,
      ids.yesterday,
      ids.sixDaysAgo,
    ]);
    expect(recentOrders).toHaveLength(STATS_LIST_SIZE);
    expect(recentOrders[3]).toEqual({
      _id: ids.todayCash,
      createdAt: '2025-03-14T22:30:00.000Z',
      bill: 100.1,
      status: 'confirmed',
      paymentMethod: 'cash',
      items: 3,
      user: { _id: shopper.id, name: 'Salma Hassan', email: shopper.email },
    });
    // An account made by phone, with no e-mail, is still its buyer.
    await t.app.db.update(users).set({ email: null }).where(eq(users.id, shopper.id));
    expect((await stats()).recentOrders[3]?.user).toEqual({ _id: shopper.id, name: 'Salma Hassan', email: null });
    await t.app.db.update(users).set({ email: shopper.email }).where(eq(users.id, shopper.id));
    await t.app.db
      .update(orders)
      .set({ createdAt: at('2025-03-15T04:00:00Z') })
      .where(eq(orders.id, ids.sevenDaysAgo ?? ''));
    const [anonymous] = (await stats()).recentOrders;
    expect(anonymous).toMatchObject({ _id: ids.sevenDaysAgo, user: null });
  });
});

describe('low stock', () => {
  it(`lists products with stock at or under ${LOW_STOCK_THRESHOLD}, emptiest first, and how many there are`, async () => {
    await createProduct(t.app.db, { name: 'Plenty', stock: LOW_STOCK_THRESHOLD + 1 });
    const low = [];
    const added = Date.parse('2025-03-01T00:00:00Z');
    for (const [index, [name, stock]] of (
      [
        ['Kettle', 3],
        ['Blender', 0],
        ['Airfryer', LOW_STOCK_THRESHOLD],
        ['Mixer', 1],
        ['Toaster', 2],
        ['Iron', 4],
        ['Fan', 5],
      ] as const
    ).entries()) {
      low.push(
        await createProduct(t.app.db, {
          name,
          stock,
          imagePaths: [`/uploads/${name}.webp`, '/uploads/second.webp'],
          createdAt: new Date(added + index * 60_000),
        }),
      );
    }
    // Sold in sizes, 40 in all, one size down to 1: listed by that size, and naming it.
    const { product: hoodie } = await createVariantProduct(
      t.app.db,
      [sizeOption('S', 'M')],
      [
        { options: { Size: 'S' }, price: 600, stock: 39 },
        { options: { Size: 'M' }, price: 600, stock: 1 },
      ],
      { name: 'Hoodie', imagePaths: ['/uploads/Hoodie.webp'], createdAt: new Date(added + 60 * 60_000) },
    );
    const { lowStock } = await stats();
    expect(lowStock.total).toBe(8);
    expect(lowStock.products.map((p) => `${p.name}:${p.stock}`)).toEqual([
      'Blender:0',
      'Hoodie:40',
      'Mixer:1',
      'Toaster:2',
      'Kettle:3',
      'Iron:4',
    ]);
    expect(lowStock.products[1]).toMatchObject({
      _id: hoodie.id,
      lowSizes: [{ options: [{ name: 'Size', nameAr: null, value: 'M', valueAr: null }], stock: 1 }],
    });
    expect(lowStock.products[0]).toEqual({
      _id: low[1]?.id,
      name: 'Blender',
      nameAr: null,
      stock: 0,
      lowSizes: [],
      image_path: '/uploads/Blender.webp',
    });
  });
});

describe('with real orders', () => {
  it('a cash order counts today once its shopper confirms it; cancelling it takes it out again', async () => {
    const before = (await stats()).sales;
    const product = await createProduct(t.app.db, { price: 250, stock: 20 });
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, quantity: 2 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: shopper.headers,
      payload: { deliveryAddress: address, paymentMethod: 'cash' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = res.json() as Order[];
    if (!order) throw new Error('no order in the answer');
    // Awaiting its shopper's word, it is no sale yet.
    expect((await stats()).sales).toEqual(before);
    await confirmByShopper(t.app, order._id);

    const after = await stats();
    expect(after.sales.today.revenue).toBeCloseTo(before.today.revenue + order.bill, 2);
    expect(after.sales.today.orders).toBe(before.today.orders + 1);
    expect(after.sales.last30Days.orders).toBe(before.last30Days.orders + 1);
    expect(after.recentOrders[0]).toMatchObject({ _id: order._id, bill: order.bill, status: 'confirmed', items: 1 });

    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await stats()).sales).toEqual(before);
  });
});

describe('money given back', () => {
  it('is no sale: a parcel refused at the door, an order refunded, the part of a bill refunded', async () => {
    const before = (await stats()).sales.today;
    const now = t.clock.now();
    await insertOrder('returned', 800, now);
    const refunded = await insertOrder('refunded', 900, now);
    const partly = await insertOrder('delivered', 1000, now);
    await t.app.db
      .update(orders)
      .set({ refunded: toPiastres(900) })
      .where(eq(orders.id, refunded));
    await t.app.db
      .update(orders)
      .set({ refunded: toPiastres(250) })
      .where(eq(orders.id, partly));
    expect((await stats()).sales.today).toEqual({ revenue: before.revenue + 750, orders: before.orders + 1 });
  });

  it('counts an order a part of whose bill went back under its own status, a cancelled one whose money went back as refunded', async () => {
    const before = (await stats()).ordersByStatus;
    const now = t.clock.now();
    const paid = await insertOrder('paid', 500, now);
    const delivered = await insertOrder('delivered', 400, now);
    const cancelled = await insertOrder('cancelled', 300, now);
    await t.app.db
      .update(orders)
      .set({ refunded: toPiastres(100) })
      .where(inArray(orders.id, [paid, delivered]));
    await t.app.db
      .update(orders)
      .set({ refunded: toPiastres(300) })
      .where(eq(orders.id, cancelled));
    expect((await stats()).ordersByStatus).toEqual({
      ...before,
      paid: before.paid + 1,
      delivered: before.delivered + 1,
      refunded: before.refunded + 1,
    });
  });

  it('a refused parcel’s deposit the shop kept is a sale; one given back, or of a parcel once delivered, is not', async () => {
    const before = (await stats()).sales.today;
    const now = t.clock.now();
    const kept = await insertOrder('returned', 800, now);
    const givenBack = await insertOrder('returned', 700, now);
    const deliveredFirst = await insertOrder('returned', 600, now);
    await t.app.db
      .update(orders)
      .set({ deposit: toPiastres(60), depositState: 'paid' })
      .where(inArray(orders.id, [kept, deliveredFirst]));
    await t.app.db
      .update(orders)
      .set({ deposit: toPiastres(50), depositState: 'refunded', refunded: toPiastres(50) })
      .where(eq(orders.id, givenBack));
    // Delivered, then sent back: its deposit was part of a sale now going back whole.
    await t.app.db.insert(orderStatusHistory).values({ orderId: deliveredFirst, status: 'delivered', at: now });
    expect((await stats()).sales.today).toEqual({ revenue: before.revenue + 60, orders: before.orders + 1 });
  });
});

describe("sales, by Cairo's day in summer time (UTC+3)", () => {
  it('counts an order at 00:30 in Cairo today, and one at 23:59:59 the evening before as yesterday', async () => {
    t.clock.advance(Date.parse('2025-08-01T10:00:00Z') - t.clock.now().getTime());
    admin = await createAdmin(t.app); // months on, the first one's session has ended
    const before = await stats();
    expect(before.daily.at(-1)?.date).toBe('2025-08-01');
    await insertOrder('confirmed', 40, at('2025-07-31T21:30:00Z'));
    await insertOrder('confirmed', 60, at('2025-07-31T20:59:59Z'));
    const after = await stats();
    expect(after.sales.today).toEqual({
      revenue: before.sales.today.revenue + 40,
      orders: before.sales.today.orders + 1,
    });
    expect(after.daily.at(-2)).toEqual({ date: '2025-07-31', revenue: 60, orders: 1 });
  });
});
