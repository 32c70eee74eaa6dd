import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_MSG, API_MSG_AR, formatPrice, type CashOffer, type CodSettings, type Order } from '@shop/contracts';
import { cartItems, orders } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  registerShopper,
  TEST_COD_SETTINGS,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import { mobileMaker } from '../../../test/messaging-simulators.js';

/**
 * The shop's cash rules acting (orders/cash-rules.ts): on the checkout's orders and the staff's, asked beforehand by
 * GET /api/order/cash and the staff's quote, and refused with a 400 naming the rule whatever the client sends.
 */
let t: TestContext;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  admin = await createAdmin(t.app);
});
afterAll(() => t?.close());

/** A delivery phone of its own for each test, as addresses store it (010…). */
const newMobile = mobileMaker('0109');
const addressTo = (phone: string) => ({ ...ADDRESS, phone });

async function setCod(change: Partial<CodSettings>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/cod',
    headers: admin.headers,
    payload: { ...TEST_COD_SETTINGS, ...change },
  });
  expect(res.statusCode).toBe(200);
}

/** The shopper's cart holds `quantity` of the product. */
async function fillCart(user: Account, product: ProductFixture, quantity = 1) {
  await t.app.db.delete(cartItems).where(eq(cartItems.userId, user.id));
  await t.app.db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity });
}

const placeCash = (user: Account, phone: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...user.headers, 'accept-language': language },
    payload: { deliveryAddress: addressTo(phone), paymentMethod: 'cash' },
  });

const offerFor = async (user: Account, phone: string): Promise<CashOffer> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/order/cash',
    headers: user.headers,
    query: { state: ADDRESS.state, phone },
  });
  expect(res.statusCode).toBe(200);
  return res.json<CashOffer>();
};

const setStatus = (orderId: string, status: string) =>
  t.app.db.update(orders).set({ status }).where(eq(orders.id, orderId));

describe('the largest cash bill', () => {
  it('refuses cash over it, says why before and when placing, and takes a card for the same cart', async () => {
    await setCod({ maxCashBill: 500 });
    const user = await registerShopper(t.app);
    const phone = newMobile().local;
    // 480 + 21 shipping + 9 cash fee: 510 EGP, over 500.
    await fillCart(user, await createProduct(t.app.db, { price: 480, stock: 5 }));
    expect(await offerFor(user, phone)).toEqual({ cash: 'online', refusal: 'cash_bill_over_limit', limit: 500 });

    const refused = await placeCash(user, phone);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cash_bill_over_limit', message: API_MSG.cashBillOverLimit(500) });
    const arabic = await placeCash(user, phone, 'ar');
    expect(arabic.json()).toMatchObject({ code: 'cash_bill_over_limit', message: API_MSG_AR.cashBillOverLimit(500) });
    expect(arabic.json<{ message: string }>().message).toContain(formatPrice(500, 'ar-EG'));
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    const card = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: user.headers,
      payload: { deliveryAddress: addressTo(phone), paymentMethod: 'visa' },
    });
    expect(card.statusCode).toBe(201);
  });

  it('takes cash up to it, and any bill once the limit is taken off', async () => {
    await setCod({ maxCashBill: 510 });
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 480, stock: 5 });
    await fillCart(user, product);
    expect(await offerFor(user, newMobile().local)).toEqual({ cash: 'cash' });
    expect((await placeCash(user, newMobile().local)).statusCode).toBe(201);

    await setCod({ maxCashBill: null });
    await fillCart(user, product, 3);
    expect((await placeCash(user, newMobile().local)).statusCode).toBe(201);
  });
});

describe('open cash orders per phone', () => {
  it('refuses the order past the limit to one phone, whoever places it, until one is delivered or cancelled', async () => {
    await setCod({ maxOpenCashOrders: 2, maxCashBill: null });
    const phone = newMobile().local;
    const product = await createProduct(t.app.db, { price: 100, stock: 20 });
    const placed: { user: Account; order: Order }[] = [];
    for (let i = 0; i < 2; i++) {
      const user = await registerShopper(t.app);
      await fillCart(user, product);
      const res = await placeCash(user, phone);
      expect(res.statusCode).toBe(201);
      const [order] = res.json<Order[]>();
      if (order) placed.push({ user, order });
    }
    const third = await registerShopper(t.app);
    await fillCart(third, product);
    expect(await offerFor(third, phone)).toEqual({ cash: 'online', refusal: 'cash_orders_open', limit: 2 });
    const refused = await placeCash(third, phone);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cash_orders_open', message: API_MSG.cashOrdersOpen(2) });
    // Another phone is another count.
    expect(await offerFor(third, newMobile().local)).toEqual({ cash: 'cash' });

    // Shipped is still open; delivered is not.
    const [first, second] = placed;
    await setStatus(first?.order._id ?? '', 'shipped');
    expect((await placeCash(third, phone)).statusCode).toBe(400);
    await setStatus(first?.order._id ?? '', 'delivered');
    expect((await placeCash(third, phone)).statusCode).toBe(201);
    // The shopper cancelling one frees its place.
    expect(await offerFor(third, phone)).toMatchObject({ cash: 'online' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${second?.order._id}/cancel`,
      headers: second?.user.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await offerFor(third, phone)).toEqual({ cash: 'cash' });
  });

  it('lets only one of two orders at once take the last place', async () => {
    await setCod({ maxOpenCashOrders: 1, maxCashBill: null });
    const phone = newMobile().local;
    const product = await createProduct(t.app.db, { price: 100, stock: 20 });
    const shoppers = [await registerShopper(t.app), await registerShopper(t.app)];
    for (const user of shoppers) await fillCart(user, product);
    const answers = await Promise.all(shoppers.map((user) => placeCash(user, phone)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });
});
