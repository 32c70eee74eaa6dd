import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets, Product } from '@shop/contracts';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import {
  colours,
  createGarments,
  FILTERED_PRODUCTS,
  FILTERED_PRODUCTS_FACETS,
  GARMENT_OPTION_FACETS,
  ratingCounts as ratings,
  sizes,
  type Garments,
} from '../../../test/filter-catalogue.js';

let t: TestContext;
let p: Record<'apple' | 'appleSoldOut' | 'samsung' | 'samsungCheap' | 'xiaomi' | 'kettle', ProductFixture>;
let garments: Garments;

beforeAll(async () => {
  t = await createTestApp();
  const { id: categoryId } = await createCategory(t.app.db);
  const phone = (overrides: Parameters<typeof createProduct>[1]) =>
    createProduct(t.app.db, { categoryId, ...overrides, name: `Smartphone ${overrides?.brand ?? ''}` });
  p = {
    apple: await phone(FILTERED_PRODUCTS.apple),
    appleSoldOut: await phone(FILTERED_PRODUCTS.appleSoldOut),
    samsung: await phone(FILTERED_PRODUCTS.samsung),
    samsungCheap: await phone(FILTERED_PRODUCTS.samsungCheap),
    xiaomi: await phone(FILTERED_PRODUCTS.xiaomi),
    // Spelled like the phones' word, so a search that matched nothing would fall back to it.
    kettle: await createProduct(t.app.db, { categoryId, name: 'Smartphome Kettle', brand: 'Tornado', price: 80 }),
  };
  garments = await createGarments(t.app.db, categoryId);
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
    expect((await search('name=smartphone')).facets).toEqual(FILTERED_PRODUCTS_FACETS);
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

describe('GET /api/product/search option filters', () => {
  const garmentIds = async (query: string) => (await search(`name=cotton&${query}`)).products.map((x) => x._id).sort();
  const garmentsOf = (...keys: (keyof Garments)[]) => keys.map((key) => garments[key].id).sort();

  it('narrows the matches to a value, to any of several, and to one variant with every option chosen', async () => {
    expect(await garmentIds('opt.Size=M')).toEqual(garmentsOf('shirt', 'dress', 'hoodie'));
    expect(await garmentIds('opt.Size=S&opt.Size=XL')).toEqual(garmentsOf('shirt', 'hoodie'));
    expect(await garmentIds('opt.Size=M&opt.Colour=Red')).toEqual(garmentsOf('shirt', 'dress'));
    expect(await garmentIds('opt.Size=S&opt.Colour=Blue')).toEqual([]);
    expect(await garmentIds('opt.Size=M&opt.Colour=Red&inStock=true')).toEqual(garmentsOf('dress'));
  });

  it('counts the options of the matches, each without its own filter', async () => {
    expect((await search('name=cotton')).facets.options).toEqual(GARMENT_OPTION_FACETS);
    expect((await search('name=cotton&opt.Colour=Red&inStock=true')).facets.options).toEqual([
      sizes(['M', 2], ['L', 1], ['S', 1]),
      colours(['Red', 2], ['Blue', 1]),
    ]);
    // Matches without options have no option facets; a value chosen stays listed (in English: none names it).
    expect((await search('name=smartphone&opt.Size=M')).facets.options).toEqual([
      { name: 'Size', nameAr: null, values: [{ value: 'M', count: 0, valueAr: null }] },
    ]);
  });
});
