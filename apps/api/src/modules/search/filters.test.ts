import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets, Product } from '@shop/contracts';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures.js';

let t: TestContext;
let p: Record<'apple' | 'appleSoldOut' | 'samsung' | 'samsungCheap' | 'xiaomi' | 'kettle', ProductFixture>;

beforeAll(async () => {
  t = await createTestApp();
  const { id: categoryId } = await createCategory(t.app.db);
  const phone = (overrides: Parameters<typeof createProduct>[1]) =>
    createProduct(t.app.db, { categoryId, ...overrides, name: `Smartphone ${overrides?.brand ?? ''}` });
  p = {
    apple: await phone({ brand: 'Apple', price: 100, rating: 4.5 }),
    appleSoldOut: await phone({ brand: 'Apple', price: 300, rating: 3, stock: 0 }),
    samsung: await phone({ brand: 'Samsung', price: 200, rating: 4, cod: false }),
    samsungCheap: await phone({ brand: 'Samsung', price: 50, rating: 2 }),
    xiaomi: await phone({ brand: 'Xiaomi', price: 150.5, rating: 5 }),
    // Spelled like the phones' word, so a search that matched nothing would fall back to it.
    kettle: await createProduct(t.app.db, { categoryId, name: 'Smartphome Kettle', brand: 'Tornado', price: 80 }),
  };
});
afterAll(() => t.close());

/** A search as the storefront runs it (sold-out products included, shown as such). */
async function search(query: string): Promise<{ products: Product[]; facets: Facets }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/search?includeOutOfStock=true&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { products: Product[]; facets: Facets };
}
const ids = async (query: string) => (await search(`name=smartphone&${query}`)).products.map((x) => x._id);
const idsOf = (...keys: (keyof typeof p)[]) => keys.map((key) => p[key].id);
const ratings = (...counts: number[]) => [4, 3, 2, 1].map((value, index) => ({ value, count: counts[index] }));

describe('GET /api/product/search filters', () => {
  it('narrows to brands, in the chosen order', async () => {
    expect(await ids('brand=Samsung&sortBy=Price: Low to High')).toEqual(idsOf('samsungCheap', 'samsung'));
    expect(await ids('brand=Apple&brand=Xiaomi&sortBy=Price: High to Low')).toEqual(
      idsOf('appleSoldOut', 'xiaomi', 'apple'),
    );
  });

  it('narrows to a price range, a rating, stock and cash on delivery', async () => {
    expect((await ids('minPrice=100&maxPrice=200')).sort()).toEqual(idsOf('apple', 'samsung', 'xiaomi').sort());
    expect(await ids('rating=4&sortBy=Avg. Customer review')).toEqual(idsOf('xiaomi', 'apple', 'samsung'));
    expect(await ids('inStock=true')).not.toContain(p.appleSoldOut.id);
    expect(await ids('cod=true')).not.toContain(p.samsung.id);
  });

  it('combines a word with a brand and a price range', async () => {
    expect(await ids('brand=Apple&minPrice=50&maxPrice=250')).toEqual(idsOf('apple'));
  });

  it('finds nothing, rather than look-alike words, when the filters leave no match', async () => {
    const { products, facets } = await search('name=smartphone&brand=Apple&minPrice=1000');
    expect(products).toEqual([]);
    expect(facets.brands).toEqual([{ value: 'Apple', count: 0 }]);
    expect(facets.price).toEqual({ min: 100, max: 300 });
  });

  it('counts facets over the matches, each without its own filter', async () => {
    expect((await search('name=smartphone')).facets).toEqual({
      brands: [
        { value: 'Apple', count: 2 },
        { value: 'Samsung', count: 2 },
        { value: 'Xiaomi', count: 1 },
      ],
      price: { min: 50, max: 300 },
      ratings: ratings(3, 4, 5, 5),
      options: [],
    });
    const { facets } = await search('name=smartphone&brand=Samsung&rating=4&cod=true');
    expect(facets.brands).toEqual([
      { value: 'Apple', count: 1 },
      { value: 'Xiaomi', count: 1 },
      { value: 'Samsung', count: 0 },
    ]);
    expect(facets.ratings).toEqual(ratings(0, 0, 1, 1));
    expect(facets.price).toEqual({ min: null, max: null });
  });

  it('counts only the products matching the words', async () => {
    const { products, facets } = await search('name=smartphome');
    expect(products.map((x) => x._id)).toEqual(idsOf('kettle'));
    expect(facets.brands).toEqual([{ value: 'Tornado', count: 1 }]);
  });

  it('answers empty counts for a text without words', async () => {
    expect((await search('name=!!!&brand=Apple')).facets).toEqual({
      brands: [{ value: 'Apple', count: 0 }],
      price: { min: null, max: null },
      ratings: ratings(0, 0, 0, 0),
      options: [],
    });
  });

  it('refuses a price range whose ends cross', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/search?name=phone&minPrice=9&maxPrice=1' });
    expect(res.statusCode).toBe(400);
  });
});
