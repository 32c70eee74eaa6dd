import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { ProductDetail } from '@shop/contracts';
import type { Db } from '../db/client.js';
import { banners, categories, coupons, departments, products, productVariants, reviews, users } from '../db/schema.js';
import { homeService } from '../modules/home/service.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import {
  CatalogueNotEmptyError,
  DEMO_ACCOUNTS,
  DEMO_COUPON,
  demoSignIn,
  seedDemo,
  seedIfEmpty,
  type SeedOptions,
} from './index.js';
import { toPiastres } from '../lib/money.js';
import { DEPARTMENTS } from './catalogue.js';
import { buildPlan, MAX_PRODUCTS } from './plan.js';
import { retailPrice } from './products.js';

const SLOW = 120_000;
const quiet = () => {};
const options = (t: TestContext, extra: Partial<SeedOptions> = {}): SeedOptions => ({
  db: t.app.db,
  images: t.app.images,
  log: quiet,
  ...extra,
});

/** The categories whose lines are sold as one product with options (catalogue.ts), and those options. */
const WITH_OPTIONS = new Map(
  DEPARTMENTS.flatMap((d) => d.categories).flatMap((c) => (c.options ? [[c.name, c.options] as const] : [])),
);

async function tableCounts(t: TestContext) {
  const n = async (table: typeof departments | typeof categories | typeof products | typeof reviews) =>
    (await t.app.db.select({ n: count() }).from(table))[0]?.n;
  return {
    departments: await n(departments),
    categories: await n(categories),
    products: await n(products),
    reviews: await n(reviews),
  };
}

describe('the demo catalogue on an empty database', () => {
  let t: TestContext;
  const lines: string[] = [];
  let signIn: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const done = await seedIfEmpty(options(t, { log: (line) => lines.push(line) }));
    signIn = done ? demoSignIn(done) : [];
  }, SLOW);
  afterAll(() => t.close());

  it('has 8 departments, 30 categories, 200 products and 40 reviews', async () => {
    expect(await tableCounts(t)).toEqual({ departments: 8, categories: 30, products: 200, reviews: 40 });
  });

  it('puts products in every category, each in its category’s department', async () => {
    const rows = await t.app.db
      .select({
        category: categories.id,
        n: count(products.id),
        mismatched: sql<number>`count(*) filter (where ${products.departmentId} <> ${categories.departmentId})`,
      })
      .from(categories)
      .leftJoin(products, eq(products.categoryId, categories.id))
      .groupBy(categories.id);
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      // A category of products with options has one per line (5 or more); the others 7 each.
      expect(row.n).toBeGreaterThanOrEqual(5);
      expect(Number(row.mismatched)).toBe(0);
    }
  });

  it('gives every department, category and product its Arabic name, and every product an Arabic description', async () => {
    const arabic = /[\u0600-\u06FF]{2}/;
    const named = [
      ...(await t.app.db.select({ name: departments.name, nameAr: departments.nameAr }).from(departments)),
      ...(await t.app.db.select({ name: categories.name, nameAr: categories.nameAr }).from(categories)),
    ];
    expect(named).toHaveLength(38);
    for (const row of named) expect(row.nameAr, row.name).toMatch(arabic);
    const rows = await t.app.db
      .select({ name: products.name, nameAr: products.nameAr, descriptionAr: products.descriptionAr })
      .from(products);
    for (const p of rows) {
      expect(p.nameAr, p.name).toMatch(arabic);
      expect(p.descriptionAr?.length ?? 0, p.name).toBeGreaterThan(40);
      expect(p.descriptionAr, p.name).toMatch(arabic);
    }
    expect(new Set(rows.map((p) => p.nameAr)).size).toBe(200);
    // Arabic search can be shown with the phones' Arabic names.
    expect(rows.find((p) => p.name === 'Apple iPhone 15')?.nameAr).toBe('موبايل أبل آيفون 15');
    // What a shopper chooses between is in Arabic too.
    const options = (await t.app.db.select({ options: products.options }).from(products)).flatMap((p) => p.options);
    expect(options.length).toBeGreaterThan(40);
    for (const option of options) {
      expect(option.nameAr, option.name).toMatch(arabic);
      for (const value of option.values) expect(value.valueAr, value.value).toBeTruthy();
    }
  });

  it('has realistic products: unique names, EGP prices, weights, some out of stock, some not cash on delivery', async () => {
    const rows = await t.app.db.select().from(products);
    expect(new Set(rows.map((p) => p.name)).size).toBe(200);
    const iphone = rows.find((p) => p.name.startsWith('Apple iPhone 15'));
    expect(iphone).toMatchObject({ brand: 'Apple' });
    expect(iphone?.price).toBeGreaterThan(40_000 * 100);
    const prices = rows.map((p) => p.price / 100);
    expect(Math.min(...prices)).toBeLessThan(30);
    expect(Math.max(...prices)).toBeGreaterThan(50_000);
    expect(rows.every((p) => p.weight > 0 && p.description.length > 40 && p.brand.length > 1)).toBe(true);
    const outOfStock = rows.filter((p) => p.stock === 0).length;
    const notCod = rows.filter((p) => !p.cod);
    expect(outOfStock).toBeGreaterThanOrEqual(10);
    expect(outOfStock).toBeLessThanOrEqual(24);
    expect(notCod).toHaveLength(20);
    // Cash is refused for the expensive items, not for groceries.
    expect(Math.min(...notCod.map((p) => p.price / 100))).toBeGreaterThan(15_000);
  });

  it('gives each product 1-3 images (and one per other colour it comes in) and each category one, all served from /uploads as webp', async () => {
    const rows = await t.app.db.select({ images: products.imagePaths, options: products.options }).from(products);
    for (const p of rows) {
      const colours = p.options.find((o) => o.name === 'Colour')?.values.length ?? 1;
      expect(p.images.length).toBeGreaterThanOrEqual(colours);
      expect(p.images.length).toBeLessThanOrEqual(3 + colours - 1);
    }
    const categoryImages = await t.app.db.select({ image: categories.imagePath }).from(categories);
    const paths = new Set([...rows.flatMap((p) => p.images), ...categoryImages.map((c) => c.image ?? 'missing')]);
    expect(paths.size).toBeGreaterThan(300);
    for (const path of paths) {
      expect(path).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
  });

  it('sells each phone, tablet, garment and shoe as one product with options and its variants', async () => {
    const rows = await t.app.db
      .select({ product: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    const variants = await t.app.db.select().from(productVariants).orderBy(asc(productVariants.position));
    const variantsOf = (productId: string) => variants.filter((v) => v.productId === productId);
    const optioned = rows.filter((row) => WITH_OPTIONS.has(row.category));
    // Smartphones, Tablets and the Fashion department's four categories: a product per line.
    expect(new Set(optioned.map((row) => row.category))).toEqual(
      new Set(['Smartphones', 'Tablets', "Men's Clothing", "Women's Clothing", 'Underwear & Socks', 'Shoes']),
    );
    expect(optioned).toHaveLength(32);
    expect(variants).toHaveLength(118);
    for (const { product, category } of optioned) {
      const mine = variantsOf(product.id);
      expect(product.options.map((o) => [o.name, o.nameAr])).toEqual(
        WITH_OPTIONS.get(category)?.map((o) => [o.name, o.nameAr]),
      );
      expect(mine.length, product.name).toBeGreaterThanOrEqual(3);
      // The product row is the summary the triggers of db/sql/variant-totals.sql keep.
      expect(product.price, product.name).toBe(Math.min(...mine.map((v) => v.price)));
      const lowest = mine.filter((v) => v.price === product.price);
      expect(product.compareAtPrice, product.name).toBe(lowest.find((v) => v.compareAtPrice)?.compareAtPrice ?? null);
      expect(product.stock, product.name).toBe(mine.reduce((sum, v) => sum + v.stock, 0));
      for (const v of mine) {
        // jsonb keeps an object's keys in its own order: compared as sets.
        expect(new Set(Object.keys(v.options))).toEqual(new Set(product.options.map((o) => o.name)));
        expect(v.imagePaths.every((path) => product.imagePaths.includes(path))).toBe(true);
      }
      // A variant shows its own colour: one picture set per colour, none where the colour never changes.
      const colours = new Set(mine.flatMap((v) => v.options.Colour ?? []));
      const pictures = new Set(mine.map((v) => v.imagePaths.join()));
      if (colours.size) expect(pictures.size, product.name).toBe(colours.size);
      else expect(pictures, product.name).toEqual(new Set(['']));
    }
    // Each variant's own price (its step over the line's), sale and stock, as planned.
    const planned = new Map(buildPlan(200).products.flatMap((p) => p.variants.map((v) => [v.sku, v])));
    for (const v of variants) {
      const plan = planned.get(v.sku);
      expect([v.price, v.compareAtPrice, v.stock], v.sku).toEqual([
        toPiastres(plan?.priceEgp ?? 0),
        plan?.compareAtEgp ? toPiastres(plan.compareAtEgp) : null,
        plan?.stock,
      ]);
    }
    // A few of them on sale, each below its price before the sale.
    const onSale = variants.filter((v) => v.compareAtPrice !== null);
    expect(onSale.length).toBeGreaterThanOrEqual(5);
    expect(onSale.every((v) => (v.compareAtPrice ?? 0) > v.price)).toBe(true);
    const skus = variants.map((v) => v.sku.toLowerCase());
    expect(new Set(skus).size).toBe(skus.length);
    // Within what the dashboard's variant grid accepts.
    expect(Math.max(...skus.map((sku) => sku.length))).toBeLessThanOrEqual(64);
    // The rest of the shop is as it was: every line × variant a product of its own, without options.
    const others = rows.filter((row) => !WITH_OPTIONS.has(row.category));
    expect(others).toHaveLength(168);
    for (const { product } of others) expect(product.options).toEqual([]);
    expect(variants.every((v) => optioned.some((row) => row.product.id === v.productId))).toBe(true);
    expect(others.filter((row) => row.category === 'Sportswear').map((row) => row.product.name)).toContain(
      'Activ Men Training T-Shirt, M, Black',
    );
  });

  it('prices each variant from its own step: the iPhone 15 from EGP 51,999 to the 512GB one', async () => {
    const [iphone] = await t.app.db.select().from(products).where(eq(products.name, 'Apple iPhone 15'));
    const res = await t.app.inject({ method: 'GET', url: `/api/product/one/${iphone?.id}` });
    const body = res.json<ProductDetail>();
    expect(body.options?.map((o) => [o.name, o.nameAr, o.values.map((v) => `${v.value}: ${v.valueAr}`)])).toEqual([
      ['Storage', 'المساحة', ['128GB: 128 جيجا', '256GB: 256 جيجا', '512GB: 512 جيجا']],
      ['Colour', 'اللون', ['Black: أسود', 'Blue: أزرق', 'Green: أخضر']],
    ]);
    const variants = body.variants ?? [];
    expect(variants.map((v) => [v.sku, v.options, v.price])).toEqual([
      ['APPLE-IPHONE-15-128GB-BLACK', { Storage: '128GB', Colour: 'Black' }, 51_999],
      ['APPLE-IPHONE-15-256GB-BLUE', { Storage: '256GB', Colour: 'Blue' }, 57_999],
      ['APPLE-IPHONE-15-256GB-GREEN', { Storage: '256GB', Colour: 'Green' }, 57_999],
      ['APPLE-IPHONE-15-512GB-BLACK', { Storage: '512GB', Colour: 'Black' }, 66_499],
    ]);
    // The catalogue's steps over the 128GB phone (×1.12, ×1.28), each rounded to a shelf price.
    const [base = 1, step = 0, , top = 0] = variants.map((v) => v.price);
    expect(step / base).toBeCloseTo(1.12, 1);
    expect(top / base).toBeCloseTo(1.28, 1);
    expect(body.price).toBe(51_999);
    expect(body.stock).toBe(variants.reduce((sum, v) => sum + v.stock, 0));
    // The blue and the green phone are drawn in their colours; both black ones share the black pictures.
    const [black, blue, green, black512] = variants.map((v) => v.image_path);
    expect(black512).toEqual(black);
    expect(new Set([black?.[0], blue?.[0], green?.[0]]).size).toBe(3);
  });

  it('keeps what the browser tests rely on: a product sold as one thing, rated 4.5 from its reviews, with 3 pictures', async () => {
    const [kettle] = await t.app.db
      .select()
      .from(products)
      .where(eq(products.name, 'Tornado Electric Kettle 1.7 L 2200W, White'));
    expect(kettle).toMatchObject({ rating: 4.5, numReviews: 2, options: [] });
    expect(kettle?.imagePaths).toHaveLength(3);
    expect(kettle?.stock).toBeGreaterThan(0);
  });

  it('fills the first page of the shop (README: /api/product?page=1 answers with 8 demo products)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?page=1' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { products: { department: { name: string } }[]; pages: number };
    expect(body.products).toHaveLength(8);
    expect(new Set(body.products.map((p) => p.department.name)).size).toBe(8);
    expect(body.pages).toBeGreaterThan(20);
  });

  it('keeps rating and numReviews consistent with the reviews', async () => {
    const all = await t.app.db.select({ productId: reviews.productId, rating: reviews.rating }).from(reviews);
    const byProduct = new Map<string, number[]>();
    for (const r of all) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.rating]);
    const rows = await t.app.db
      .select({ id: products.id, rating: products.rating, numReviews: products.numReviews })
      .from(products);
    expect(rows.filter((p) => p.numReviews > 0).length).toBeGreaterThanOrEqual(10);
    for (const p of rows) {
      const mine = byProduct.get(p.id) ?? [];
      const average = mine.reduce((sum, rating) => sum + rating, 0) / (mine.length || 1);
      expect(p.numReviews).toBe(mine.length);
      expect(p.rating).toBe(Math.round(average * 2) / 2);
    }
  });

  it('lets the demo admin and the demo shopper sign in, and prints their credentials', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe(account.role === 'admin');
      expect(
        signIn.some((line) => line.includes(account.email) && line.includes(`password: ${account.password}`)),
      ).toBe(true);
    }
    expect(lines.some((line) => /images \d+\/\d+/.test(line))).toBe(true);
  });

  it('creates the demo coupon and prints it', async () => {
    expect(await t.app.db.select().from(coupons)).toEqual([
      expect.objectContaining({ code: DEMO_COUPON.code, kind: 'percent', value: 10, perUserLimit: 1, paused: false }),
    ]);
    expect(signIn.at(-1)).toBe(`  coupon:             ${DEMO_COUPON.code} (10% off, once per shopper)`);
  });

  it('does nothing on a second start', async () => {
    const before = await tableCounts(t);
    const [{ n: usersBefore } = { n: 0 }] = await t.app.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(options(t))).toBeNull();
    expect(await tableCounts(t)).toEqual(before);
    expect((await t.app.db.select({ n: count() }).from(users))[0]?.n).toBe(usersBefore);
  });
});

/**
 * Holds every transaction's start until `parties` callers have arrived, so concurrent seeders really overlap in the
 * database instead of one finishing before the other is done rendering its images. A transaction starts by taking a
 * connection from PostgreSQL's pool (db/transaction.ts) or, on PGlite, by drizzle's `db.transaction`.
 */
function raceAtTransaction(db: Db, parties: number): Db {
  let arrived = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held =
    <Args extends unknown[], R>(start: (...args: Args) => Promise<R>) =>
    async (...args: Args) => {
      if (++arrived === parties) release();
      await gate;
      return start(...args);
    };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') return held((...args: Parameters<Db['transaction']>) => target.transaction(...args));
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== '$client' || !(value instanceof pg.Pool)) return value;
      const pool = value;
      return new Proxy(pool, {
        get: (_, name) => (name === 'connect' ? held(() => pool.connect()) : Reflect.get(pool, name)),
      });
    },
  });
}

describe('seeding races and re-seeding', () => {
  let t: TestContext;
  beforeAll(async () => {
    // The db image store: images live in the database, shared by every instance.
    t = await createTestApp({ UPLOAD_STORE: 'db' });
  });
  afterAll(() => t.close());

  it(
    'two instances starting at once on the same database produce one catalogue',
    async () => {
      const logs: string[][] = [[], []];
      const db = raceAtTransaction(t.app.db, logs.length);
      const results = await Promise.all(
        logs.map((log) => seedIfEmpty(options(t, { db, products: 40, log: (line) => log.push(line) }))),
      );
      // Both passed the first emptiness check and opened their transactions together; the lock let one insert.
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(logs.flat().filter((line) => line.includes('another instance seeded'))).toHaveLength(1);
      expect(await tableCounts(t)).toEqual({ departments: 8, categories: 30, products: 40, reviews: 8 });
      const [one] = await t.app.db.select({ images: products.imagePaths }).from(products).limit(1);
      const res = await t.app.inject({ method: 'GET', url: one?.images[0] ?? '/uploads/none' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    },
    SLOW,
  );

  it(
    'seedDemo refuses a database that has a catalogue, and replaces it when asked',
    async () => {
      await expect(seedDemo(options(t, { products: 30 }))).rejects.toBeInstanceOf(CatalogueNotEmptyError);
      const result = await seedDemo({ ...options(t, { products: 30 }), replace: true });
      expect(result.products).toBe(30);
      // The demo accounts already existed: kept as they were, so none is reported as created.
      expect(result.accounts).toEqual([]);
      expect(demoSignIn(result).slice(0, 2)).toEqual([
        '  admin (dashboard):  admin@shop.local was already registered; its password was left unchanged',
        '  shopper:            shopper@shop.local was already registered; its password was left unchanged',
      ]);
      expect(await tableCounts(t)).toEqual({ departments: 8, categories: 30, products: 30, reviews: 6 });

      // The demo's banners, seeded again, lead to the new departments.
      const links = (await t.app.db.select({ link: banners.link }).from(banners)).map((b) => b.link);
      const pages = new Set((await t.app.db.select({ id: departments.id }).from(departments)).map((d) => d.id));
      expect(links).toHaveLength(5);
      for (const link of links.filter((l) => l.startsWith('/department/')))
        expect(pages.has(link.replace('/department/', '')), link).toBe(true);

      // Four banners on any day; Ramadan's only in Ramadan 1448. Read past the cache, as the clock moves.
      const home = homeService(t.app);
      const on = async (day: string) => {
        t.clock.advance(Date.parse(`${day}T10:00:00Z`) - t.clock.now().getTime());
        return (await home.home()).banners.map((b) => b.alt.split(':')[0]);
      };
      expect(await on('2027-02-20')).toEqual([
        'Mega tech sale',
        'Ramadan Kareem',
        'Delivered across Egypt',
        'New season',
      ]);
      for (const day of ['2026-11-30', '2027-03-10', '2027-11-15'])
        expect(await on(day), day).toEqual([
          'Mega tech sale',
          'Delivered across Egypt',
          'New season',
          'Shop with peace of mind',
        ]);
    },
    SLOW,
  );
});

describe('the catalogue plan', () => {
  it('is deterministic and puts one product of each department on the first page', () => {
    const a = buildPlan(200);
    expect(buildPlan(200)).toEqual(a);
    expect(new Set(a.products.slice(0, 8).map((p) => p.department)).size).toBe(8);
    expect(a.products.some((p) => p.name.startsWith('Apple iPhone 15'))).toBe(true);
  });

  it('rejects a product count the templates cannot fill without repeating names', () => {
    expect(() => buildPlan(0)).toThrow(RangeError);
    expect(() => buildPlan(MAX_PRODUCTS + 1)).toThrow(RangeError);
    expect(new Set(buildPlan(MAX_PRODUCTS).products.map((p) => p.name)).size).toBe(MAX_PRODUCTS);
  });

  it('prices like a shop shelf', () => {
    expect(retailPrice(52_100)).toBe(51_999);
    expect(retailPrice(3_460)).toBe(3_449);
    expect(retailPrice(452)).toBe(449);
    expect(retailPrice(12.6)).toBe(12.5);
  });
});
