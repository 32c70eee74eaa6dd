import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AbandonedCartsPage } from '@shop/contracts';
import { products, users } from '../../db/schema.js';
import { toPiastres } from '../../lib/money.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { createProduct } from '../../../test/fixtures.js';

/** The carts shoppers left, as the dashboard lists them: who, what, worth how much today, reminded or not. */

const HOUR = 60 * 60_000;

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const list = (query = '', headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/carts${query}`, headers });

/** A shopper who put `units` of each product in their cart, which they last changed at `changedAt`. */
async function leftCart(name: string, units: [productId: string, count: number][], changedAt: Date) {
  const shopper = await registerShopper(t.app, name);
  for (const [productId, count] of units)
    for (let i = 0; i < count; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/cart/incItem',
        headers: shopper.headers,
        payload: { product_id: productId, flag: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  await t.app.db.update(users).set({ cartChangedAt: changedAt }).where(eq(users.id, shopper.id));
  return shopper;
}

describe('the abandoned carts', () => {
  it('lists those unchanged for an hour, the most recently left first, at today’s prices', async () => {
    const kettle = await createProduct(t.app.db, { name: 'Left kettle', price: 100, stock: 10 });
    const rug = await createProduct(t.app.db, { name: 'Left rug', price: 150, stock: 10 });
    const now = t.clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const early = await leftCart(
      'Early Leaver',
      [
        [kettle.id, 2],
        [rug.id, 1],
      ],
      ago(3 * HOUR),
    );
    await t.app.db
      .update(users)
      .set({ cartRemindersLanguage: 'ar', cartRemindedAt: ago(HOUR) })
      .where(eq(users.id, early.id));
    // Reminded of the cart they had five hours ago, and changed it since: this cart has had no reminder yet.
    const late = await leftCart('Late Leaver', [[kettle.id, 1]], ago(2 * HOUR));
    await t.app.db
      .update(users)
      .set({ cartRemindersLanguage: 'en', cartRemindedAt: ago(5 * HOUR) })
      .where(eq(users.id, late.id));
    // Still shopping (changed ten minutes ago), a cart emptied, and a shopper since made staff: none is abandoned.
    await leftCart('Still Shopping', [[rug.id, 1]], ago(10 * 60_000));
    const emptied = await leftCart('Emptied', [[rug.id, 1]], ago(5 * HOUR));
    const removed = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/removeItem',
      headers: emptied.headers,
      payload: { product_id: rug.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.app.db
      .update(users)
      .set({ cartChangedAt: ago(5 * HOUR) })
      .where(eq(users.id, emptied.id));
    const hired = await leftCart('Hired Since', [[rug.id, 1]], ago(4 * HOUR));
    await t.app.db.update(users).set({ role: true, staffRole: 'support' }).where(eq(users.id, hired.id));
    // The kettle costs more since: a cart is worth what it would cost now.
    await t.app.db
      .update(products)
      .set({ price: toPiastres(120) })
      .where(eq(products.id, kettle.id));

    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AbandonedCartsPage>();
    expect(page.carts.map((cart) => cart.user.name)).toEqual(['Late Leaver', 'Early Leaver']);

    expect(page.carts[1]).toEqual({
      user: { _id: early.id, name: 'Early Leaver', email: early.email, phone: expect.any(String) },
      phoneConfirmed: false,
      pieces: 3,
      value: 2 * 120 + 150,
      changedAt: ago(3 * HOUR).toISOString(),
      reminders: true,
      remindedAt: ago(HOUR).toISOString(),
    });
    expect(page.carts[0]).toMatchObject({ user: { _id: late.id }, pieces: 1, value: 120, reminders: true });
    expect(page.carts[0]?.remindedAt).toBeNull();
    expect(page).toMatchObject({ total: 2, pages: 1, value: 2 * 120 + 150 + 120 });

    // Past the last page: no carts, but the count still says how many there are.
    expect((await list('?page=2')).json()).toEqual({ carts: [], total: 2, pages: 1, value: 510 });
  });

  it('is read by those who may read the customers', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    const shopper = await registerShopper(t.app);
    expect((await list('', shopper.headers)).statusCode).toBe(403);
    expect((await list('', (await createStaff(t.app, 'orders')).headers)).statusCode).toBe(403);
    expect((await list('', (await createStaff(t.app, 'support')).headers)).statusCode).toBe(200);
    expect((await list('?page=0')).statusCode).toBe(400);
  });
});
