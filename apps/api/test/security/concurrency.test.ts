import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { cartItems, orderItems, orders, products, productVariants, reviews } from '../../src/db/schema.js';
import { createTestApp, type Account, type TestContext } from '../harness.js';
import { createProduct, createVariantProduct } from '../fixtures.js';
import { ADDRESS, quickShoppers } from './helpers.js';
import { Tally } from './report.js';

/**
 * Nothing lost under a rush: 200 shoppers for the last 10 units get exactly 10 orders, stock never
 * goes negative, racing cart clicks never pass the stock, a double-clicked checkout orders once, and
 * racing reviews keep the rating true. On PGlite the requests interleave; on PostgreSQL they truly
 * run in parallel on a pool of connections.
 */

let t: TestContext;
const tally = new Tally('concurrency');
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  for (const route of ['POST /api/order', 'PUT /api/cart/incItem', 'POST /api/review']) tally.route(route);
});
afterAll(async () => {
  tally.save();
  await t.close();
});

const order = (account: Account, paymentMethod = 'cash') =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: account.headers,
    payload: { deliveryAddress: ADDRESS, paymentMethod },
  });
const inc = (account: Account, productId: string, flag: 0 | 1 = 1) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/cart/incItem',
    headers: account.headers,
    payload: { product_id: productId, flag },
  });
const stockOf = async (id: string) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
/**
 * 503 is the API's "busy, try again" (a request that waited longer than the pool's connect timeout
 * for a database connection, as happens on an overloaded machine): it loses nothing, and the checks
 * below still hold with it. Anything outside `allowed` and 503 is a failure.
 */
const TRY_AGAIN = 503;
const unexpected = (statuses: number[], allowed: number[]) =>
  statuses.filter((s) => s !== TRY_AGAIN && !allowed.includes(s)).length;

describe('the last units', () => {
  it('200 shoppers ordering the last 10 units at once: exactly 10 orders, stock 0, every cart consistent', async () => {
    const product = await createProduct(t.app.db, { stock: 10, price: 250 });
    const shoppers = await quickShoppers(t.app, 200);
    await t.app.db
      .insert(cartItems)
      .values(shoppers.map((s) => ({ userId: s.id, productId: product.id, quantity: 1 })));

    const results = await Promise.all(shoppers.map((s) => order(s)));
    const statuses = results.map((r) => r.statusCode);
    const stock = await stockOf(product.id);
    tally.add(200, unexpected(statuses, [201, 409]) + (count(statuses, 201) + (stock ?? 0) === 10 ? 0 : 1));
    expect(unexpected(statuses, [201, 409])).toBe(0);
    // Every unit sold once: orders plus what is left is what there was, and with no busy answer every unit went.
    expect(count(statuses, 201) + (stock ?? -1)).toBe(10);
    if (!statuses.includes(TRY_AGAIN)) expect(count(statuses, 201)).toBe(10);
    expect(count(statuses, 409) + count(statuses, TRY_AGAIN)).toBe(200 - count(statuses, 201));
    for (const busy of results.filter((r) => r.statusCode === TRY_AGAIN))
      expect(busy.headers['retry-after']).toBeDefined();
    // The losers learn which product ran out, with its stock now.
    for (const refusal of results.filter((r) => r.statusCode === 409).slice(0, 5)) {
      expect(refusal.json()).toEqual([expect.objectContaining({ _id: product.id, stock: 0 })]);
    }

    const lines = await t.app.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(count(statuses, 201));
    const winners = new Set(
      (
        await t.app.db
          .select({ userId: orders.userId })
          .from(orders)
          .where(
            inArray(
              orders.userId,
              shoppers.map((s) => s.id),
            ),
          )
      ).map((o) => o.userId),
    );
    expect(winners.size).toBe(count(statuses, 201));
    const carts = await t.app.db
      .select({ userId: cartItems.userId })
      .from(cartItems)
      .where(eq(cartItems.productId, product.id));
    // Winners' cash orders emptied their carts; everybody else still holds theirs.
    expect(carts).toHaveLength(200 - count(statuses, 201));
    for (const cart of carts) expect(winners.has(cart.userId)).toBe(false);
  }, 60_000);

  it('200 shoppers ordering the last 10 units of one variant: exactly 10 orders, the other variant untouched', async () => {
    const size = {
      name: 'Size',
      nameAr: null,
      values: [
        { value: 'M', valueAr: null },
        { value: 'L', valueAr: null },
      ],
    };
    const { product, variants } = await createVariantProduct(
      t.app.db,
      [size],
      [
        { options: { Size: 'M' }, price: 250, stock: 10 },
        { options: { Size: 'L' }, price: 250, stock: 1000 },
      ],
    );
    const [medium, large] = variants;
    if (!medium || !large) throw new Error('variants not made');
    const shoppers = await quickShoppers(t.app, 200);
    await t.app.db
      .insert(cartItems)
      .values(shoppers.map((s) => ({ userId: s.id, productId: product.id, variantId: medium.id, quantity: 1 })));

    const results = await Promise.all(shoppers.map((s) => order(s)));
    const statuses = results.map((r) => r.statusCode);
    const stockOfVariant = async (id: string) =>
      (
        await t.app.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id))
      )[0]?.stock;
    const left = await stockOfVariant(medium.id);
    tally.add(200, unexpected(statuses, [201, 409]) + (count(statuses, 201) + (left ?? 0) === 10 ? 0 : 1));
    expect(unexpected(statuses, [201, 409])).toBe(0);
    expect(count(statuses, 201) + (left ?? -1)).toBe(10);
    if (!statuses.includes(TRY_AGAIN)) expect(count(statuses, 201)).toBe(10);
    // The other size kept every unit, and the product's stock is the sizes' total.
    expect(await stockOfVariant(large.id)).toBe(1000);
    expect(await stockOf(product.id)).toBe(1000 + (left ?? 0));
    for (const refusal of results.filter((r) => r.statusCode === 409).slice(0, 5)) {
      expect(refusal.json()).toEqual([
        expect.objectContaining({ _id: product.id, stock: 0, variant: expect.objectContaining({ _id: medium.id }) }),
      ]);
    }
    const lines = await t.app.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.variantId, medium.id));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(count(statuses, 201));
  }, 60_000);

  it('never lets stock go negative, whatever mix of cash and card orders races for it', async () => {
    const scarce = await createProduct(t.app.db, { stock: 7 });
    const plenty = await createProduct(t.app.db, { stock: 1000 });
    const shoppers = await quickShoppers(t.app, 60);
    await t.app.db.insert(cartItems).values(
      shoppers.flatMap((s, i) => [
        { userId: s.id, productId: scarce.id, quantity: 1 + (i % 3) },
        { userId: s.id, productId: plenty.id, quantity: 2 },
      ]),
    );
    const results = await Promise.all(shoppers.map((s, i) => order(s, i % 2 ? 'visa' : 'cash')));
    const statuses = results.map((r) => r.statusCode);
    tally.add(60, unexpected(statuses, [201, 409]));
    expect(unexpected(statuses, [201, 409])).toBe(0);
    const taken = await t.app.db
      .select({ productId: orderItems.productId, quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orderItems.productId, [scarce.id, plenty.id]), ne(orders.status, 'cancelled')))
      .groupBy(orderItems.productId);
    const takenOf = (id: string) => taken.find((r) => r.productId === id)?.quantity ?? 0;
    // Conservation: what is on the shelf plus what live orders hold is what there was.
    expect((await stockOf(scarce.id)) ?? -1).toBeGreaterThanOrEqual(0);
    expect((await stockOf(scarce.id)) ?? 0).toBe(7 - takenOf(scarce.id));
    expect((await stockOf(plenty.id)) ?? 0).toBe(1000 - takenOf(plenty.id));
    // Every order took both products: no half order.
    expect(takenOf(plenty.id)).toBe(2 * count(statuses, 201));
  }, 60_000);
});

describe('racing cart clicks', () => {
  it('50 simultaneous increments of one line stop exactly at the stock', async () => {
    const product = await createProduct(t.app.db, { stock: 3 });
    const [shopper] = await quickShoppers(t.app, 1);
    if (!shopper) throw new Error('no shopper');
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => inc(shopper, product.id)))).map(
      (r) => r.statusCode,
    );
    tally.add(50, unexpected(statuses, [200, 409]));
    expect(unexpected(statuses, [200, 409])).toBe(0);
    const [line] = await t.app.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, shopper.id), eq(cartItems.productId, product.id)));
    // Each accepted click added exactly one unit, and no click got past the stock.
    expect(line?.quantity).toBe(count(statuses, 200));
    expect(count(statuses, 200)).toBeLessThanOrEqual(3);
    if (!statuses.includes(TRY_AGAIN)) expect([count(statuses, 200), count(statuses, 409)]).toEqual([3, 47]);
  });

  it('20 shoppers clicking 10 times each: no cart ever holds more than the stock', async () => {
    const product = await createProduct(t.app.db, { stock: 4 });
    const shoppers = await quickShoppers(t.app, 20);
    const results = await Promise.all(shoppers.flatMap((s) => Array.from({ length: 10 }, () => inc(s, product.id))));
    const statuses = results.map((r) => r.statusCode);
    tally.add(200, unexpected(statuses, [200, 409]));
    expect(unexpected(statuses, [200, 409])).toBe(0);
    const lines = await t.app.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.productId, product.id));
    for (const line of lines) expect(line.quantity).toBeLessThanOrEqual(4);
    if (!statuses.includes(TRY_AGAIN)) expect(lines.map((l) => l.quantity)).toEqual(Array<number>(20).fill(4));
    // Carts do not reserve: the shelf is untouched.
    expect(await stockOf(product.id)).toBe(4);
  });

  it('simultaneous decrements stop at 1, and increments racing them never pass the stock', async () => {
    const product = await createProduct(t.app.db, { stock: 5 });
    const [shopper] = await quickShoppers(t.app, 1);
    if (!shopper) throw new Error('no shopper');
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, quantity: 5 });
    const calls = Array.from({ length: 40 }, (_v, i) => inc(shopper, product.id, i % 4 === 0 ? 1 : 0));
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    tally.add(40, unexpected(statuses, [200, 409]));
    expect(unexpected(statuses, [200, 409])).toBe(0);
    const [line] = await t.app.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id));
    expect(line?.quantity).toBeGreaterThanOrEqual(1);
    expect(line?.quantity).toBeLessThanOrEqual(5);
  });
});

describe('double clicks', () => {
  it('ten simultaneous checkouts of one cart place one cash order and take the stock once', async () => {
    const product = await createProduct(t.app.db, { stock: 10 });
    const [shopper] = await quickShoppers(t.app, 1);
    if (!shopper) throw new Error('no shopper');
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, quantity: 2 });
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => order(shopper)))).map((r) => r.statusCode);
    tally.add(10, count(statuses, 201) === 1 ? 0 : 1);
    expect(count(statuses, 201)).toBe(1);
    // The others find the cart already ordered (empty).
    expect(unexpected(statuses, [201, 400])).toBe(0);
    expect(await stockOf(product.id)).toBe(8);
  });

  it('ten simultaneous card checkouts leave one pending order holding the stock once', async () => {
    const product = await createProduct(t.app.db, { stock: 10 });
    const [shopper] = await quickShoppers(t.app, 1);
    if (!shopper) throw new Error('no shopper');
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, quantity: 3 });
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => order(shopper, 'visa')))).map(
      (r) => r.statusCode,
    );
    tally.add(10, unexpected(statuses, [201]));
    expect(unexpected(statuses, [201])).toBe(0);
    const pending = await t.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shopper.id), eq(orders.status, 'pending')));
    expect(pending).toHaveLength(1);
    // Nine replaced orders gave their units back: exactly one order's worth is held.
    expect(await stockOf(product.id)).toBe(7);
  });
});

describe('racing reviews', () => {
  it('30 shoppers reviewing one product at once: the rating and count match the reviews', async () => {
    const product = await createProduct(t.app.db);
    const shoppers = await quickShoppers(t.app, 30);
    const results = await Promise.all(
      shoppers.map((s, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/review',
          headers: s.headers,
          payload: { product: product.id, rating: 1 + (i % 5), title: 'Race', comment: 'Written at once' },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    tally.add(30, unexpected(statuses, [201]));
    expect(unexpected(statuses, [201])).toBe(0);
    const rows = await t.app.db
      .select({ rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.productId, product.id));
    const [row] = await t.app.db
      .select({ rating: products.rating, numReviews: products.numReviews })
      .from(products)
      .where(eq(products.id, product.id));
    expect(rows).toHaveLength(count(statuses, 201));
    expect(row?.numReviews).toBe(rows.length);
    const average = rows.reduce((n, r) => n + r.rating, 0) / rows.length;
    expect(Math.abs((row?.rating ?? 0) - average)).toBeLessThanOrEqual(0.25);
  });
});
