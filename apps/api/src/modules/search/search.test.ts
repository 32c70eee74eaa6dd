import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema.js';
import { ARABIC_FOLD_FROM, normalizeArabic, SEARCH_LIMIT, type Product } from '@shop/contracts';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import { SEARCH_CANDIDATES } from './text-search.js';

let t: TestContext;
let p: Record<
  'iphone' | 'proMax' | 'galaxy' | 'buds' | 'phoneCase' | 'washer' | 'screen' | 'iron' | 'landline',
  ProductFixture
>;
beforeAll(async () => {
  t = await createTestApp();
  const { id: categoryId } = await createCategory(t.app.db);
  const make = (overrides: Parameters<typeof createProduct>[1]) =>
    createProduct(t.app.db, { categoryId, ...overrides });
  p = {
    iphone: await make({
      name: 'iPhone 15',
      nameAr: 'ايفون 15',
      brand: 'Apple',
      price: 50000,
      rating: 4.5,
      numReviews: 8,
    }),
    proMax: await make({
      name: 'iPhone 15 Pro Max',
      nameAr: 'ايفون 15 برو ماكس',
      brand: 'Apple',
      price: 70000,
      rating: 5,
      numReviews: 3,
    }),
    galaxy: await make({ name: 'Galaxy S24', brand: 'Samsung', price: 40000, rating: 4 }),
    buds: await make({ name: 'Galaxy Buds', brand: 'Samsung', price: 5000, stock: 0 }),
    phoneCase: await make({
      name: 'Slim Phone Case',
      brand: 'Spigen',
      description: 'A clear case made for the iPhone 15',
      price: 500,
      rating: 3.5,
    }),
    washer: await make({
      name: 'Washing Machine 8 kg',
      brand: 'LG',
      description: 'Front load washer with steam',
      price: 21000,
    }),
    screen: await make({ name: 'Smart TV 55', nameAr: 'شاشة سمارت 55 بوصة', brand: 'Tornado', price: 18000 }),
    iron: await make({
      name: 'Steam Iron',
      nameAr: 'مكواة بخار',
      descriptionAr: 'مكواة بقوة ٢٤٠٠ وات',
      brand: 'Braun',
      price: 1500,
    }),
    landline: await make({ name: 'Cordless Phone', nameAr: 'هاتف أرضي لاسلكي', brand: 'Panasonic', price: 2500 }),
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
    // Every word or one like it, as 'iphone 15 pro' finds the Pro Max alone.
    expect(await search({ name: 'iphnoe 15 pro' })).toEqual([p.proMax.id]);
  });

  it('falls back to any of the words, or words like them, when no product has them all', async () => {
    // No product is an iPhone washer: the iPhones and the washer each have one of the words.
    expect(await search({ name: 'iphnoe washr' })).toEqual(
      expect.arrayContaining([p.iphone.id, p.proMax.id, p.washer.id]),
    );
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
    expect((await search({ name: 'galaxy', includeOutOfStock: 'true' })).sort()).toEqual(
      [p.galaxy.id, p.buds.id].sort(),
    );
  });

  it.each([
    ['Price: Low to High', () => [p.phoneCase.id, p.iphone.id, p.proMax.id]],
    ['Price: High to Low', () => [p.proMax.id, p.iphone.id, p.phoneCase.id]],
    ['Avg. Customer review', () => [p.proMax.id, p.iphone.id, p.phoneCase.id]],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(await search({ name: 'iphone', sortBy })).toEqual(expected());
  });

  it('refuses an unknown sort key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/product/search',
      query: { name: 'iphone', sortBy: 'price' },
    });
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

  it('a filter finds its products among more matches than are ranked', async () => {
    const { id: categoryId, departmentId } = await createCategory(t.app.db);
    // One statement, so that thousands of products cost one round trip.
    await t.app.db.execute(sql`
      insert into ${products} (name, description, brand, price, stock, weight, category_id, department_id)
      select 'Hex Bolt', 'A steel bolt', 'Common', 100, 10, 1, ${categoryId}, ${departmentId}
      from generate_series(1, ${SEARCH_CANDIDATES}) as n`);
    const rare = await createProduct(t.app.db, { categoryId, name: 'Hex Bolt M8', brand: 'Rarebrand' });
    expect(await search({ name: 'bolt', brand: 'Rarebrand' })).toEqual([rare.id]);
  });
});

describe('Arabic search, as Egyptians type it', () => {
  it.each(['ايفون', 'آيفون', 'إيفون', 'أيفون', 'اَيْفُون', 'ايـــفون'])(
    '%s finds the iPhones (any alef, harakat, tatweel)',
    async (text) => {
      expect((await search({ name: text })).sort()).toEqual([p.iphone.id, p.proMax.id].sort());
    },
  );

  it('finds ة as ه and أ as ا, in names and in Arabic descriptions', async () => {
    expect(await search({ name: 'شاشه' })).toEqual([p.screen.id]);
    expect(await search({ name: 'شاشة سمارت' })).toEqual([p.screen.id]);
    expect(await search({ name: 'مكواه' })).toEqual([p.iron.id]);
    expect(await search({ name: 'هَاتِف ارضي' })).toEqual([p.landline.id]);
    expect(await search({ name: 'هـــاتف' })).toEqual([p.landline.id]);
    expect(await search({ name: 'وات' })).toEqual([p.iron.id]);
  });

  it('reads Arabic-Indic digits as digits, in the query and in stored text', async () => {
    expect(await search({ name: 'شاشه ٥٥' })).toEqual([p.screen.id]);
    expect(await search({ name: '2400' })).toEqual([p.iron.id]);
    expect(await search({ name: 'مكواة ٢٤٠٠' })).toEqual([p.iron.id]);
  });

  it("mixes Latin and Arabic words: 'iPhone' and 'ايفون' find the same products", async () => {
    expect(await search({ name: 'iPhone 15 pro' })).toEqual([p.proMax.id]);
    expect(await search({ name: 'ايفون 15 pro' })).toEqual([p.proMax.id]);
    expect(await search({ name: 'iphone برو' })).toEqual([p.proMax.id]);
  });

  it("forgives an Arabic spelling that differs by a letter: 'مكوى' finds 'مكواة'", async () => {
    expect(await search({ name: 'مكوى' })).toEqual([p.iron.id]);
  });

  it("forgives a typo in a brand: 'spiegn' finds the Spigen case", async () => {
    expect(await search({ name: 'spiegn' })).toEqual([p.phoneCase.id]);
  });

  it('forgives typos in the words of renamed products too', async () => {
    const lamp = await createProduct(t.app.db, { name: 'Desk Lamp', price: 300 });
    await t.app.db.update(products).set({ name: 'Desk Lantern', nameAr: 'فانوس مكتب' }).where(eq(products.id, lamp.id));
    expect(await search({ name: 'lantren' })).toEqual([lamp.id]);
    expect(await search({ name: 'فانوص' })).toEqual([lamp.id]);
  });

  it('sorts Arabic results like any others', async () => {
    expect(await search({ name: 'ايفون', sortBy: 'Price: High to Low' })).toEqual([p.proMax.id, p.iphone.id]);
    expect(await search({ name: 'ايفون', sortBy: 'Price: Low to High' })).toEqual([p.iphone.id, p.proMax.id]);
  });

  it('folds text in the database exactly as normalizeArabic folds the query', async () => {
    const marks = Array.from({ length: 0x0660 - 0x064b }, (_, i) => String.fromCharCode(0x064b + i)).join('');
    const inputs = [
      ARABIC_FOLD_FROM,
      marks,
      'ـ\u0670',
      'إِيفُـــون ١٥ پرو ماكس',
      'ا\u0654', // alef + combining hamza above: the mark goes, the alef stays
      'ﻻ ﷲ ء ٪ ؟ ،',
      'iPhone 15 Pro — 50% off',
      '',
    ];
    for (const input of inputs) {
      const { rows } = await t.app.db.execute<{ folded: string }>(sql`select normalize_arabic(${input}) as folded`);
      expect(rows[0]?.folded, JSON.stringify(input)).toBe(normalizeArabic(input));
    }
  });
});
