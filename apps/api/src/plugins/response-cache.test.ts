import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products } from '../db/schema.js';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/harness.js';
import { createProduct, type ProductFixture } from '../../test/fixtures.js';
import { readFromCache, readUntilHit, type Read } from '../../test/cache-reads.js';

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
    const seen = await eventually(async () => (await get(t.app, url)).json().stock === 42, 1000);
    expect(seen).toBe(true);
  });

  it('a change made through one instance is served by another within a second', async () => {
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
    const seen = await eventually(
      async () => ((await get(other, url)).json() as { name: string }[]).length === before.length + 1,
      1000,
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
});
