import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CodReport, Order, StaffOrderPlaced } from '@shop/contracts';
import { orders, orderStatusHistory } from '../../db/schema.js';
import {
  confirmByShopper,
  createAdmin,
  createTestApp,
  moveOrder,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
  createStaff,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, type ProductFixture } from '../../../test/fixtures.js';

/**
 * The cash-on-delivery report's figures on a known set of orders, placed and moved through the API, then dated into
 * a known period (the report reads the days orders were placed and confirmed on).
 */

let t: TestContext;
let admin: Account;
let shopper: Account;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;

const report = (query: string, as: Account = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/reports/cod?${query}`, headers: as.headers });

const move = (orderId: string, status: string, extra: { trackingNumber?: string; reason?: string } = {}) =>
  moveOrder(t.app, admin, orderId, status, extra);

/** A cash order of `product` to `state`, left awaiting its shopper's confirmation. */
async function cashOrder(product: ProductFixture, state: string) {
  return placeOrderOf(t.app, shopper, [[product, 1]], { ...ADDRESS, state }, 'cash', { confirm: false });
}

/** Dates an order: placed at `placedAt`, confirmed `confirmedAfter` minutes later, its later moves after that. */
async function date(order: Order, placedAt: string, confirmedAfter = 0) {
  const at = new Date(placedAt);
  await t.app.db.update(orders).set({ createdAt: at }).where(eq(orders.id, order._id));
  await t.app.db
    .update(orderStatusHistory)
    .set({
      at: sql`case ${orderStatusHistory.status}
        when 'awaiting_confirmation' then ${at.toISOString()}::timestamptz
        when 'confirmed' then ${new Date(at.getTime() + confirmedAfter * MINUTE).toISOString()}::timestamptz
        else ${new Date(at.getTime() + (confirmedAfter + 60) * MINUTE).toISOString()}::timestamptz end`,
    })
    .where(and(eq(orderStatusHistory.orderId, order._id)));
}

describe('the cash-on-delivery report', () => {
  it('counts the cash orders of the period: confirmed, refused, where, from what, which products, which weeks', async () => {
    const [kettle, lamp, rug] = await Promise.all(
      [{ name: 'Kettle' }, { name: 'Lamp' }, { name: 'Rug' }].map((p) => createProduct(t.app.db, { ...p, stock: 20 })),
    );
    if (!kettle || !lamp || !rug) throw new Error('no products');

    // Week of 2 March, Cairo: one delivered (confirmed in 30 minutes), one refused (confirmed in 2 hours).
    const delivered = await cashOrder(kettle, 'Cairo');
    await confirmByShopper(t.app, delivered._id);
    await move(delivered._id, 'shipped', { trackingNumber: 'R-1' });
    await move(delivered._id, 'delivered');
    await date(delivered, '2026-03-03T09:00:00Z', 30);
    const refused = await cashOrder(kettle, 'Cairo');
    await confirmByShopper(t.app, refused._id);
    await move(refused._id, 'shipped', { trackingNumber: 'R-2' });
    await move(refused._id, 'returned');
    await date(refused, '2026-03-08T21:30:00Z', 120); // 23:30 in Cairo

    // Week of 9 March, Giza: one refused (confirmed in 10 hours), one taken by phone still awaiting; Alexandria: one
    // cancelled by its shopper before confirming.
    const refusedGiza = await cashOrder(lamp, 'Giza');
    await confirmByShopper(t.app, refusedGiza._id);
    await move(refusedGiza._id, 'shipped', { trackingNumber: 'R-3' });
    await move(refusedGiza._id, 'returned');
    await date(refusedGiza, '2026-03-08T22:00:00Z', 600); // midnight in Cairo
    const byPhone = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders',
      headers: admin.headers,
      payload: {
        customerPhone: `011${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
        customerName: 'Hoda Farid',
        items: [{ product_id: lamp.id, quantity: 1 }],
        deliveryAddress: { ...ADDRESS, state: 'Giza' },
        paymentMethod: 'cash',
        source: 'phone',
      },
    });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    const waiting = byPhone.json<StaffOrderPlaced>().order;
    expect(waiting.status).toBe('awaiting_confirmation');
    await date(waiting, '2026-03-12T12:00:00Z');
    const cancelled = await cashOrder(rug, 'Alexandria');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${cancelled._id}/cancel`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await date(cancelled, '2026-03-15T21:59:00Z'); // 23:59 in Cairo

    // Outside: a card order in the period, and cash orders the day before and the day after it, in Cairo.
    const card = await placeOrderOf(t.app, shopper, [[rug, 1]], ADDRESS, 'visa');
    await date(card, '2026-03-04T10:00:00Z');
    await date(await cashOrder(rug, 'Cairo'), '2026-03-01T21:59:59Z');
    await date(await cashOrder(rug, 'Cairo'), '2026-03-15T22:00:00Z');

    const res = await report('from=2026-03-02&to=2026-03-15');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<CodReport>();
    expect(figures).toEqual({
      from: '2026-03-02',
      to: '2026-03-15',
      // Four decided (the phone order still waits), three of them confirmed; three shipped, two came back.
      confirmationRate: 0.75,
      refusalRate: 2 / 3,
      byGovernorate: [
        { governorate: 'Cairo', orders: 2, refused: 1, shipped: 2 },
        { governorate: 'Giza', orders: 2, refused: 1, shipped: 1 },
        { governorate: 'Alexandria', orders: 1, refused: 0, shipped: 0 },
      ],
      bySource: [
        { source: 'web', orders: 4 },
        { source: 'phone', orders: 1 },
      ],
      totals: { orders: 5, decided: 4, confirmed: 3, shipped: 3, refused: 2 },
      byProduct: [
        { productId: kettle.id, name: 'Kettle', nameAr: kettle.nameAr, orders: 2, shipped: 2, refused: 1 },
        { productId: lamp.id, name: 'Lamp', nameAr: lamp.nameAr, orders: 2, shipped: 1, refused: 1 },
        { productId: rug.id, name: 'Rug', nameAr: rug.nameAr, orders: 1, shipped: 0, refused: 0 },
      ],
      byWeek: [
        { week: '2026-03-02', orders: 2, shipped: 2, refused: 1 },
        { week: '2026-03-09', orders: 3, shipped: 1, refused: 1 },
      ],
      timeToConfirm: {
        confirmed: 3,
        medianMinutes: 120,
        buckets: [
          { withinHours: 1, orders: 1 },
          { withinHours: 6, orders: 1 },
          { withinHours: 24, orders: 1 },
          { withinHours: null, orders: 0 },
        ],
      },
    });

    // A day whose one order still waits for its shopper's word: rates of nothing are none, not 0 (none confirmed).
    const undecided = (await report('from=2026-03-12&to=2026-03-12')).json<CodReport>();
    expect(undecided).toMatchObject({
      confirmationRate: null,
      refusalRate: null,
      totals: { orders: 1, decided: 0, confirmed: 0, shipped: 0, refused: 0 },
    });

    // A period without cash orders: no rates, its weeks as zeros.
    const empty = (await report('from=2026-01-07&to=2026-01-13')).json<CodReport>();
    expect(empty).toMatchObject({
      confirmationRate: null,
      refusalRate: null,
      byGovernorate: [],
      bySource: [],
      byProduct: [],
    });
    expect(empty.byWeek).toEqual([
      { week: '2026-01-05', orders: 0, shipped: 0, refused: 0 },
      { week: '2026-01-12', orders: 0, shipped: 0, refused: 0 },
    ]);
    expect(empty.timeToConfirm).toMatchObject({ confirmed: 0, medianMinutes: null });
  });

  it("takes the period's days and weeks as Cairo's, in winter and in summer time", async () => {
    const kettle = await createProduct(t.app.db, { name: 'Winter kettle', stock: 20 });
    const placedAt = async (...times: string[]) => {
      for (const at of times) await date(await cashOrder(kettle, 'Cairo'), at);
    };
    // Winter (UTC+2): 01:30 on Tuesday 1 December in Cairo is still 30 November in UTC.
    await placedAt('2026-11-30T23:30:00Z');
    // Just outside 1–7 December in Cairo: 23:59 on 30 November, midnight starting 8 December.
    await placedAt('2026-11-30T21:59:00Z', '2026-12-07T22:00:00Z');
    const winter = (await report('from=2026-12-01&to=2026-12-07')).json<CodReport>();
    expect(winter.totals.orders).toBe(1);
    expect(winter.byWeek).toEqual([
      { week: '2026-11-30', orders: 1, shipped: 0, refused: 0 },
      { week: '2026-12-07', orders: 0, shipped: 0, refused: 0 },
    ]);

    // Summer time (UTC+3): Monday 6 July starts at 21:00 UTC on Sunday; Sunday 12 July ends at 21:00 UTC.
    await placedAt('2026-07-05T21:00:00Z', '2026-07-12T20:59:00Z');
    await placedAt('2026-07-05T20:59:00Z', '2026-07-12T21:00:00Z');
    const summer = (await report('from=2026-07-06&to=2026-07-12')).json<CodReport>();
    expect(summer.totals.orders).toBe(2);
    expect(summer.byWeek).toEqual([{ week: '2026-07-06', orders: 2, shipped: 0, refused: 0 }]);
  });

  it('refuses dates that are not days, a period that ends before it starts, and a member without reports', async () => {
    for (const bad of [
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday&to=2026-03-01',
      'from=9999-12-31&to=9999-12-31',
      'from=0202-04-01&to=0202-04-05',
      'from=2026-03-02',
      'from=2026-03-02&to=2026-03-01',
      '',
    ])
      expect((await report(bad)).statusCode, bad).toBe(400);
    expect((await report('from=2026-03-01&to=2026-03-01')).statusCode).toBe(200);
    const agent = await createStaff(t.app, 'orders');
    expect((await report('from=2026-03-01&to=2026-03-31', agent)).statusCode).toBe(403);
  });
});
