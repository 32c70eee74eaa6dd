import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Product } from '@shop/contracts';
import { products, productVariants } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import { SEARCH_CANDIDATES } from './text-search.js';

/**
 * A common word's matches come from search_postings (db/sql/search-postings.sql), best ranked first. That
 * is only right while the postings are what postings_of makes of every product as it stands, and while they are
 * read only when they hold all of a query's matches (no description holds its words, search_lexemes.unposted) or at
 * least as many as are ranked.
 */
let t: TestContext;
let categoryId: string;
let departmentId: string;
beforeAll(async () => {
  // The tests write straight to the database, whose news of a write (NOTIFY) reaches the response cache on its own
  // connection: with the cache on, a search right after a write could be answered as before it.
  t = await createTestApp({ CACHE_MAX_MB: '0' });
  ({ id: categoryId, departmentId } = await createCategory(t.app.db));
});
afterAll(() => t.close());

/** Postings missing from the table, or in it but not what the products make now: none while the triggers keep up. */
async function stalePostings(): Promise<unknown[]> {
  const { rows } = await t.app.db.execute(sql`
    (select * from search_postings except all select posting.* from ${products} p, postings_of(p) as posting)
    union all
    (select posting.* from ${products} p, postings_of(p) as posting except all select * from search_postings)`);
  return rows;
}

/** Words some product has outside its name and brand only, not marked so: none while the triggers keep up. */
async function unmarkedWords(): Promise<unknown[]> {
  const { rows } = await t.app.db.execute(sql`
    select word.lexeme from ${products} p, unnest(p.search) as word where not coalesce(word.weights && '{A,B}', false)
    except select lexeme from search_lexemes where unposted`);
  return rows;
}

const searched = async (name: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: { name } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: Product[] }).products.map((product) => product._id).sort();
};

const postedWords = async (productId: string) =>
  (
    await t.app.db.execute<{ lexeme: string; in_stock: boolean }>(
      sql`select lexeme, in_stock from search_postings where product_id = ${productId} order by lexeme`,
    )
  ).rows;

describe('search postings', () => {
  // Made alone or by the score, renamed, sold out, restocked, reviewed, repriced, rebranded, redated, sold in variants.
  it('follow every write of a product, from its making to its deletion', async () => {
    const kettle = await createProduct(t.app.db, { categoryId, name: 'Steel Kettle', brand: 'Tornado' });
    expect(await postedWords(kettle.id)).toEqual([
      { lexeme: 'kettle', in_stock: true },
      { lexeme: 'steel', in_stock: true },
      { lexeme: 'tornado', in_stock: true },
    ]);
    await t.app.db.execute(sql`
      insert into ${products} (name, description, brand, price, stock, weight, category_id, department_id)
      select 'Glass Jug ' || n, 'Holds a litre', 'Pyrex', 100, n % 2, 1, ${categoryId}, ${departmentId}
      from generate_series(1, 20) as n`);
    expect(await stalePostings()).toEqual([]);
    expect(await unmarkedWords()).toEqual([]);

    const edits = [
      { name: 'Glass Kettle', description: 'Boils water fast' },
      { stock: 0 },
      { stock: 4 },
      { stock: 3 },
      { rating: 4.5, numReviews: 2 },
      { price: 25_000, cod: false },
      { brand: 'Kenwood' },
      { createdAt: new Date(Date.now() - 86_400_000) },
    ];
    for (const edit of edits) {
      await t.app.db.update(products).set(edit).where(eq(products.id, kettle.id));
      expect(await stalePostings(), JSON.stringify(edit)).toEqual([]);
      expect(await unmarkedWords(), JSON.stringify(edit)).toEqual([]);
    }
    expect(await postedWords(kettle.id)).toEqual([
      { lexeme: 'glass', in_stock: true },
      { lexeme: 'kenwood', in_stock: true },
      { lexeme: 'kettle', in_stock: true },
    ]);

    const { product: shirt, variants } = await createVariantProduct(
      t.app.db,
      [
        {
          name: 'Size',
          nameAr: null,
          values: [
            { value: 'M', valueAr: null },
            { value: 'L', valueAr: null },
          ],
        },
      ],
      [
        { options: { Size: 'M' }, price: 300, stock: 2 },
        { options: { Size: 'L' }, price: 320, stock: 0 },
      ],
      { categoryId, name: 'Cotton Shirt' },
    );
    expect(await stalePostings()).toEqual([]);
    await t.app.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variants[0]!.id));
    expect(await postedWords(shirt.id)).toContainEqual({ lexeme: 'shirt', in_stock: false });
    expect(await stalePostings()).toEqual([]);

    await t.app.db.delete(products).where(eq(products.id, kettle.id));
    expect(await postedWords(kettle.id)).toEqual([]);
    expect(await stalePostings()).toEqual([]);
  });

  it('answer a word names hold as often as are ranked, and leave a rarer one to the text index', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Written first, so that the text-search index, which hands over its matches in the table's order, finds it first.
    const described = await createProduct(t.app.db, {
      categoryId,
      name: 'Gadget',
      description: 'Fits any widget',
      createdAt: at(5),
    });
    const older = await createProduct(t.app.db, { categoryId, name: 'Widget One', createdAt: at(30) });
    const newer = await createProduct(t.app.db, { categoryId, name: 'Widget Two', createdAt: at(20) });
    const soldOut = await createProduct(t.app.db, { categoryId, name: 'Widget Three', stock: 0, createdAt: at(10) });
    const matches = async (cap: number, includeOutOfStock: boolean) =>
      (
        await t.app.db.execute<{ id: string }>(sql`
          select id from typed_words_tsquery('{widget}') as typed, search_matches(typed.query,
            search_words_tsquery('widget:*'), typed.words, false, ${includeOutOfStock}, ${cap})
          order by relevance desc, created_at desc`)
      ).rows.map((row) => row.id);

    // Two names have the word, in stock: the two best ranked, the newer first.
    expect(await matches(2, false)).toEqual([newer.id, older.id]);
    // More are asked for than names have it: the description's match too, found through the text-search index.
    expect(await matches(3, false)).toEqual([newer.id, older.id, described.id]);
    // With the sold-out product, three names have it: the names alone, best ranked first.
    expect(await matches(3, true)).toEqual([soldOut.id, newer.id, older.id]);
  });

  // Fewer match than are ranked: the postings answer alone only while no description holds the word.
  it('find a word a description holds as well as the names that hold it, once a description does', async () => {
    const named = [
      await createProduct(t.app.db, { categoryId, name: 'Sprocket One', description: 'Cast iron' }),
      await createProduct(t.app.db, { categoryId, name: 'Sprocket Two', description: 'Cast iron' }),
    ];
    expect(await searched('sprocket')).toEqual(named.map((product) => product.id).sort());

    const chain = await createProduct(t.app.db, { categoryId, name: 'Roller Chain', description: 'Fits any sprocket' });
    expect(await searched('sprocket')).toEqual([...named, chain].map((product) => product.id).sort());

    expect(await searched('flywheel')).toEqual([]);
    await createProduct(t.app.db, { categoryId, name: 'Flywheel Puller' });
    await t.app.db.update(products).set({ description: 'Pairs with a flywheel' }).where(eq(products.id, chain.id));
    expect(await searched('flywheel')).toContain(chain.id);
    expect(await unmarkedWords()).toEqual([]);
  });

  it('count a product with two of the words once, and still bring as many products as are ranked', async () => {
    // Newer than the product sought and each with two words a typed 'bolt' stands for ('bolt' and 'bolts').
    await t.app.db.execute(sql`
      insert into ${products} (name, description, brand, price, stock, weight, category_id, department_id)
      select 'Hex Bolt Pack, 10 Bolts', 'Zinc plated', 'Common', 100, 10, 1, ${categoryId}, ${departmentId}
      from generate_series(1, ${SEARCH_CANDIDATES}) as n`);
    const rare = await createProduct(t.app.db, {
      categoryId,
      name: 'Hex Bolt M8',
      brand: 'Rarebrand',
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/product/search',
      query: { name: 'bolt', brand: 'Rarebrand' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { products: Product[] }).products.map((product) => product._id)).toEqual([rare.id]);
  });

  // Names holding two or three of a prefix's words, some twice (a better rank), some made in the same minute, the
  // newest with all three: read in several passes when a product takes several of the first places, and the
  // postings after those bring more products than are missing.
  it('rank a product with several of the words once, at its best, however many are ranked', async () => {
    const names = ['Zqa', 'Zqb', 'Zqc', 'Zqa Zqb', 'Zqa Zqc', 'Zqb Zqc', 'Zqa Zqb Zqc', 'Zqa Zqa Zqb', 'Zqc Zqb Zqc'];
    await t.app.db.execute(sql`
      insert into ${products} (name, description, brand, price, stock, weight, category_id, department_id, created_at)
      select case when n <= 20 then 'Zqa Zqb Zqc' else (string_to_array(${names.join('|')}, '|'))[1 + n % ${names.length}]
        end || ' Part', 'Spare', 'Common', 100, n % 3, 1, ${categoryId}, ${departmentId},
        now() - case when n <= 20 then n * interval '1 second' else (1 + n % 7) * interval '1 minute' end
      from generate_series(1, 80) as n`);
    const ranked = async (cap: number, includeOutOfStock: boolean) => {
      const { rows } = await t.app.db.execute<{ found: string[]; best: string[] }>(sql`
        select array(select id || ' ' || relevance from typed_words_tsquery('{zq}') as typed,
            search_matches(typed.query, search_words_tsquery('zq:*'), typed.words, false, ${includeOutOfStock}, ${cap})
            order by 1) as found,
          array(select product_id || ' ' || relevance from (
              select product_id, max(relevance) as relevance, created_at from search_postings
              where lexeme like 'zq%' and (${includeOutOfStock} or in_stock)
              group by product_id, created_at
              order by relevance desc, created_at desc, product_id limit ${cap}
            ) as best order by 1) as best`);
      return rows[0];
    };
    for (const cap of [1, 2, 3, 5, 8, 13, 21, 30, 34, 40, 41, 55, 60, 79, 80, 81])
      for (const includeOutOfStock of [true, false]) {
        const { found, best } = (await ranked(cap, includeOutOfStock))!;
        expect(found, `${cap} ${includeOutOfStock}`).toEqual(best);
      }
  });

  it(`bring a common word's newest matches, not the first ${SEARCH_CANDIDATES} found`, async () => {
    await t.app.db.execute(sql`
      insert into ${products} (name, description, brand, price, stock, weight, category_id, department_id, created_at)
      select 'Hex Nut', 'A steel fastener', 'Common', 100, 10, 1, ${categoryId}, ${departmentId},
        now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, ${SEARCH_CANDIDATES}) as n`);
    // Written last, so last in the table, where the text-search index hands its matches over.
    const newest = [];
    for (let n = 0; n < 3; n++)
      newest.push(await createProduct(t.app.db, { categoryId, name: `Hex Nut M${n + 4}`, brand: 'Fresh' }));
    await createProduct(t.app.db, { categoryId, name: 'Hex Nut M10', brand: 'Fresh', stock: 0 });

    const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: { name: 'nut' } });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as { products: Product[] }).products;
    expect(found.slice(0, 3).map((product) => product.name)).toEqual(['Hex Nut M6', 'Hex Nut M5', 'Hex Nut M4']);
    expect(found.map((product) => product.name)).not.toContain('Hex Nut M10');
  });
});
