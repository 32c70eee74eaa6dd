import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products } from '../db/schema.js';
import { createAdmin, createTestApp, placeOrderOf, registerShopper, type TestContext } from '../../test/harness.js';
import { ADDRESS, createCategory, createProduct, type ProductFixture } from '../../test/fixtures.js';
import { readFromCache, readUntilHit, servedBeforeExpiry, type Read } from '../../test/cache-reads.js';

let t: TestContext;
let product: ProductFixture;
beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.app.db, { price: 100, stock: 5 });
});
afterAll(() => t.close());

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

describe('response cache', () => {
  it('answers a repeated catalogue read from memory', async () => {
    const { stored, hit } = await readUntilHit((url) => get(t.app, url), `/api/product/one/${product.id}`);
    expect(hit.json()).toEqual(stored.json());
    expect(hit.headers['content-type']).toContain('application/json');
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers.etag).toBe(stored.headers.etag);
  });

  it('answers over a real connection with the very headers of the answer it stored', async () => {
    const server = await t.sibling();
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const fetchRead = async (url: string) => {
      const res = await fetch(`${base}${url}`);
      const body = await res.text();
      return { headers: Object.fromEntries(res.headers), json: () => JSON.parse(body) as unknown };
    };
    const { stored, hit } = await readUntilHit(fetchRead, `/api/product/one/${product.id}`);
    // The date, the cache's own header, the request id and the general limit's countdown differ from one answer to the next.
    const lasting = (headers: Read['headers']) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['date', 'x-cache', 'x-request-id'].includes(name) && !name.startsWith('x-ratelimit'),
        ),
      );
    expect(lasting(hit.headers)).toEqual(lasting(stored.headers));
    expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers['x-request-id']).not.toBe(stored.headers['x-request-id']);
    expect(hit.json()).toEqual(stored.json());
  });

  it('tells a client whose copy is current that it is, without sending it again', async () => {
    const url = `/api/product/one/${product.id}?revalidate=1`;
    const { hit } = await readUntilHit((u) => get(t.app, u), url);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(hit.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(hit.headers.etag);
    expect(again.headers['x-frame-options']).toBe('DENY');
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"an-older-version"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('counts cached answers against the request limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const url = '/api/department';
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await get(limited.app, url)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('shows a writer their own change on the very next read', async () => {
    const url = `/api/product/one/${product.id}`;
    await get(t.app, url);
    const review = await registerShopper(t.app);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: review.headers,
      payload: { product: product.id, rating: 4, title: 'Good', comment: 'Works well' },
    });
    expect(posted.statusCode).toBe(201);
    const after = (await get(t.app, url)).json();
    expect(after.numReviews).toBe(1);
    const reviews = await get(t.app, `/api/review/product/${product.id}`);
    expect(reviews.json()).toHaveLength(1);
  });

  it('drops cached answers when the database changes behind its back (another instance, a CLI)', async () => {
    const url = `/api/product/one/${product.id}`;
    await readFromCache((u) => get(t.app, u), url);
    await t.app.db.update(products).set({ stock: 42 }).where(eq(products.id, product.id));
    const seen = await servedBeforeExpiry(async () => (await get(t.app, url)).json().stock === 42);
    expect(seen).toBe(true);
  });

  it('a change made through one instance is served by another once its news comes', async () => {
    const other = await t.sibling();
    const admin = await createAdmin(t.app);
    const url = '/api/department';
    const before = (await readFromCache((u) => get(other, u), url)).json() as { name: string }[];
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { name: 'Garden & Outdoor' },
    });
    expect(created.statusCode).toBe(201);
    const seen = await servedBeforeExpiry(
      async () => ((await get(other, url)).json() as { name: string }[]).length === before.length + 1,
    );
    expect(seen).toBe(true);
  });

  it('never caches a shopper’s own data', async () => {
    const shopper = await registerShopper(t.app);
    const first = await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    const second = await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBeUndefined();
  });

  it('computes a missing answer once, however many ask for it at the same moment', async () => {
    const url = `/api/product/one/${product.id}?burst=1`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(t.app, url)));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(answers.filter((a) => a.headers['x-cache'] === 'hit')).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('an order drops only what it changed: its product, and the lists showing a product it sold out', async () => {
    const category = await createCategory(t.app.db);
    const read = await createProduct(t.app.db, { stock: 5, categoryId: category.id });
    const other = await createProduct(t.app.db, { stock: 5, categoryId: category.id });
    const last = await createProduct(t.app.db, { stock: 1, categoryId: category.id });
    const shopper = await registerShopper(t.app);
    const productUrl = (p: { id: string }) => `/api/product/one/${p.id}`;
    const listUrl = `/api/product?category=${category.id}&includeOutOfStock=true`;
    const cacheOf = async (url: string) => (await get(t.app, url)).headers['x-cache'];

    const first = await readUntilHit((u) => get(t.app, u), productUrl(read));
    expect(first.stored.headers['x-cache']).toBe('miss');
    expect(first.hit.headers['x-cache']).toBe('hit');
    await readFromCache((u) => get(t.app, u), productUrl(other));
    // The same product, its id in capitals: the news names it in lower case.
    const shouted = productUrl({ id: other.id.toUpperCase() });
    await readFromCache((u) => get(t.app, u), shouted);
    await readFromCache((u) => get(t.app, u), listUrl);

    // Units of another product, which keeps some in stock: nothing a list shows changed.
    await placeOrderOf(t.app, shopper, [[other, 1]], ADDRESS, 'cash');
    expect(await cacheOf(productUrl(read))).toBe('hit');
    expect(await cacheOf(listUrl)).toBe('hit');
    const sold = await get(t.app, productUrl(other));
    expect(sold.headers['x-cache']).toBe('miss');
    expect(sold.json().stock).toBe(4);
    expect((await get(t.app, shouted)).json().stock).toBe(4);

    // The last unit of a product the list shows: the list is computed again, the other product still cached.
    await placeOrderOf(t.app, shopper, [[last, 1]], ADDRESS, 'cash');
    const list = await get(t.app, listUrl);
    expect(list.headers['x-cache']).toBe('miss');
    const shown = (list.json() as { products: { _id: string; stock: number }[] }).products;
    expect(shown.find((p) => p._id === last.id)?.stock).toBe(0);
    expect(await cacheOf(productUrl(read))).toBe('hit');
  });

  it('drops everything on news it cannot place', async () => {
    const url = `/api/product/one/${product.id}?unplaced=1`;
    await readFromCache((u) => get(t.app, u), url);
    await t.app.db.execute(sql`select pg_notify('catalogue', 'something else')`);
    const dropped = await servedBeforeExpiry(async () => (await get(t.app, url)).headers['x-cache'] === 'miss');
    expect(dropped).toBe(true);
  });

  it('tells a shared cache how long it may keep a public answer, and not to keep a signed-in one', async () => {
    const url = `/api/product/one/${product.id}?shared=1`;
    const { stored, hit } = await readUntilHit((u) => get(t.app, u), url);
    expect(stored.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(hit.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const shopper = await registerShopper(t.app);
    const signedIn = await t.app.inject({ method: 'GET', url, headers: shopper.headers });
    expect(signedIn.headers['x-cache']).toBe('hit');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    expect(cart.headers['cache-control']).toBe('no-store');
  });
});
