import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import {
  API_MSG,
  API_MSG_AR,
  LOW_STOCK_THRESHOLD,
  MAX_PAGE_SIZE,
  MSG,
  PAGE_SIZE,
  RULE_MSG,
  RULE_MSG_AR,
  type Product,
  type ProductDetail,
} from '@shop/contracts';
import { auditLogs, products, productVariants } from '../../db/schema.js';
import { addDays, cairoDay } from '../../lib/clock.js';
import {
  createAdmin,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
  UNKNOWN_ID,
  lastAudit,
  placeOrderOf,
  storedImageCount,
} from '../../../test/harness.js';
import {
  ADDRESS,
  createCategory,
  createDepartment,
  createProduct,
  createVariantProduct,
  sizeOption,
  testImage,
  type CategoryRow,
} from '../../../test/fixtures.js';
import { multipart, type FilePart } from '../../../test/multipart.js';

let t: TestContext;
let admin: Account;
let shopper: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(() => t.close());

const productCount = async () => (await t.app.db.select({ n: count() }).from(products))[0]?.n;
/** A product as its page reads it. */
const one = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/one/${id}` })).json();
const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/product?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { products: Product[]; pages: number };
};

describe('GET /api/product', () => {
  let category: CategoryRow;
  const ids: string[] = [];
  beforeAll(async () => {
    category = await createCategory(t.app.db);
    // 19 in stock and 2 sold out, one minute apart, newest last.
    for (let i = 0; i < 21; i++) {
      const product = await createProduct(t.app.db, {
        categoryId: category.id,
        stock: i % 10 === 5 ? 0 : 3,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      ids.unshift(product.id);
    }
  });

  it('pages 8 in-stock products at a time, newest first', async () => {
    const first = await list(`category=${category.id}`);
    expect(first.pages).toBe(3);
    expect(first.products).toHaveLength(PAGE_SIZE);
    const all = [
      ...first.products,
      ...(await list(`category=${category.id}&page=2`)).products,
      ...(await list(`category=${category.id}&page=3`)).products,
    ];
    expect(all).toHaveLength(19);
    expect(all.every((p) => p.stock > 0)).toBe(true);
    const inStock = ids.filter((_, i) => ![20 - 5, 20 - 15].includes(i));
    expect(all.map((p) => p._id)).toEqual(inStock);
  });

  it('includes sold-out products when asked', async () => {
    const res = await list(`category=${category.id}&includeOutOfStock=true&page=3`);
    expect(res.pages).toBe(3);
    expect(res.products.map((p) => p._id)).toEqual(ids.slice(16));
  });

  it('honours limit up to 48 and refuses more', async () => {
    const res = await list(`category=${category.id}&includeOutOfStock=true&limit=48`);
    expect(res.pages).toBe(1);
    expect(res.products).toHaveLength(21);
    expect((await list(`category=${category.id}&limit=5`)).pages).toBe(4);
    expect((await t.app.inject({ method: 'GET', url: '/api/product?limit=49' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/product?page=0' })).statusCode).toBe(400);
  });

  it('still reports the page count past the last page', async () => {
    const res = await list(`category=${category.id}&page=9`);
    expect(res).toMatchObject({ products: [], pages: 3 });
  });

  it('orders products created at the same moment stably', async () => {
    const c = await createCategory(t.app.db);
    const at = new Date(Date.UTC(2026, 1, 1));
    for (let i = 0; i < 5; i++) await createProduct(t.app.db, { categoryId: c.id, createdAt: at });
    const pages = [1, 2, 3].map((page) => list(`category=${c.id}&limit=2&page=${page}`));
    const seen = (await Promise.all(pages)).flatMap((p) => p.products.map((x) => x._id));
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('filters by department and by name', async () => {
    const dept = await createDepartment(t.app.db);
    const c = await createCategory(t.app.db, { departmentId: dept.id });
    const kettle = await createProduct(t.app.db, {
      categoryId: c.id,
      name: 'Electric Kettle 100%',
      nameAr: 'غلاية كهربائية',
    });
    await createProduct(t.app.db, { categoryId: c.id, name: 'Toaster' });
    expect((await list(`department=${dept.id}`)).products).toHaveLength(2);
    expect((await list(`department=${dept.id}&q=KETTLE`)).products.map((p) => p._id)).toEqual([kettle.id]);
    expect((await list(`department=${dept.id}&q=${encodeURIComponent('100%')}`)).products.map((p) => p._id)).toEqual([
      kettle.id,
    ]);
    expect((await list(`department=${dept.id}&q=${encodeURIComponent('_%')}`)).products).toEqual([]);
    // The Arabic name too, whatever the spelling of ة or ئ.
    expect(
      (await list(`department=${dept.id}&q=${encodeURIComponent('غلايه كهربايي')}`)).products.map((p) => p._id),
    ).toEqual([kettle.id]);
    expect(await list(`department=${UNKNOWN_ID}`)).toMatchObject({ products: [], pages: 0 });
  });

  it('sorts a category’s and a department’s products as the search does, across pages, with their filters', async () => {
    const dept = await createDepartment(t.app.db);
    const c = await createCategory(t.app.db, { departmentId: dept.id });
    const made = async (name: string, price: number, rating: number, numReviews: number, minute: number) =>
      (
        await createProduct(t.app.db, {
          categoryId: c.id,
          name,
          price,
          rating,
          numReviews,
          createdAt: new Date(Date.UTC(2026, 2, 1, 0, minute)),
        })
      ).id;
    const cheap = await made('Cheap', 150, 3, 2, 1);
    const dear = await made('Dear', 900.5, 4, 1, 2);
    const middle = await made('Middle', 400, 4.5, 7, 3);
    const alsoMiddle = await made('Also middle', 400, 4, 9, 4);
    const ids = async (query: string) => (await list(query)).products.map((p) => p._id);
    const sorted = (by: string, scope = `category=${c.id}`) => `${scope}&sortBy=${encodeURIComponent(by)}`;
    // Equal prices: the newer first, as without a sort.
    expect(await ids(sorted('Price: Low to High'))).toEqual([cheap, alsoMiddle, middle, dear]);
    expect(await ids(sorted('Price: High to Low', `department=${dept.id}`))).toEqual([dear, alsoMiddle, middle, cheap]);
    // By rating, then by how many reviews it has.
    expect(await ids(sorted('Avg. Customer review'))).toEqual([middle, alsoMiddle, dear, cheap]);
    // Paged and filtered, the order holds across the pages.
    const pages = [1, 2].map((page) =>
      ids(`${sorted('Price: Low to High', `department=${dept.id}`)}&limit=2&page=${page}`),
    );
    expect((await Promise.all(pages)).flat()).toEqual([cheap, alsoMiddle, middle, dear]);
    expect(await ids(`${sorted('Price: High to Low')}&maxPrice=500`)).toEqual([alsoMiddle, middle, cheap]);
    // Without a sort: newest first; an order the shop does not have is refused.
    expect(await ids(`category=${c.id}`)).toEqual([alsoMiddle, middle, dear, cheap]);
    const refused = await t.app.inject({ method: 'GET', url: `/api/product?${sorted('price')}` });
    expect(refused.statusCode).toBe(400);
  });

  it('counts the whole catalogue as products come, sell out, come back and go', async () => {
    const counted = async () => ({
      inStock: (await list('limit=1')).pages,
      all: (await list('limit=1&includeOutOfStock=true')).pages,
      pastTheEnd: (await list('limit=1&page=100000')).pages,
    });
    const inStock = async () =>
      (await t.app.db.select({ n: count() }).from(products).where(gt(products.stock, 0)))[0]?.n;
    // Written behind the API's back: a cached answer goes when the database announces the change.
    const expectCounts = async () => {
      const n = await inStock();
      await expect.poll(counted).toEqual({ inStock: n, all: await productCount(), pastTheEnd: n });
    };
    await expectCounts();
    const c = await createCategory(t.app.db);
    const kept = await createProduct(t.app.db, { categoryId: c.id, stock: 2 });
    await createProduct(t.app.db, { categoryId: c.id, stock: 0 });
    await expectCounts();
    await t.app.db.update(products).set({ stock: 0 }).where(eq(products.id, kept.id));
    await expectCounts();
    // Both back in one statement.
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.categoryId, c.id));
    await expectCounts();
    await t.app.db.delete(products).where(eq(products.categoryId, c.id));
    await expectCounts();
  });
});

describe('GET /api/admin/products', () => {
  const dashboard = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/products?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { products: Product[]; pages: number };
  };

  it(`lists every product, or those with ${LOW_STOCK_THRESHOLD} or fewer in stock fewest first, and pages them`, async () => {
    const mark = crypto.randomUUID();
    const made = async (name: string, stock: number, minute: number) =>
      (
        await createProduct(t.app.db, {
          name: `${name} ${mark}`,
          stock,
          createdAt: new Date(Date.UTC(2026, 3, 1, 0, minute)),
        })
      ).id;
    const plenty = await made('Plenty', LOW_STOCK_THRESHOLD + 1, 1);
    const atThreshold = await made('At the threshold', LOW_STOCK_THRESHOLD, 2);
    const soldOut = await made('Sold out', 0, 3);
    const lastOne = await made('Last one', 1, 4);
    const olderTwo = await made('Older two', 2, 5);
    const newerTwo = await made('Newer two', 2, 6);
    const lots = await made('Lots', 50, 7);
    const ids = async (query: string) => (await dashboard(query)).products.map((p) => p._id);

    // Every product, sold out too, newest first.
    expect(await ids(`q=${mark}`)).toEqual([lots, newerTwo, olderTwo, lastOne, soldOut, atThreshold, plenty]);
    // Fewest in stock first, equal stocks newest first.
    const low = [soldOut, lastOne, newerTwo, olderTwo, atThreshold];
    expect(await ids(`q=${mark}&lowStock=true`)).toEqual(low);
    const pages = await Promise.all([1, 2, 3].map((page) => dashboard(`q=${mark}&lowStock=true&limit=2&page=${page}`)));
    expect(pages.map((p) => p.pages)).toEqual([3, 3, 3]);
    expect(pages.flatMap((p) => p.products.map((x) => x._id))).toEqual(low);
    expect(await ids(`q=${encodeURIComponent(`two ${mark}`)}&lowStock=true`)).toEqual([newerTwo, olderTwo]);
    // The storefront's lists have no such filter.
    expect((await list(`q=${mark}&includeOutOfStock=true&lowStock=true`)).products).toHaveLength(7);

    // The whole catalogue's low ones are counted, not the count kept of every product.
    const [lowInCatalogue] = await t.app.db
      .select({ n: count() })
      .from(products)
      .where(lte(products.stock, LOW_STOCK_THRESHOLD));
    expect(lowInCatalogue?.n).toBeLessThan((await productCount()) ?? 0);
    expect((await dashboard('lowStock=true&limit=1')).pages).toBe(lowInCatalogue?.n);
    expect((await dashboard('lowStock=true&limit=1&page=100000')).pages).toBe(lowInCatalogue?.n);
    const lowest = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(lte(products.stock, LOW_STOCK_THRESHOLD))
      .orderBy(asc(products.stock), desc(products.createdAt), desc(products.id))
      .limit(MAX_PAGE_SIZE);
    expect(await ids(`lowStock=true&limit=${MAX_PAGE_SIZE}`)).toEqual(lowest.map((p) => p.id));
  });
});

describe('GET /api/product/one/:id', () => {
  it('returns the product with EGP price, category and department', async () => {
    const dept = await createDepartment(t.app.db, 'Mobiles');
    const c = await createCategory(t.app.db, { departmentId: dept.id, name: 'Smartphones' });
    const p = await createProduct(t.app.db, {
      categoryId: c.id,
      name: 'Galaxy A55',
      nameAr: 'جالاكسي A55',
      descriptionAr: 'هاتف متين',
      brand: 'Samsung',
      price: 14999.99,
      stock: 4,
      weight: 0.21,
      cod: false,
      imagePaths: ['/uploads/a.webp', '/uploads/b.webp'],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/product/one/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: p.id,
      name: 'Galaxy A55',
      nameAr: 'جالاكسي A55',
      price: 14999.99,
      compareAtPrice: null,
      stock: 4,
      rating: 0,
      numReviews: 0,
      image_path: ['/uploads/a.webp', '/uploads/b.webp'],
      category: { _id: c.id, name: 'Smartphones', nameAr: null },
      department: { _id: dept.id, name: 'Mobiles', nameAr: null },
      brand: 'Samsung',
      description: 'A sturdy everyday item',
      descriptionAr: 'هاتف متين',
      weight: 0.21,
      cod: false,
      warranty: null,
      warrantyAr: null,
      saleEndsOn: null,
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/product/one/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/one/123' })).statusCode).toBe(404);
  });
});

const formFields = (category: CategoryRow, overrides: Record<string, string> = {}) => ({
  name: 'Air Fryer XL',
  brand: 'Tornado',
  description: 'Five litres, 1700 W',
  price: '3499.5',
  stock: '12',
  weight: '4.2',
  cod: 'true',
  category: category.id,
  department: category.departmentId,
  ...overrides,
});

function send(
  method: 'POST' | 'PUT',
  fields: Record<string, string>,
  files: FilePart[],
  headers: Record<string, string> = admin.headers,
) {
  const form = multipart(fields, files);
  return t.app.inject({ method, url: '/api/product', headers: { ...headers, ...form.headers }, payload: form.payload });
}

const images = async (n: number, from = 0): Promise<FilePart[]> =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      filename: `p${i}.png`,
      data: await testImage(i % 2 ? 'jpeg' : 'png', from + i),
    })),
  );

describe('POST /api/product', () => {
  it('creates a product with its images for an admin and audits it', async () => {
    const c = await createCategory(t.app.db);
    const res = await send('POST', formFields(c), await images(2, 10));
    expect(res.statusCode).toBe(201);
    const product = res.json() as Product;
    expect(product).toMatchObject({
      name: 'Air Fryer XL',
      price: 3499.5,
      stock: 12,
      weight: 4.2,
      cod: true,
      brand: 'Tornado',
      category: { _id: c.id },
      department: { _id: c.departmentId },
    });
    expect(product.image_path).toHaveLength(2);
    for (const url of product.image_path)
      expect((await t.app.inject({ method: 'GET', url })).headers['content-type']).toBe('image/webp');
    const [row] = await t.app.db.select({ price: products.price }).from(products).where(eq(products.id, product._id));
    expect(row?.price).toBe(349950);
    expect(await lastAudit(t.app)).toMatchObject({
      type: 'admin',
      action: 'product_create',
      userId: admin.id,
      data: { id: product._id },
    });
  });

  it('refuses visitors (401) and shoppers (403)', async () => {
    const c = await createCategory(t.app.db);
    expect((await send('POST', formFields(c), await images(1), {})).statusCode).toBe(401);
    expect((await send('POST', formFields(c), await images(1), shopper.headers)).statusCode).toBe(403);
  });

  it("answers 'Required Field' for every missing field, images included", async () => {
    const res = await send('POST', {}, []);
    expect(res.statusCode).toBe(400);
    const fields = ['name', 'brand', 'description', 'price', 'stock', 'weight', 'cod', 'category', 'department', 'img'];
    expect(res.json()).toEqual({
      message: MSG.requiredField,
      errors: Object.fromEntries(fields.map((f) => [f, MSG.requiredField])),
      requestId: res.headers['x-request-id'],
    });
  });

  it('names number fields that are not numbers', async () => {
    const c = await createCategory(t.app.db);
    const res = await send('POST', formFields(c, { price: 'cheap', stock: '1O', weight: 'heavy' }), await images(1));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      price: MSG.mustBeNumber('price'),
      stock: MSG.mustBeNumber('stock'),
      weight: MSG.mustBeNumber('weight'),
    });
    const tiny = await send('POST', formFields(c, { price: '0.001' }), await images(1));
    expect(tiny.json().errors).toEqual({ price: RULE_MSG.atLeastOnePiastre('price') });
  });

  it('refuses a category of another department', async () => {
    const c = await createCategory(t.app.db);
    const other = await createDepartment(t.app.db);
    const res = await send('POST', formFields(c, { department: other.id }), await images(1));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ category: API_MSG.categoryNotInDepartment });
    const unknown = await send('POST', formFields(c, { category: UNKNOWN_ID }), await images(1), {
      ...admin.headers,
      'accept-language': 'ar',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ category: API_MSG_AR.categoryUnknown });
  });

  it('refuses bad uploads with a clear message and stores nothing', async () => {
    const c = await createCategory(t.app.db);
    const good = await images(1, 40);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const cases: [string, FilePart[], number, RegExp][] = [
      [
        'script renamed .png',
        [...good, { filename: 'run.png', contentType: 'image/png', data: Buffer.from('<script>alert(1)</script>') }],
        400,
        /png or jpeg/,
      ],
      ['svg', [{ filename: 'logo.svg', contentType: 'image/svg+xml', data: svg }], 400, /png or jpeg/],
      [
        'png header on garbage',
        [{ filename: 'broken.png', data: Buffer.concat([(await testImage()).subarray(0, 8), Buffer.alloc(64, 7)]) }],
        400,
        /could not be read/,
      ],
      [
        'over 5 MB',
        [
          ...good,
          { filename: 'big.png', data: Buffer.concat([await testImage('png', 41), Buffer.alloc(5 * 1024 * 1024)]) },
        ],
        413,
        /5 MB/,
      ],
      ['11 files', await images(11, 50), 413, /at most 10 images/],
    ];
    const [storedBefore, productsBefore] = [storedImageCount(t.dataDir), await productCount()];
    for (const [label, files, status, message] of cases) {
      const res = await send('POST', formFields(c), files);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().message, label).toMatch(message);
    }
    expect(storedImageCount(t.dataDir)).toBe(storedBefore);
    expect(await productCount()).toBe(productsBefore);
  });

  it('accepts 10 images', async () => {
    const c = await createCategory(t.app.db);
    const res = await send('POST', formFields(c), await images(10, 70));
    expect(res.statusCode).toBe(201);
    expect(res.json().image_path).toHaveLength(10);
  });
});

describe('PUT /api/product', () => {
  it('updates the fields and keeps the images when none are sent', async () => {
    const p = await createProduct(t.app.db, { imagePaths: ['/uploads/old.webp'] });
    const c = await createCategory(t.app.db);
    const res = await send('PUT', formFields(c, { id: p.id, name: 'Renamed', price: '10', cod: 'false' }), []);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: p.id,
      name: 'Renamed',
      price: 10,
      cod: false,
      category: { _id: c.id },
      image_path: ['/uploads/old.webp'],
    });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'product_update', data: { id: p.id, newImages: false } });
  });

  it('puts a product on sale with the price before it, shown wherever the product is, and takes it off again', async () => {
    const p = await createProduct(t.app.db, { price: 200 });
    const c = await createCategory(t.app.db);
    const sale = await send('PUT', formFields(c, { id: p.id, price: '150', compareAtPrice: '200' }), []);
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json()).toMatchObject({ price: 150, compareAtPrice: 200 });
    const shown = await t.app.inject({ method: 'GET', url: `/api/product/one/${p.id}` });
    expect(shown.json()).toMatchObject({ price: 150, compareAtPrice: 200 });
    expect((await list(`category=${c.id}`)).products.find((x) => x._id === p.id)?.compareAtPrice).toBe(200);

    // Not above the price (even by less than a piastre), it is refused in the asker's language.
    for (const compareAtPrice of ['150', '120', '150.004']) {
      const refused = await send('PUT', formFields(c, { id: p.id, price: '150', compareAtPrice }), []);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ compareAtPrice: RULE_MSG.compareAtAbovePrice });
    }
    const arabic = await send('PUT', formFields(c, { id: p.id, price: '150', compareAtPrice: '1' }), [], {
      ...admin.headers,
      'accept-language': 'ar',
    });
    expect(arabic.json().errors).toEqual({ compareAtPrice: RULE_MSG_AR.compareAtAbovePrice });

    // Left empty, the product is off sale.
    const off = await send('PUT', formFields(c, { id: p.id, price: '150', compareAtPrice: '' }), []);
    expect(off.json()).toMatchObject({ price: 150, compareAtPrice: null });
  });

  it('ends a sale after its last day, Cairo’s: the prices before it come back, its variants’ too', async () => {
    const c = await createCategory(t.app.db);
    const today = cairoDay(t.clock.now());
    const plain = await createProduct(t.app.db, { categoryId: c.id, price: 200 });
    const onSale = { id: plain.id, price: '150', compareAtPrice: '200' };
    const sale = await send('PUT', formFields(c, { ...onSale, saleEndsOn: today }), []);
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json()).toMatchObject({ price: 150, compareAtPrice: 200, saleEndsOn: today });
    // A day already past would end it at once, and a day needs a sale: refused, in the asker's language.
    const arabic = { ...admin.headers, 'accept-language': 'ar' };
    const past = await send('PUT', formFields(c, { ...onSale, saleEndsOn: addDays(today, -1) }), [], arabic);
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ saleEndsOn: RULE_MSG_AR.saleEndPast });
    const offSale = await send('PUT', formFields(c, { ...onSale, compareAtPrice: '', saleEndsOn: today }), [], arabic);
    expect(offSale.statusCode).toBe(400);
    expect(offSale.json().errors).toEqual({ saleEndsOn: RULE_MSG_AR.saleEndNeedsSale });
    // In sizes, L on sale and M, the cheapest, not: the product's own price before the sale is M's, none.
    const { product: sized } = await createVariantProduct(
      t.app.db,
      [sizeOption('M', 'L')],
      [
        { options: { Size: 'M' }, price: 80, stock: 3 },
        { options: { Size: 'L' }, price: 90, compareAtPrice: 110, stock: 3 },
      ],
    );
    const sizedSale = await send('PUT', formFields(c, { id: sized.id, price: '80', saleEndsOn: today }), []);
    expect(sizedSale.statusCode, sizedSale.body).toBe(200);
    expect(sizedSale.json()).toMatchObject({ price: 80, compareAtPrice: null, saleEndsOn: today });

    // The form's fields name both products alike.
    const { name } = sale.json<ProductDetail>();
    const day = 24 * 60 * 60_000;
    try {
      // All of its last day the sale stands; the day after, its prices come back.
      expect(await t.app.saleEnds.flush()).toBe(0);
      t.clock.advance(day);
      expect(await t.app.saleEnds.flush()).toBe(2);
      // The audit log says so, by the shop, for each product: a price changed overnight has its reason.
      const ended = await t.app.db
        .select({ type: auditLogs.type, userId: auditLogs.userId, message: auditLogs.message, data: auditLogs.data })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'sale_ended'));
      expect(ended).toHaveLength(2);
      expect(ended).toContainEqual({
        type: 'admin',
        userId: null,
        message: `The sale on ${name} ended after its last day, ${today}: its prices before the sale are back`,
        data: { id: plain.id, name, lastDay: today },
      });
      expect(ended.map((entry) => entry.data)).toContainEqual({ id: sized.id, name, lastDay: today });
      // Read through the response cache, which the catalogue's triggers empty a moment later.
      await expect.poll(() => one(plain.id)).toMatchObject({ price: 200, compareAtPrice: null, saleEndsOn: null });
      await expect
        .poll(() => one(sized.id))
        .toMatchObject({
          price: 80,
          compareAtPrice: null,
          saleEndsOn: null,
          variants: [
            { options: { Size: 'M' }, price: 80, compareAtPrice: null },
            { options: { Size: 'L' }, price: 110, compareAtPrice: null },
          ],
        });
      expect(await t.app.saleEnds.flush()).toBe(0);
    } finally {
      t.clock.advance(-day);
    }
  });

  it('forgets a sale’s last day once the sale is taken off, by an import or the variants’ grid', async () => {
    const tomorrow = addDays(cairoDay(t.clock.now()), 1);
    const plain = await createProduct(t.app.db, { price: 150, compareAtPrice: 200 });
    const { product: sized, variants } = await createVariantProduct(
      t.app.db,
      [sizeOption('M', 'L')],
      [
        { options: { Size: 'M' }, price: 80, compareAtPrice: 100, stock: 3 },
        { options: { Size: 'L' }, price: 90, compareAtPrice: 110, stock: 3 },
      ],
    );
    const days = async () =>
      (await t.app.db.select({ id: products.id, day: products.saleEndsOn }).from(products))
        .filter((row) => row.id === plain.id || row.id === sized.id)
        .map((row) => row.day);
    await t.app.db
      .update(products)
      .set({ saleEndsOn: tomorrow })
      .where(inArray(products.id, [plain.id, sized.id]));
    expect(await days()).toEqual([tomorrow, tomorrow]);
    await t.app.db.update(products).set({ compareAtPrice: null }).where(eq(products.id, plain.id));
    // One size off sale: the other still is, and so is the product.
    const [medium, large] = variants;
    if (!medium || !large) throw new Error('variants not made');
    await t.app.db.update(productVariants).set({ compareAtPrice: null }).where(eq(productVariants.id, medium.id));
    expect((await days()).sort()).toEqual([null, tomorrow].sort());
    await t.app.db.update(productVariants).set({ compareAtPrice: null }).where(eq(productVariants.id, large.id));
    expect(await days()).toEqual([null, null]);
  });

  it('keeps the units sold while the form was open: the stock moves by what was typed over the stock it loaded', async () => {
    const c = await createCategory(t.app.db);
    const p = await createProduct(t.app.db, { categoryId: c.id, stock: 10 });
    const stockNow = async () => (await t.app.db.select().from(products).where(eq(products.id, p.id)))[0]?.stock;
    const save = (fields: Record<string, string>) => send('PUT', formFields(c, { id: p.id, ...fields }), []);
    // The form loads 10; two units sell before it is saved.
    await placeOrderOf(t.app, shopper, [[p, 2]], ADDRESS, 'cash', { confirm: false });
    expect(await stockNow()).toBe(8);

    // Only the price edited: the stock stays as the sale left it, and is not written.
    const priced = await save({ price: '99', stock: '10', stockWas: '10' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({ price: 99, stock: 8 });
    expect((await lastAudit(t.app))?.data).not.toHaveProperty('stock');

    // Five units received, typed as 15 over the 10 loaded: 8 + 5, and the audit says by how much.
    expect((await save({ stock: '15', stockWas: '10' })).json()).toMatchObject({ stock: 13 });
    expect(await lastAudit(t.app)).toMatchObject({ data: { id: p.id, stock: { add: 5 } } });
    // Never below 0: taking off more than is left empties it.
    expect((await save({ stock: '0', stockWas: '20' })).json()).toMatchObject({ stock: 0 });

    // A client that does not say what it loaded (the spec's form) sets the stock as sent.
    expect((await save({ stock: '12' })).json()).toMatchObject({ stock: 12 });
    expect(await stockNow()).toBe(12);

    const bad = await save({ stockWas: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ stockWas: RULE_MSG.cannotBeNegative('stockWas') });
  });

  it('replaces the images when new ones are sent', async () => {
    const p = await createProduct(t.app.db, { imagePaths: ['/uploads/old.webp'] });
    const c = await createCategory(t.app.db);
    const res = await send('PUT', formFields(c, { id: p.id }), await images(3, 90));
    expect(res.statusCode).toBe(200);
    const paths = res.json().image_path as string[];
    expect(paths).toHaveLength(3);
    expect(paths).not.toContain('/uploads/old.webp');
  });

  it('refuses visitors and shoppers', async () => {
    const p = await createProduct(t.app.db);
    const c = await createCategory(t.app.db);
    expect((await send('PUT', formFields(c, { id: p.id }), [], {})).statusCode).toBe(401);
    expect((await send('PUT', formFields(c, { id: p.id }), [], shopper.headers)).statusCode).toBe(403);
  });

  it('requires the id, answers 404 for an unknown product and refuses bad images', async () => {
    const c = await createCategory(t.app.db);
    const noId = await send('PUT', formFields(c), []);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toEqual({ id: MSG.requiredField });
    expect((await send('PUT', formFields(c, { id: UNKNOWN_ID }), [])).statusCode).toBe(404);
    const p = await createProduct(t.app.db);
    const bad = await send('PUT', formFields(c, { id: p.id }), [{ filename: 'x.png', data: Buffer.from('GIF89a') }]);
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/one/${p.id}` })).json().name).toBe(p.name);
  });

  it('refuses a JSON body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/product',
      headers: admin.headers,
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('DELETE /api/product/:id', () => {
  const del = (id: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers });

  it('deletes a product for an admin and audits it', async () => {
    const p = await createProduct(t.app.db);
    const res = await del(p.id);
    expect(res.json()).toEqual({ message: 'Product Deleted Successfully' });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'product_delete', data: { id: p.id, name: p.name } });
    expect((await t.app.inject({ method: 'GET', url: `/api/product/one/${p.id}` })).statusCode).toBe(404);
    expect((await del(p.id)).statusCode).toBe(404);
    expect((await del('garbage')).statusCode).toBe(404);
  });

  it('refuses visitors and shoppers', async () => {
    const p = await createProduct(t.app.db);
    expect((await del(p.id, {})).statusCode).toBe(401);
    expect((await del(p.id, shopper.headers)).statusCode).toBe(403);
  });
});
