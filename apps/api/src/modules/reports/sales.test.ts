import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, OrderSource, OrderStatus, PaymentMethod, SalesReport } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { orderItems, orders, products } from '../../db/schema.js';
import { toPiastres } from '../../lib/money.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, type ProductFixture } from '../../../test/fixtures.js';

/**
 * The sales report's figures on a known set of orders, written straight to the table with the amounts, statuses and
 * times the counting rules turn on (a kept deposit, a part given back, a deleted product, Cairo's midnight).
 */

/** The tests run on 12 April 2026, 10:00 UTC: the report's period and the overview's 30 days both hold its orders. */
const NOW = Date.parse('2026-04-12T10:00:00Z');

let t: TestContext;
let admin: Account;
let shopperId: string;
let kettle: ProductFixture;
let lamp: ProductFixture;
let rug: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW - Date.now());
  admin = await createAdmin(t.app);
  shopperId = (await registerShopper(t.app)).id;
  [kettle, lamp, rug] = (await Promise.all(
    [
      { name: 'Kettle', price: 300 },
      { name: 'Lamp', price: 450 },
      { name: 'Rug', price: 350 },
    ].map((product) => createProduct(t.app.db, { ...product, stock: 20 })),
  )) as [ProductFixture, ProductFixture, ProductFixture];
});
afterAll(() => t.close());

const report = (query: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/reports/sales?${query}`, headers });

/** A line of a product of the shop (at its price), or of one since deleted, by its name and price. */
interface Line {
  product: ProductFixture | { name: string; price: number };
  quantity: number;
  discount?: number;
}

/** An order as the test needs it, amounts in EGP: its bill is its lines less their discounts, plus `fees`. */
async function order(
  placedAt: string,
  status: OrderStatus,
  lines: Line[],
  options: {
    paymentMethod?: PaymentMethod;
    state?: string;
    source?: OrderSource;
    fees?: number;
    refunded?: number;
    deposit?: number;
  } = {},
) {
  const { paymentMethod = 'cash', state = 'Cairo', source = 'web', fees = 0, refunded = 0, deposit = 0 } = options;
  const items = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const discount = lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  const [row] = await t.app.db
    .insert(orders)
    .values({
      userId: shopperId,
      status,
      paymentMethod,
      source,
      itemsTotal: toPiastres(items),
      discount: toPiastres(discount),
      shipping: toPiastres(fees),
      codFee: 0,
      bill: toPiastres(items - discount + fees),
      refunded: toPiastres(refunded),
      deposit: toPiastres(deposit),
      depositState: deposit ? 'paid' : null,
      deliveryAddress: { ...ADDRESS, state },
      createdAt: new Date(placedAt),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('no order');
  await t.app.db.insert(orderItems).values(
    lines.map(({ product, quantity, discount = 0 }) => ({
      orderId: row.id,
      productId: 'id' in product ? product.id : null,
      name: product.name,
      nameAr: 'id' in product ? product.nameAr : null,
      price: toPiastres(product.price),
      imagePaths: 'id' in product ? product.imagePaths : [],
      quantity,
      discount: toPiastres(discount),
    })),
  );
}

describe('the sales report', () => {
  it('sums what the orders of the period brought, as the overview counts sales, and the days before it', async () => {
    // 1 April in Cairo (UTC+2): a delivered cash order with a coupon (2 kettles, 50 off), and one placed at midnight.
    await order('2026-04-01T08:00:00Z', 'delivered', [{ product: kettle, quantity: 2, discount: 50 }], {
      fees: 50,
    });
    await order('2026-03-31T22:00:00Z', 'delivered', [{ product: kettle, quantity: 1 }], { fees: 40 });
    // 3 April, 23:30 in Cairo: a card order with 100 of its 500 given back; it goes on, so it counts less that.
    await order('2026-04-03T21:30:00Z', 'paid', [{ product: lamp, quantity: 1 }], {
      paymentMethod: 'visa',
      state: 'Giza',
      fees: 50,
      refunded: 100,
    });
    // 4 April, 00:10 in Cairo: a cash order taken by phone.
    await order('2026-04-03T22:10:00Z', 'confirmed', [{ product: kettle, quantity: 1 }], {
      state: 'Giza',
      source: 'phone',
      fees: 60,
    });
    // 6 April: a cash parcel refused at the door whose delivery fees (50) were paid first: the deposit is a sale, the
    // rug came back.
    await order('2026-04-06T12:00:00Z', 'returned', [{ product: rug, quantity: 1 }], {
      state: 'Alexandria',
      fees: 50,
      deposit: 50,
    });
    // 10 April, 23:59 in Cairo: two mugs of a product since deleted.
    await order('2026-04-10T21:59:00Z', 'delivered', [{ product: { name: 'Old mug', price: 25 }, quantity: 2 }], {
      paymentMethod: 'visa',
      fees: 30,
    });
    // Not sales: waiting for its shopper's word, cancelled (with a coupon), refunded in full (its 350 given back are
    // not the sales' refunds).
    await order('2026-04-02T10:00:00Z', 'awaiting_confirmation', [{ product: lamp, quantity: 1 }]);
    await order('2026-04-02T11:00:00Z', 'cancelled', [{ product: lamp, quantity: 1, discount: 30 }], {
      paymentMethod: 'visa',
    });
    await order('2026-04-05T10:00:00Z', 'refunded', [{ product: rug, quantity: 1 }], {
      paymentMethod: 'visa',
      state: 'Alexandria',
      refunded: 350,
    });
    // Outside: 23:00 on 31 March (the days before), 23:59 on 21 March (before those), midnight starting 11 April.
    await order('2026-03-31T21:00:00Z', 'delivered', [{ product: { name: 'Old lamp', price: 1000 }, quantity: 1 }]);
    await order('2026-03-21T21:59:00Z', 'delivered', [{ product: { name: 'Old lamp', price: 7 }, quantity: 1 }]);
    await order('2026-04-10T22:00:00Z', 'delivered', [{ product: { name: 'Old lamp', price: 9 }, quantity: 1 }]);

    // Renamed since: the report names it as the shop does now.
    await t.app.db.update(products).set({ name: 'Desk lamp' }).where(eq(products.id, lamp.id));

    const res = await report('from=2026-04-01&to=2026-04-10');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<SalesReport>();
    const day = (date: string, orders = 0, revenue = 0) => ({ date, orders, revenue });
    expect(figures).toEqual({
      from: '2026-04-01',
      to: '2026-04-10',
      // 600 + 340 + (500 - 100) + 360 + 50 + 80.
      totals: { orders: 6, revenue: 1830, averageOrder: 305, units: 7, discounts: 50, refunded: 100 },
      previous: { from: '2026-03-22', to: '2026-03-31', orders: 1, revenue: 1000 },
      daily: [
        day('2026-04-01', 2, 940),
        day('2026-04-02'),
        day('2026-04-03', 1, 400),
        day('2026-04-04', 1, 360),
        day('2026-04-05'),
        day('2026-04-06', 1, 50),
        day('2026-04-07'),
        day('2026-04-08'),
        day('2026-04-09'),
        day('2026-04-10', 1, 80),
      ],
      byProduct: [
        { productId: kettle.id, name: 'Kettle', nameAr: kettle.nameAr, units: 4, revenue: 550 + 300 + 300 },
        { productId: lamp.id, name: 'Desk lamp', nameAr: lamp.nameAr, units: 1, revenue: 450 },
        { productId: null, name: 'Old mug', nameAr: null, units: 2, revenue: 50 },
      ],
      byGovernorate: [
        { governorate: 'Cairo', orders: 3, revenue: 1020 },
        { governorate: 'Giza', orders: 2, revenue: 760 },
        { governorate: 'Alexandria', orders: 1, revenue: 50 },
      ],
      byPaymentMethod: [
        { paymentMethod: 'cash', orders: 4, revenue: 1350 },
        { paymentMethod: 'visa', orders: 2, revenue: 480 },
      ],
      bySource: [
        { source: 'web', orders: 5, revenue: 1470 },
        { source: 'phone', orders: 1, revenue: 360 },
      ],
    });

    // A period without sales: zeros, no average, nothing listed.
    const empty = (await report('from=2026-02-01&to=2026-02-02')).json<SalesReport>();
    expect(empty).toEqual({
      from: '2026-02-01',
      to: '2026-02-02',
      totals: { orders: 0, revenue: 0, averageOrder: null, units: 0, discounts: 0, refunded: 0 },
      previous: { from: '2026-01-30', to: '2026-01-31', orders: 0, revenue: 0 },
      daily: [day('2026-02-01'), day('2026-02-02')],
      byProduct: [],
      byGovernorate: [],
      byPaymentMethod: [],
      bySource: [],
    });

    // The overview's last 30 days are the report's for the same days, to the piastre.
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.headers });
    const stats = overview.json<AdminStats>();
    const month = (await report('from=2026-03-14&to=2026-04-12')).json<SalesReport>();
    expect(month.daily).toEqual(stats.daily);
    expect({ orders: month.totals.orders, revenue: month.totals.revenue }).toEqual(stats.sales.last30Days);
    expect(stats.sales.last30Days).toEqual({ orders: 9, revenue: 1830 + 1000 + 7 + 9 });
  });

  it('counts Cairo’s days in summer time too', async () => {
    // Summer time (UTC+3): 6 July starts at 21:00 UTC on the 5th.
    await order('2026-07-05T20:59:00Z', 'delivered', [{ product: kettle, quantity: 1 }]);
    await order('2026-07-05T21:00:00Z', 'delivered', [{ product: kettle, quantity: 1 }]);
    const summer = (await report('from=2026-07-05&to=2026-07-06')).json<SalesReport>();
    expect(summer.daily).toEqual([
      { date: '2026-07-05', orders: 1, revenue: 300 },
      { date: '2026-07-06', orders: 1, revenue: 300 },
    ]);
  });

  it('exports the days of a period as CSV, as the report counts them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/sales/export?from=2026-04-03&to=2026-04-05',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2026-04-03-to-2026-04-05.csv"');
    // The days of the orders written above: 3 April's card order less what was given back, 4 April's phone order.
    expect(res.body).toBe(
      '\uFEFFdate,orders,revenue\r\n2026-04-03,1,400.00\r\n2026-04-04,1,360.00\r\n2026-04-05,0,0.00\r\n',
    );
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/sales/export?from=2025-01-01&to=2026-01-02',
      headers: admin.headers,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('takes a year at most, in either language, and only from members who may read reports', async () => {
    expect((await report('from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
    const long = await report('from=2025-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Choose a period of at most 366 days' });
    const arabic = await report('from=2025-01-01&to=2026-01-02', { ...admin.headers, 'accept-language': 'ar' });
    expect(arabic.json()).toEqual({ message: 'اختر فترة لا تزيد على 366 يومًا' });
    expect((await report('from=1999-12-31&to=2000-01-01')).json()).toEqual({
      message: 'Choose a day from 2000 to 2199',
    });
    for (const bad of [
      'from=2026-04-02&to=2026-04-01',
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday&to=2026-03-01',
      // Years a date field lets anyone type, where Cairo's calendar and the day arithmetic give out.
      'from=9999-12-31&to=9999-12-31',
      'from=0202-04-01&to=0202-04-05',
      'from=2026-04-01',
      '',
    ])
      expect((await report(bad)).statusCode, bad).toBe(400);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports/sales?from=2026-04-01&to=2026-04-01' })).statusCode,
    ).toBe(401);
    const agent = await createStaff(t.app, 'orders');
    expect((await report('from=2026-04-01&to=2026-04-01', agent.headers)).statusCode).toBe(403);
    const manager = await createStaff(t.app, 'manager');
    expect((await report('from=2026-04-01&to=2026-04-01', manager.headers)).statusCode).toBe(200);
  });
});
