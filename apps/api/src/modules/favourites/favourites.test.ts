import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema.js';
import { createAdmin, createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct } from '../../../test/fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (account: Account) => t.app.inject({ method: 'GET', url: '/api/favourite', headers: account.headers });
const add = (account: Account, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/favourite/${id}`, headers: account.headers });
const remove = (account: Account, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/favourite/${id}`, headers: account.headers });
const replace = (account: Account, ids: string[]) =>
  t.app.inject({ method: 'PUT', url: '/api/favourite', headers: account.headers, payload: { products: ids } });
const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((p) => p._id);

describe('who may use favourites', () => {
  it('refuses visitors (401) and admins (403) on every route', async () => {
    const admin = await createAdmin(t.app);
    const product = await createProduct(t.app.db);
    const calls = [
      { method: 'GET' as const, url: '/api/favourite' },
      { method: 'POST' as const, url: `/api/favourite/${product.id}` },
      { method: 'DELETE' as const, url: `/api/favourite/${product.id}` },
      { method: 'PUT' as const, url: '/api/favourite', payload: { products: [product.id] } },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url} visitor`).toBe(401);
      expect(
        (await t.app.inject({ ...call, headers: admin.headers })).statusCode,
        `${call.method} ${call.url} admin`,
      ).toBe(403);
    }
  });
});

describe('favourites', () => {
  it('adds products and lists them newest first in the catalogue product shape', async () => {
    const user = await registerShopper(t.app);
    const category = await createCategory(t.app.db, { name: 'Kettles' });
    const kettle = await createProduct(t.app.db, {
      name: 'Kettle',
      brand: 'Tornado',
      price: 899.5,
      stock: 3,
      categoryId: category.id,
      weight: 1.2,
      cod: false,
    });
    const mug = await createProduct(t.app.db);
    expect((await add(user, kettle.id)).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await add(user, mug.id);
    t.clock.advance(-1000);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([mug.id, kettle.id]);
    const [, shown] = (await list(user)).json() as Record<string, unknown>[];
    expect(shown).toEqual({
      _id: kettle.id,
      name: 'Kettle',
      nameAr: null,
      price: 899.5,
      compareAtPrice: null,
      stock: 3,
      rating: 0,
      numReviews: 0,
      image_path: ['/uploads/test.webp'],
      category: { _id: category.id, name: 'Kettles', nameAr: null },
      department: { _id: category.departmentId, name: expect.any(String), nameAr: null },
      brand: 'Tornado',
      description: 'A sturdy everyday item',
      descriptionAr: null,
      weight: 1.2,
      cod: false,
      warranty: null,
      warrantyAr: null,
    });
  });

  it('adding twice keeps one entry; removing is idempotent', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db);
    await add(user, product.id);
    expect(ids(await add(user, product.id))).toEqual([product.id]);
    const removed = await remove(user, product.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual([]);
    expect((await remove(user, product.id)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const user = await registerShopper(t.app);
    expect((await add(user, '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d')).statusCode).toBe(404);
    expect((await add(user, 'nope')).statusCode).toBe(400);
  });

  it('replaces the whole list, keeping dates of products already there and dropping unknown ids', async () => {
    const user = await registerShopper(t.app);
    const [a, b, c] = [await createProduct(t.app.db), await createProduct(t.app.db), await createProduct(t.app.db)];
    await add(user, a.id);
    await add(user, b.id);
    t.clock.advance(5000);
    const res = await replace(user, [b.id, c.id, c.id, '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d']);
    t.clock.advance(-5000);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([c.id, b.id]);
    expect((await replace(user, [])).json()).toEqual([]);
  });

  it('keeps each shopper’s favourites to themselves and forgets deleted products', async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    const product = await createProduct(t.app.db);
    const gone = await createProduct(t.app.db);
    await add(a, product.id);
    await add(a, gone.id);
    expect((await list(b)).json()).toEqual([]);
    await replace(b, []);
    await t.app.db.delete(products).where(eq(products.id, gone.id));
    expect(ids(await list(a))).toEqual([product.id]);
  });
});
