import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Order } from '@shop/contracts';
import { cartItems, orders, products } from '../../db/schema.js';
import { createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { ADDRESS as address, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import { ORDER_REQUEST_TTL_MS } from './requests.js';

/**
 * POST /api/order with an Idempotency-Key: a checkout sent again (its answer lost, a 503, a second tap) answers the
 * order the first placed and places nothing new, also when both arrive at once or at two instances.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `checkout-${Date.now()}-${keys++}`;
const fillCart = (account: Account, product: ProductFixture, quantity = 1) =>
  t.app.db.insert(cartItems).values({ userId: account.id, productId: product.id, quantity });
const order = (account: Account, key: string | undefined, paymentMethod = 'cash', app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...account.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { deliveryAddress: address, paymentMethod },
  });
const orderIds = (res: { json(): unknown }) => (res.json() as Order[]).map((o) => o._id);
const ordersOf = async (account: Account) =>
  t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, account.id));
const stockOf = async (product: ProductFixture) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]?.stock;

describe('placing an order with an Idempotency-Key', () => {
  it('sent again after it succeeded: the same order, nothing placed, stock taken once', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 10 });
    await fillCart(shopper, product, 2);
    const key = newKey();
    const first = await order(shopper, key);
    expect(first.statusCode).toBe(201);
    // The cash order emptied the cart: without the key the retry would be refused as an empty cart.
    const again = await order(shopper, key);
    expect(again.statusCode).toBe(201);
    expect(orderIds(again)).toEqual(orderIds(first));
    expect((first.json() as Order[])[0]?.products).toHaveLength(1);
    expect((again.json() as Order[])[0]?.products).toEqual((first.json() as Order[])[0]?.products);
    expect(await ordersOf(shopper)).toHaveLength(1);
    expect(await stockOf(product)).toBe(8);
  });

  it('sent twice at once, to two instances: one order, and both answer it', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 10 });
    await fillCart(shopper, product);
    const other = await t.sibling();
    const key = newKey();
    const [a, b] = await Promise.all([order(shopper, key, 'visa'), order(shopper, key, 'visa', other)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(orderIds(a)).toEqual(orderIds(b));
    expect(await ordersOf(shopper)).toHaveLength(1);
    expect(await stockOf(product)).toBe(9);
  });

  it('with another body: 422, and nothing placed', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 10 });
    await fillCart(shopper, product);
    const key = newKey();
    expect((await order(shopper, key, 'visa')).statusCode).toBe(201);
    const changed = await order(shopper, key, 'cash');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ message: expect.stringContaining('Idempotency-Key') as string });
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it("belongs to its shopper: another shopper's request with the same key places their own order", async () => {
    const [mona, omar] = [await registerShopper(t.app), await registerShopper(t.app, 'Omar Said')];
    const product = await createProduct(t.app.db, { stock: 10 });
    await Promise.all([fillCart(mona, product), fillCart(omar, product)]);
    const key = newKey();
    const [a, b] = [await order(mona, key), await order(omar, key)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(orderIds(a)).not.toEqual(orderIds(b));
    expect(await stockOf(product)).toBe(8);
  });

  it('a key answers for a day; a new key, or the same one a day later, places a new order', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 10 });
    const key = newKey();
    await fillCart(shopper, product);
    const first = await order(shopper, key);
    await fillCart(shopper, product);
    const second = await order(shopper, newKey());
    expect(orderIds(second)).not.toEqual(orderIds(first));
    t.clock.advance(ORDER_REQUEST_TTL_MS + 60_000);
    await fillCart(shopper, product);
    const dayLater = await order(shopper, key);
    expect(dayLater.statusCode).toBe(201);
    expect(orderIds(dayLater)).not.toEqual(orderIds(first));
    expect(await ordersOf(shopper)).toHaveLength(3);
  });

  it('a request that failed placed nothing: the same key places the order once it can', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 1 });
    await fillCart(shopper, product, 2);
    const key = newKey();
    expect((await order(shopper, key)).statusCode).toBe(409);
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const retried = await order(shopper, key);
    expect(retried.statusCode).toBe(201);
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(256)])('refuses the key %j: 400, nothing placed', async (key) => {
    const shopper = await registerShopper(t.app);
    await fillCart(shopper, await createProduct(t.app.db, { stock: 10 }));
    const res = await order(shopper, key);
    expect(res.statusCode).toBe(400);
    expect(await ordersOf(shopper)).toHaveLength(0);
  });
});
