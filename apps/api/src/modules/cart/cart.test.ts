import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { createProduct } from '../../../test/fixtures.js';

let t: TestContext;
let shopper: Account;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerShopper(t.app);
});
afterAll(() => t.close());

const inc = (account: Account, productId: string, flag: 0 | 1) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/cart/incItem',
    headers: account.headers,
    payload: { product_id: productId, flag },
  });
const getCart = (account: Account) => t.app.inject({ method: 'GET', url: '/api/cart', headers: account.headers });
const quantityOf = async (account: Account, productId: string) =>
  ((await getCart(account)).json() as { products: { product_id: { _id: string }; quantity: number }[] }).products.find(
    (l) => l.product_id._id === productId,
  )?.quantity;

describe('who may use the cart', () => {
  it('refuses visitors (401) and admins (403) on every cart route', async () => {
    const admin = await createAdmin(t.app);
    const product = await createProduct(t.app.db);
    const calls = [
      { method: 'GET' as const, url: '/api/cart' },
      { method: 'PUT' as const, url: '/api/cart/incItem', payload: { product_id: product.id, flag: 1 } },
      { method: 'PUT' as const, url: '/api/cart/removeItem', payload: { product_id: product.id } },
      { method: 'PUT' as const, url: '/api/cart/emptyCart' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, `${call.url} visitor`).toBe(401);
      expect((await t.app.inject({ ...call, headers: admin.headers })).statusCode, `${call.url} admin`).toBe(403);
    }
  });
});

describe('cart rules', () => {
  it('adds a product with quantity 1 and returns the cart with the server-computed bill', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, {
      name: 'Nescafe Gold',
      nameAr: 'نسكافيه جولد',
      brand: 'Nestle',
      price: 19.99,
      stock: 5,
      cod: false,
      imagePaths: ['/uploads/a.webp'],
    });
    const res = await inc(user, product.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      products: [
        {
          product_id: {
            _id: product.id,
            name: 'Nescafe Gold',
            nameAr: 'نسكافيه جولد',
            brand: 'Nestle',
            price: 19.99,
            image_path: ['/uploads/a.webp'],
            stock: 5,
            cod: false,
          },
          quantity: 1,
        },
      ],
      bill: 19.99,
      payingOrder: null,
    });
    await inc(user, product.id, 1);
    const cart = (await inc(user, product.id, 1)).json();
    expect(cart.products[0].quantity).toBe(3);
    expect(cart.bill).toBe(59.97);
  });

  it('sums the bill over several products', async () => {
    const user = await registerShopper(t.app);
    const a = await createProduct(t.app.db, { price: 250.5 });
    const b = await createProduct(t.app.db, { price: 1200 });
    await inc(user, a.id, 1);
    await inc(user, a.id, 1);
    const cart = (await inc(user, b.id, 1)).json();
    expect(cart.products.map((l: { product_id: { _id: string } }) => l.product_id._id)).toEqual([a.id, b.id]);
    expect(cart.bill).toBe(1701);
  });

  it('increases until the quantity equals the stock, then answers 409 with a clear message', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { name: 'Fan', stock: 2 });
    expect((await inc(user, product.id, 1)).statusCode).toBe(200);
    expect((await inc(user, product.id, 1)).statusCode).toBe(200);
    const over = await inc(user, product.id, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Sorry, only 2 of Fan are in stock');
    expect(await quantityOf(user, product.id)).toBe(2);
  });

  it('refuses an out-of-stock product with 409', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { name: 'Rare Lamp', stock: 0 });
    const res = await inc(user, product.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Rare Lamp is out of stock');
    expect((await getCart(user)).json()).toEqual({ products: [], bill: 0, payingOrder: null });
  });

  it('decreases by one, and does nothing at quantity 1', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 10 });
    await inc(user, product.id, 1);
    await inc(user, product.id, 1);
    const down = await inc(user, product.id, 0);
    expect(down.statusCode).toBe(200);
    expect(down.json().products[0].quantity).toBe(1);
    const again = await inc(user, product.id, 0);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ products: [{ quantity: 1 }], bill: 10 });
  });

  it('removes one line and empties the whole cart', async () => {
    const user = await registerShopper(t.app);
    const a = await createProduct(t.app.db, { price: 5 });
    const b = await createProduct(t.app.db, { price: 7 });
    await inc(user, a.id, 1);
    await inc(user, b.id, 1);
    const removed = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/removeItem',
      headers: user.headers,
      payload: { product_id: a.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ products: [{ product_id: { _id: b.id } }], bill: 7 });
    // Removing what is no longer there is not an error.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cart/removeItem',
          headers: user.headers,
          payload: { product_id: a.id },
        })
      ).statusCode,
    ).toBe(200);
    const emptied = await t.app.inject({ method: 'PUT', url: '/api/cart/emptyCart', headers: user.headers });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toEqual({ products: [], bill: 0, payingOrder: null });
    expect((await getCart(user)).json()).toEqual({ products: [], bill: 0, payingOrder: null });
  });

  it('answers 404 for an unknown product and 400 for a malformed id or flag', async () => {
    const unknown = '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d';
    expect((await inc(shopper, unknown, 1)).statusCode).toBe(404);
    expect((await inc(shopper, unknown, 0)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cart/removeItem',
          headers: shopper.headers,
          payload: { product_id: unknown },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cart/incItem',
          headers: shopper.headers,
          payload: { product_id: 'abc', flag: 1 },
        })
      ).statusCode,
    ).toBe(400);
    const product = await createProduct(t.app.db);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cart/incItem',
          headers: shopper.headers,
          payload: { product_id: product.id, flag: 2 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keeps each shopper’s cart to themselves', async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    const product = await createProduct(t.app.db);
    await inc(a, product.id, 1);
    expect((await getCart(b)).json()).toEqual({ products: [], bill: 0, payingOrder: null });
    await t.app.inject({ method: 'PUT', url: '/api/cart/emptyCart', headers: b.headers });
    expect(await quantityOf(a, product.id)).toBe(1);
  });
});

describe('racing increments', () => {
  it('20 concurrent increments never take the quantity past the stock', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 7 });
    const results = await Promise.all(Array.from({ length: 20 }, () => inc(user, product.id, 1)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    expect(await quantityOf(user, product.id)).toBe(7);
  });
});
