import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchQuery } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import { plainSearchEngine } from './plain-engine.js';
import { postingsSearchEngine } from './postings-engine.js';

/**
 * Both engines behind SearchEngine, on one database: below SEARCH_CANDIDATES matches they answer every kind of
 * search alike (they differ only in which candidates a text with more matches than that is ranked among), and
 * each makes its index whole again from the products.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const { id: categoryId } = await createCategory(t.app.db);
  const catalogue = [
    ['iPhone 15', 'ايفون 15', 'Apple', 50000, 4.5, 'A phone'],
    ['iPhone 15 Pro Max', 'ايفون 15 برو ماكس', 'Apple', 70000, 5, 'A bigger phone'],
    ['Galaxy S24', 'جالاكسي', 'Samsung', 40000, 4, 'Fits the iPhone case? No'],
    ['Slim Phone Case', 'جراب', 'Spigen', 500, 3.5, 'A clear case made for the iPhone 15'],
    ['Steam Iron', 'مكواة بخار', 'Braun', 1500, 0, 'مكواة بقوة ٢٤٠٠ وات'],
    ['Washing Machine 8 kg', 'غسالة', 'LG', 21000, 2, 'Front load washer with steam'],
    ['Glass Kettle', 'غلاية زجاج', 'Kenwood', 900, 4, 'A kettle you can see through'],
    ['Steel Kettle', 'غلاية ستانلس', 'Tornado', 700, 3, 'Boils water in minutes'],
  ] as const;
  for (const [name, nameAr, brand, price, rating, description] of catalogue)
    await createProduct(t.app.db, { categoryId, name, nameAr, brand, price, rating, description });
  await createProduct(t.app.db, { categoryId, name: 'Galaxy Buds', brand: 'Samsung', price: 5000, stock: 0 });
  await createVariantProduct(
    t.app.db,
    [
      {
        name: 'Colour',
        nameAr: null,
        values: [
          { value: 'Red', valueAr: null },
          { value: 'Blue', valueAr: null },
        ],
      },
    ],
    [
      { options: { Colour: 'Red' }, price: 1200, stock: 3 },
      { options: { Colour: 'Blue' }, price: 1300, stock: 0 },
    ],
    { categoryId, name: 'Kettle Deluxe' },
  );
});
afterAll(() => t.close());

const QUERIES: SearchQuery[] = [
  { name: 'iphone' },
  { name: 'iph 15' },
  { name: 'ايفون', sortBy: 'Price: High to Low' },
  { name: 'أيفون برو' },
  { name: 'مكوى' },
  { name: 'مكواة ٢٤٠٠' },
  { name: 'iphnoe' },
  { name: 'samsnug galxy' },
  { name: 'kettle', sortBy: 'Price: Low to High' },
  { name: 'kettles', brand: ['Kenwood'] },
  { name: 'kettle', options: { Colour: ['Red'] } },
  { name: 'kettle', minPrice: 800, sortBy: 'Avg. Customer review' },
  { name: 'galaxy', includeOutOfStock: true },
  { name: 'steam' },
  { name: 'k' },
  { name: 'zzzz' },
];

describe('the search engines', () => {
  it('answer every kind of search alike', async () => {
    const plain = plainSearchEngine(t.app);
    const postings = postingsSearchEngine(t.app);
    for (const query of QUERIES) {
      const answer = await postings.search(query);
      expect(await plain.search(query), JSON.stringify(query)).toEqual(answer);
      // The route answers with the configured engine, the postings unless told (options travel in another shape),
      // and when nothing is found, with what to try instead (demo-search.test.ts).
      if (query.options) continue;
      const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: { ...query } as never });
      const expected = JSON.parse(JSON.stringify(answer)) as object;
      expect(res.json(), JSON.stringify(query)).toEqual(
        answer.products.length ? expected : { ...expected, noResults: expect.any(Object) },
      );
    }
    expect((await plain.search({ name: 'iphnoe' })).products.map((product) => product.name)).toEqual([
      'iPhone 15 Pro Max',
      'iPhone 15',
    ]);
  });

  it.each([
    ['plain', plainSearchEngine],
    ['postings', postingsSearchEngine],
  ])('%s: reindex makes the index whole from the products', async (_, engine) => {
    await t.app.db.execute(sql`delete from search_words`);
    await t.app.db.execute(sql`delete from search_lexemes`);
    await t.app.db.execute(sql`delete from search_postings`);
    await engine(t.app).reindex();
    expect((await engine(t.app).search({ name: 'kenwod' })).products.map((product) => product.name)).toEqual([
      'Glass Kettle',
    ]);
    const { rows } = await t.app.db.execute<{ missing: number }>(sql`
      select count(*)::int as missing from ${products}, unnest(product_search_words(search_name, brand)) as word
      where not exists (select from search_words where search_words.word = word)`);
    expect(rows).toEqual([{ missing: 0 }]);
  });
});
