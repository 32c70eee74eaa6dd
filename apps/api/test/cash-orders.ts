import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CashOffer, CodSettings, Order } from '@shop/contracts';
import { cartItems, orders, orderStatusHistory } from '../src/db/schema.js';
import { registerShopper, TEST_COD_SETTINGS, type Account, type TestContext } from './harness.js';
import { ADDRESS, createProduct, type ProductFixture } from './fixtures.js';
import { mobileMaker } from './messaging-simulators.js';

/**
 * Cash orders under the shop's cash rules (orders/cash-rules.ts), each to a delivery phone of its own: the rules set,
 * parcels refused at the door, and an order asked for its delivery fees first. `shop` answers the test's app and its
 * owner once its `beforeAll` has made them.
 */
export function cashOrders(shop: () => { t: TestContext; admin: Account }) {
  /** A delivery phone of its own for each test, as addresses store it (010…). */
  const newMobile = mobileMaker('0109');
  const addressTo = (phone: string) => ({ ...ADDRESS, phone });

  async function setCod(change: Partial<CodSettings>) {
    const { t, admin } = shop();
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
    const { db } = shop().t.app;
    await db.delete(cartItems).where(eq(cartItems.userId, user.id));
    await db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity });
  }

  /** Places the shopper's cart, paid in cash, from the client address `from` (the tests' own, unless given). */
  const placeCash = (user: Account, phone: string, language = 'en', from?: string) =>
    shop().t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.headers, 'accept-language': language },
      payload: { deliveryAddress: addressTo(phone), paymentMethod: 'cash' },
      ...(from ? { remoteAddress: from } : {}),
    });

  const offerFor = async (user: Account, phone: string, from?: string): Promise<CashOffer> => {
    const res = await shop().t.app.inject({
      method: 'GET',
      url: '/api/order/cash',
      headers: user.headers,
      query: { state: ADDRESS.state, phone },
      ...(from ? { remoteAddress: from } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json<CashOffer>();
  };

  /** `count` parcels to the phone that came back undelivered: refused at the door. */
  async function refusedParcels(phone: string, count: number) {
    const { t } = shop();
    const rows = await t.app.db
      .insert(orders)
      .values(
        Array.from({ length: count }, () => ({
          userId: null,
          status: 'returned',
          paymentMethod: 'cash',
          itemsTotal: 10_000,
          shipping: 2_100,
          codFee: 900,
          bill: 13_000,
          deliveryAddress: addressTo(phone),
        })),
      )
      .returning({ id: orders.id });
    const at = t.clock.now();
    await t.app.db.insert(orderStatusHistory).values(
      rows.flatMap(({ id }) =>
        (['confirmed', 'shipped', 'returned'] as const).map((status) => ({
          orderId: id,
          status,
          at,
          actor: 'courier',
        })),
      ),
    );
  }

  /** A shopper with `quantity` × `price` EGP (2 × 100) in the cart, delivered to a phone with two parcels refused; deposits asked. */
  async function depositOrder({ price = 100, quantity = 2 } = {}) {
    await setCod({ maxCashBill: null, refusalsBeforeOnlineOnly: 2, refusalAction: 'deposit' });
    const phone = newMobile().local;
    await refusedParcels(phone, 2);
    const { app } = shop().t;
    const user = await registerShopper(app);
    const product = await createProduct(app.db, { price, stock: 5 });
    await fillCart(user, product, quantity);
    // The items + 21 shipping + 9 cash fee: 30 online first, the items at the door.
    expect(await offerFor(user, phone)).toEqual({ cash: 'deposit', deposit: 30, rest: price * quantity });
    const res = await placeCash(user, phone);
    expect(res.statusCode, res.body).toBe(201);
    const [order] = res.json<Order[]>();
    if (!order) throw new Error('no order');
    return { user, product, order };
  }

  return { newMobile, addressTo, setCod, fillCart, placeCash, offerFor, refusedParcels, depositOrder };
}
