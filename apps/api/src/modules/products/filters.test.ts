import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MAX_BRAND_FILTERS,
  MAX_OPTION_FILTER_VALUES,
  MAX_OPTION_FILTERS,
  type Facets,
  type Product,
} from '@shop/contracts';
import { productVariants } from '../../db/schema.js';
import { createAdmin, createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createDepartment, createProduct, type ProductFixture } from '../../../test/fixtures.js';
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
let category: string;
let department: string;
let clothes: string;
let garments: Garments;
let p: Record<'apple' | 'appleSoldOut' | 'samsung' | 'samsungCheap' | 'xiaomi' | 'appleLaptop', ProductFixture>;

beforeAll(async () => {
  t = await createTestApp();
  department = (await createDepartment(t.app.db)).id;
  category = (await createCategory(t.app.db, { departmentId: department })).id;
  const laptops = (await createCategory(t.app.db, { departmentId: department })).id;
  const make = (overrides: Parameters<typeof createProduct>[1]) =>
    createProduct(t.app.db, { categoryId: category, ...overrides });
  p = {
    apple: await make({ ...FILTERED_PRODUCTS.apple, stock: 5 }),
    appleSoldOut: await make(FILTERED_PRODUCTS.appleSoldOut),
    samsung: await make(FILTERED_PRODUCTS.samsung),
    samsungCheap: await make(FILTERED_PRODUCTS.samsungCheap),
    xiaomi: await make(FILTERED_PRODUCTS.xiaomi),
    appleLaptop: await make({ categoryId: laptops, brand: 'Apple', price: 1000, rating: 1 }),
  };
  clothes = (await createCategory(t.app.db, { departmentId: department })).id;
  garments = await createGarments(t.app.db, clothes);
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
    ['opt.Size='],
    ['opt.=M'],
    [`opt.Size=${'M'.repeat(101)}`],
    [Array.from({ length: MAX_OPTION_FILTER_VALUES + 1 }, (_, i) => `opt.Size=S${i}`).join('&')],
    [Array.from({ length: MAX_OPTION_FILTERS + 1 }, (_, i) => `opt.O${i}=M`).join('&')],
  ])('refuses %s', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product?category=${category}&${query}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/product facets', () => {
  it("count a category's brands, price range and ratings", async () => {
    expect((await list('')).facets).toEqual(FILTERED_PRODUCTS_FACETS);
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

describe('GET /api/product option filters', () => {
  const garmentIds = (answer: Answer) => answer.products.map((product) => product._id).sort();
  const garmentsOf = (...keys: (keyof Garments)[]) => keys.map((key) => garments[key].id).sort();
  const clothesList = (query: string) => list(query, `category=${clothes}`);

  it('narrows to products with a variant of the value, never to products without options', async () => {
    expect(garmentIds(await clothesList('opt.Size=M'))).toEqual(garmentsOf('shirt', 'dress', 'hoodie'));
    expect(garmentIds(await clothesList('opt.Size=XL'))).toEqual(garmentsOf('hoodie'));
    expect(garmentIds(await clothesList('opt.Size=XXL'))).toEqual([]);
    expect(garmentIds(await clothesList('opt.Material=Cotton'))).toEqual([]);
  });

  it("reads several values of one option as any of them, and other options' as all of them", async () => {
    expect(garmentIds(await clothesList('opt.Size=S&opt.Size=XL'))).toEqual(garmentsOf('shirt', 'hoodie'));
    expect(garmentIds(await clothesList('opt.Size=M&opt.Colour=Red'))).toEqual(garmentsOf('shirt', 'dress'));
    expect(garmentIds(await clothesList('opt.Colour=Blue&opt.Size=S&opt.Size=L'))).toEqual(garmentsOf('shirt'));
  });

  it('wants one variant with every option chosen: a red S and a blue M are no blue S', async () => {
    expect(garmentIds(await clothesList('opt.Size=S&opt.Colour=Blue'))).toEqual([]);
    expect(garmentIds(await clothesList('opt.Size=L&opt.Colour=Red'))).toEqual(garmentsOf('dress'));
  });

  it("asks the variant's own stock when only products in stock are listed", async () => {
    // The hoodie is in stock (its XL), but not in M.
    expect(garmentIds(await clothesList('opt.Size=M&inStock=true'))).toEqual(garmentsOf('shirt', 'dress'));
    // The shirt's red M is sold out; its other variants in stock do not make it one.
    expect(garmentIds(await clothesList('opt.Size=M&opt.Colour=Red&inStock=true'))).toEqual(garmentsOf('dress'));
  });

  it('applies the other filters too, and counts the pages of what is left', async () => {
    expect(garmentIds(await clothesList('opt.Size=M&brand=Weaver&rating=5'))).toEqual(garmentsOf('hoodie'));
    expect((await clothesList('opt.Size=M&limit=2')).pages).toBe(2);
  });

  it('filters a department across its categories', async () => {
    const answer = await list('opt.Size=L', `department=${department}`);
    expect(garmentIds(answer)).toEqual(garmentsOf('shirt', 'dress'));
  });

  it('follow the variants as the admin sets them and as their stock goes', async () => {
    const admin = await createAdmin(t.app);
    const { id: categoryId } = await createCategory(t.app.db);
    const place = `category=${categoryId}`;
    const socks = await createProduct(t.app.db, { categoryId, name: 'Wool socks' });
    const setVariants = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/product/${socks.id}/variants`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const size = { name: 'Size', nameAr: null, values: [{ value: 'M', valueAr: null }] };
    await setVariants({ options: [size], variants: [{ sku: 'SOCKS-M', options: { Size: 'M' }, price: 50, stock: 1 }] });
    expect(garmentIds(await list('opt.Size=M&inStock=true', place))).toEqual([socks.id]);
    // Sold out behind the API's back (as an order takes it): each address once, so no cached answer stands in.
    await t.app.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, socks.id));
    expect(garmentIds(await list('opt.Size=M&inStock=true&limit=9', place))).toEqual([]);
    expect(garmentIds(await list('opt.Size=M&limit=9', place))).toEqual([socks.id]);
    await setVariants({ options: [], variants: [] });
    expect(garmentIds(await list('opt.Size=M&limit=8', place))).toEqual([]);
  });

  it('leaves out the fields the list does not know, a field named "options" among them', async () => {
    expect(garmentIds(await clothesList('options=Size&unknown=1'))).toHaveLength(4);
  });
});

describe('GET /api/product option facets', () => {
  const facetsOf = async (query: string, scope = `category=${clothes}`) => (await list(query, scope)).facets;

  it('count the values of the options in the list, in the order products list them, in both languages', async () => {
    expect((await facetsOf(''))?.options).toEqual(GARMENT_OPTION_FACETS);
    // A list whose products have no options has none.
    expect((await list('')).facets?.options).toEqual([]);
  });

  it("count each option without its own filter, and by the products' values for the others", async () => {
    expect((await facetsOf('opt.Size=M'))?.options).toEqual([
      GARMENT_OPTION_FACETS[0],
      colours(['Red', 2], ['Blue', 1]),
    ]);
    expect((await facetsOf('opt.Colour=Red'))?.options).toEqual([
      sizes(['L', 2], ['M', 2], ['S', 1]),
      GARMENT_OPTION_FACETS[1],
    ]);
    // Not by the same variant: the shirt counts for S under Blue (it has a red S and a blue M), though it has no
    // blue S and the list is empty.
    const { products, facets } = await list('opt.Size=S&opt.Colour=Blue', `category=${clothes}`);
    expect(products).toEqual([]);
    expect(facets?.options).toEqual([sizes(['L', 1], ['M', 1], ['S', 1]), colours(['Blue', 1], ['Red', 1])]);
  });

  it('count the values of variants in stock only when the list asks for products in stock', async () => {
    // The hoodie's M is sold out, and the shirt's red M: the shirt counts for M and for Red by its other variants.
    expect((await facetsOf('inStock=true'))?.options).toEqual([
      sizes(['M', 2], ['L', 1], ['S', 1], ['XL', 1]),
      colours(['Red', 2], ['Blue', 1]),
    ]);
    expect((await facetsOf('opt.Colour=Red&inStock=true'))?.options).toEqual([
      sizes(['M', 2], ['L', 1], ['S', 1]),
      colours(['Red', 2], ['Blue', 1]),
    ]);
  });

  it('narrow the other facets by the options chosen', async () => {
    const facets = await facetsOf('opt.Size=XL');
    expect(facets?.brands).toEqual([{ value: 'Weaver', count: 1 }]);
    expect(facets?.ratings).toEqual(ratings(1, 1, 1, 1));
    // And are narrowed by the others: the brand leaves the dress out.
    expect((await facetsOf('brand=Weaver'))?.options).toEqual([
      sizes(['M', 2], ['L', 1], ['S', 1], ['XL', 1]),
      colours(['Blue', 1], ['Red', 1]),
    ]);
  });

  it('keep a chosen value listed at 0 when nothing matches, with its words, and an option no product has', async () => {
    const { products, facets } = await list('opt.Size=XL&opt.Colour=Red', `category=${clothes}`);
    expect(products).toEqual([]);
    expect(facets?.options).toEqual([sizes(['L', 2], ['M', 2], ['S', 1], ['XL', 0]), colours(['Red', 0])]);
    expect((await facetsOf('opt.Material=Wool'))?.options).toEqual([
      { name: 'Material', nameAr: null, values: [{ value: 'Wool', count: 0, valueAr: null }] },
    ]);
  });

  it("cover a department's categories", async () => {
    expect((await facetsOf('', `department=${department}`))?.options).toEqual(GARMENT_OPTION_FACETS);
  });
});
