import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products } from '../db/schema.js';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/harness.js';
import { createProduct, type ProductFixture } from '../../test/fixtures.js';

let t: TestContext;
let product: ProductFixture;
beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.app.db, { price: 100, stock: 5 });
});
afterAll(() => t.close());

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

async function eventually(check: () => Promise<boolean>, withinMs: number) {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('response cache', () => {
  it('answers a repeated catalogue read from memory', async () => {
    const url = `/api/product/one/${product.id}`;
    // The fixture's insert is announced asynchronously; an answer computed while that news arrives is not
    // stored (it might predate the change), so reads repeat until one is stored and the next is a hit.
    let stored: Awaited<ReturnType<typeof get>> | undefined;
    let second = await get(t.app, url);
    for (let i = 0; i < 50 && second.headers['x-cache'] !== 'hit'; i++) {
      if (second.headers['x-cache'] === 'miss') stored = second;
      second = await get(t.app, url);
    }
    expect(stored?.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(stored?.json());
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
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
    await get(t.app, url);
    expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
    await t.app.db.update(products).set({ stock: 42 }).where(eq(products.id, product.id));
    const seen = await eventually(async () => (await get(t.app, url)).json().stock === 42, 1000);
    expect(seen).toBe(true);
  });

  it('a change made through one instance is served by another within a second', async () => {
    const other = await t.sibling();
    const admin = await createAdmin(t.app);
    const url = '/api/department';
    const before = (await get(other, url)).json() as { name: string }[];
    expect((await get(other, url)).headers['x-cache']).toBe('hit');
    const created = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { name: 'Garden & Outdoor' } });
    expect(created.statusCode).toBe(201);
    const seen = await eventually(async () => ((await get(other, url)).json() as { name: string }[]).length === before.length + 1, 1000);
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
});
