import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BRAND_FILTERS, type Facets, type Product } from '@shop/contracts';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createDepartment, createProduct, type ProductFixture } from '../../../test/fixtures.js';

let t: TestContext;
let category: string;
let department: string;
let p: Record<'apple' | 'appleSoldOut' | 'samsung' | 'samsungCheap' | 'xiaomi' | 'appleLaptop', ProductFixture>;

beforeAll(async () => {
  t = await createTestApp();
  department = (await createDepartment(t.app.db)).id;
  category = (await createCategory(t.app.db, { departmentId: department })).id;
  const laptops = (await createCategory(t.app.db, { departmentId: department })).id;
  const make = (overrides: Parameters<typeof createProduct>[1]) =>
    createProduct(t.app.db, { categoryId: category, ...overrides });
  p = {
    apple: await make({ brand: 'Apple', price: 100, rating: 4.5, stock: 5 }),
    appleSoldOut: await make({ brand: 'Apple', price: 300, rating: 3, stock: 0 }),
    samsung: await make({ brand: 'Samsung', price: 200, rating: 4, cod: false }),
    samsungCheap: await make({ brand: 'Samsung', price: 50, rating: 2 }),
    xiaomi: await make({ brand: 'Xiaomi', price: 150.5, rating: 5 }),
    appleLaptop: await make({ categoryId: laptops, brand: 'Apple', price: 1000, rating: 1 }),
  };
});
afterAll(() => t.close());

interface Answer {
  products: Product[];
  pages: number;
  facets?: Facets;
}

/** A category's list as the storefront asks for it (sold-out products included, shown as such). */
async function list(query: string, scope = `category=${category}`): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/product?${scope}&includeOutOfStock=true&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}
const ids = (answer: Answer) => answer.products.map((product) => product._id).sort();
const idsOf = (...keys: (keyof typeof p)[]) => keys.map((key) => p[key].id).sort();
const ratings = (...counts: number[]) => [4, 3, 2, 1].map((value, index) => ({ value, count: counts[index] }));

describe('GET /api/product filters', () => {
  it('narrows to one brand, or to any of several', async () => {
    expect(ids(await list('brand=Apple'))).toEqual(idsOf('apple', 'appleSoldOut'));
    expect(ids(await list('brand=Apple&brand=Xiaomi'))).toEqual(idsOf('apple', 'appleSoldOut', 'xiaomi'));
  });

  it('narrows to a price range in EGP, both ends included, piastres exact', async () => {
    expect(ids(await list('minPrice=100&maxPrice=200'))).toEqual(idsOf('apple', 'samsung', 'xiaomi'));
    expect(ids(await list('minPrice=150.5'))).toEqual(idsOf('appleSoldOut', 'samsung', 'xiaomi'));
    expect(ids(await list('maxPrice=150.49'))).toEqual(idsOf('apple', 'samsungCheap'));
  });

  it('narrows to an average rating of at least N stars', async () => {
    expect(ids(await list('rating=4'))).toEqual(idsOf('apple', 'samsung', 'xiaomi'));
    expect(ids(await list('rating=5'))).toEqual(idsOf('xiaomi'));
  });

  it('narrows to products in stock, and to products payable cash on delivery', async () => {
    expect(ids(await list('inStock=true'))).toEqual(idsOf('apple', 'samsung', 'samsungCheap', 'xiaomi'));
    expect(ids(await list('cod=true'))).toEqual(idsOf('apple', 'appleSoldOut', 'samsungCheap', 'xiaomi'));
    expect(ids(await list('inStock=false&cod=false'))).toHaveLength(5);
  });

  it('applies every filter together', async () => {
    expect(ids(await list('brand=Samsung&minPrice=100'))).toEqual(idsOf('samsung'));
    expect(ids(await list('brand=Samsung&minPrice=100&cod=true'))).toEqual([]);
    expect(ids(await list('brand=Apple&brand=Samsung&rating=3&inStock=true&cod=true'))).toEqual(idsOf('apple'));
  });

  it('counts pages of the filtered list', async () => {
    const first = await list('brand=Apple&limit=1');
    expect(first.pages).toBe(2);
    expect(ids(await list('brand=Apple&limit=1&page=2'))).toHaveLength(1);
  });

  it('filters a department across its categories', async () => {
    expect(ids(await list('brand=Apple', `department=${department}`))).toEqual(
      idsOf('apple', 'appleSoldOut', 'appleLaptop'),
    );
  });

  it.each([
    ['minPrice=-1'],
    ['maxPrice=abc'],
    ['minPrice=300&maxPrice=100'],
    ['rating=0'],
    ['rating=6'],
    ['rating=4.5'],
    ['inStock=yes'],
    ['cod=1'],
    ['brand='],
    [Array.from({ length: MAX_BRAND_FILTERS + 1 }, (_, i) => `brand=B${i}`).join('&')],
  ])('refuses %s', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product?category=${category}&${query}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/product facets', () => {
  it("count a category's brands, price range and ratings", async () => {
    expect((await list('')).facets).toEqual({
      brands: [
        { value: 'Apple', count: 2 },
        { value: 'Samsung', count: 2 },
        { value: 'Xiaomi', count: 1 },
      ],
      price: { min: 50, max: 300 },
      ratings: ratings(3, 4, 5, 5),
      options: [],
    });
  });

  it('count each facet with every filter but its own', async () => {
    const { facets } = await list('brand=Apple&minPrice=100&maxPrice=250');
    // Brands ignore the brand filter but keep the price range.
    expect(facets?.brands).toEqual([
      { value: 'Apple', count: 1 },
      { value: 'Samsung', count: 1 },
      { value: 'Xiaomi', count: 1 },
    ]);
    // The price range ignores itself but keeps the brand.
    expect(facets?.price).toEqual({ min: 100, max: 300 });
    expect(facets?.ratings).toEqual(ratings(1, 1, 1, 1));
  });

  it('count ratings without the rating filter, brands and prices with it', async () => {
    const { products, facets } = await list('brand=Samsung&rating=4');
    expect(products.map((product) => product._id)).toEqual([p.samsung.id]);
    expect(facets?.ratings).toEqual(ratings(1, 1, 2, 2));
    expect(facets?.brands).toEqual([
      { value: 'Apple', count: 1 },
      { value: 'Samsung', count: 1 },
      { value: 'Xiaomi', count: 1 },
    ]);
    expect(facets?.price).toEqual({ min: 200, max: 200 });
  });

  it('narrow every facet by in-stock and cash on delivery, which have no facet of their own', async () => {
    const { facets } = await list('inStock=true&cod=true');
    expect(facets?.brands).toEqual([
      { value: 'Apple', count: 1 },
      { value: 'Samsung', count: 1 },
      { value: 'Xiaomi', count: 1 },
    ]);
    expect(facets?.price).toEqual({ min: 50, max: 150.5 });
    expect(facets?.ratings).toEqual(ratings(2, 2, 3, 3));
  });

  it('keep a chosen brand listed at 0 when nothing matches, and have no prices then', async () => {
    const { products, facets } = await list('brand=Nokia');
    expect(products).toEqual([]);
    expect(facets?.brands).toContainEqual({ value: 'Nokia', count: 0 });
    expect(facets?.brands).toContainEqual({ value: 'Apple', count: 2 });
    expect(facets?.price).toEqual({ min: null, max: null });
    expect(facets?.ratings).toEqual(ratings(0, 0, 0, 0));
  });

  it("cover a department's categories", async () => {
    const { facets } = await list('', `department=${department}`);
    expect(facets?.brands[0]).toEqual({ value: 'Apple', count: 3 });
    expect(facets?.price).toEqual({ min: 50, max: 1000 });
  });

  it('leave sold-out products out of the counts when the list does', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product?category=${category}&brand=Apple` });
    const answer = res.json() as Answer;
    expect(answer.products.map((product) => product._id)).toEqual([p.apple.id]);
    expect(answer.facets?.brands[0]).toEqual({ value: 'Samsung', count: 2 });
  });

  it('are not counted for the whole catalogue (the home page and the dashboard)', async () => {
    const answer = await list('brand=Xiaomi', 'page=1');
    expect(answer.products.map((product) => product._id)).toEqual([p.xiaomi.id]);
    expect(answer).not.toHaveProperty('facets');
  });
});
