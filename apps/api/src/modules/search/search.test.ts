import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT, type Product } from '@shop/contracts';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures.js';

let t: TestContext;
let p: Record<'iphone' | 'proMax' | 'galaxy' | 'buds' | 'phoneCase' | 'washer', ProductFixture>;
beforeAll(async () => {
  t = await createTestApp();
  const { id: categoryId } = await createCategory(t.app.db);
  const make = (overrides: Parameters<typeof createProduct>[1]) => createProduct(t.app.db, { categoryId, ...overrides });
  p = {
    iphone: await make({ name: 'iPhone 15', brand: 'Apple', price: 50000, rating: 4.5, numReviews: 8 }),
    proMax: await make({ name: 'iPhone 15 Pro Max', brand: 'Apple', price: 70000, rating: 5, numReviews: 3 }),
    galaxy: await make({ name: 'Galaxy S24', brand: 'Samsung', price: 40000, rating: 4 }),
    buds: await make({ name: 'Galaxy Buds', brand: 'Samsung', price: 5000, stock: 0 }),
    phoneCase: await make({ name: 'Slim Phone Case', brand: 'Spigen', description: 'A clear case made for the iPhone 15', price: 500, rating: 3.5 }),
    washer: await make({ name: 'Washing Machine 8 kg', brand: 'LG', description: 'Front load washer with steam', price: 21000 }),
  };
});
afterAll(() => t.close());

async function search(params: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: params });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: Product[] }).products.map((x) => x._id);
}

describe('GET /api/product/search', () => {
  it('matches word prefixes, names above descriptions', async () => {
    const ids = await search({ name: 'iph' });
    expect(ids.slice(0, 2).sort()).toEqual([p.iphone.id, p.proMax.id].sort());
    expect(ids).toEqual(expect.arrayContaining([p.phoneCase.id]));
    expect(ids.indexOf(p.phoneCase.id)).toBe(2);
  });

  it("forgives a typo: 'iphnoe' finds the iPhone 15", async () => {
    expect((await search({ name: 'iphnoe' })).sort()).toEqual([p.iphone.id, p.proMax.id].sort());
    expect(await search({ name: 'iphnoe 15 pro' })).toEqual([p.proMax.id, p.iphone.id]);
  });

  it('needs every word, across name and brand, and ignores case and punctuation', async () => {
    expect(await search({ name: 'SAMSUNG galaxy' })).toEqual([p.galaxy.id]);
    expect(await search({ name: 'apple, 15 pro' })).toEqual([p.proMax.id]);
  });

  it('finds stemmed words in descriptions', async () => {
    expect(await search({ name: 'washers' })).toEqual([p.washer.id]);
  });

  it('leaves out sold-out products unless asked', async () => {
    expect(await search({ name: 'galaxy buds', includeOutOfStock: 'true' })).toEqual([p.buds.id]);
    // With the sold-out match left out, no product has every word: similar names stand in.
    expect(await search({ name: 'galaxy buds' })).toEqual([p.galaxy.id]);
    expect((await search({ name: 'galaxy', includeOutOfStock: 'true' })).sort()).toEqual([p.galaxy.id, p.buds.id].sort());
  });

  it.each([
    ['Price: Low to High', () => [p.phoneCase.id, p.iphone.id, p.proMax.id]],
    ['Price: High to Low', () => [p.proMax.id, p.iphone.id, p.phoneCase.id]],
    ['Avg. Customer review', () => [p.proMax.id, p.iphone.id, p.phoneCase.id]],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(await search({ name: 'iphone', sortBy })).toEqual(expected());
  });

  it('refuses an unknown sort key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: { name: 'iphone', sortBy: 'price' } });
    expect(res.statusCode).toBe(400);
  });

  it('answers an empty list for empty or wordless text', async () => {
    expect(await search({})).toEqual([]);
    expect(await search({ name: '   ' })).toEqual([]);
    expect(await search({ name: '!!! --' })).toEqual([]);
  });

  it('treats quotes and query syntax as plain text', async () => {
    expect((await search({ name: "iphone' 15" })).sort()).toEqual([p.iphone.id, p.proMax.id, p.phoneCase.id].sort());
    for (const name of ["iphone' or 1=1 --", 'iphone:* | !galaxy & (', "'); drop table products; --"]) {
      expect(await search({ name })).not.toContain(p.washer.id);
    }
    expect(await search({ name: 'washing' })).toEqual([p.washer.id]);
  });

  it(`returns at most ${SEARCH_LIMIT} products`, async () => {
    const { id: categoryId } = await createCategory(t.app.db);
    for (let i = 0; i < SEARCH_LIMIT + 5; i++) await createProduct(t.app.db, { categoryId, name: `USB Cable ${i}` });
    expect(await search({ name: 'cable' })).toHaveLength(SEARCH_LIMIT);
  });
});
