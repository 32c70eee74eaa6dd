import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { Product } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct } from '../../../test/fixtures.js';

/**
 * Searches find products through exact_words_tsquery (db/sql/search-prefixes.sql): each typed prefix
 * written as the words of the catalogue it stands for. That is only right while search_lexemes holds every word
 * of every product's search vector, and while the rewritten query matches exactly what the prefixes match.
 */
let t: TestContext;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ id: categoryId } = await createCategory(t.app.db));
  const catalogue = [
    ['Steel Kettle', 'غلاية ستانلس', 'Boils water in minutes, auto shut-off', 'Tornado'],
    ['Glass Kettle 1.7L', 'غلاية زجاج', 'A kettle you can see through', 'Kenwood'],
    ['Kitchen Scale', 'ميزان مطبخ', 'Weighs flour, sugar and spices', 'Tornado'],
    ['Smart TV 55', 'شاشة سمارت ٥٥ بوصة', 'Streams films and series', 'Samsung'],
    ['Smartwatch Fit', 'ساعة ذكية', 'Counts steps and sleep', 'Samsung'],
    ['Samsonite Suitcase', 'حقيبة سفر', "A traveller's companion", 'Samsonite'],
    ['Washing Machine 8 kg', 'غسالة ملابس', 'Washes and spins quietly', 'LG'],
    ['Washer Dryer', 'غسالة مجففة', 'Washes, then dries', 'Beko'],
  ] as const;
  for (const [name, nameAr, description, brand] of catalogue)
    await createProduct(t.app.db, { categoryId, name, nameAr, description, descriptionAr: nameAr, brand });
});
afterAll(() => t.close());

const rewrite = async (query: string) =>
  (await t.app.db.execute<{ q: string }>(sql`select exact_words_tsquery(${query}::tsquery)::text as q`)).rows[0]?.q;

/** The products a query matches, as sorted ids. */
async function matched(query: string, exactWords: boolean): Promise<string[]> {
  const condition = exactWords ? sql`exact_words_tsquery(${query}::tsquery)` : sql`${query}::tsquery`;
  const { rows } = await t.app.db.execute<{ id: string }>(
    sql`select id from ${products} where ${products.search} @@ ${condition} order by id`,
  );
  return rows.map((row) => row.id);
}

/** Every word of every product's search vector missing from search_lexemes. */
async function missingWords(): Promise<string[]> {
  const { rows } = await t.app.db.execute<{ lexeme: string }>(sql`
    select distinct word.lexeme from ${products}, unnest(tsvector_to_array(${products.search})) as word(lexeme)
    where not exists (select 1 from search_lexemes where search_lexemes.lexeme = word.lexeme)`);
  return rows.map((row) => row.lexeme);
}

async function search(name: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: { name } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: Product[] }).products.map((product) => product.name);
}

describe('exact_words_tsquery', () => {
  it('writes a prefix as the words it stands for, keeping its weights', async () => {
    expect(await rewrite("'kettl':*")).toBe("'kettl' | 'kettle'");
    expect(await rewrite("'sams':*AB & 'tv':*")).toBe("( 'samsonite':AB | 'samsung':AB ) & 'tv'");
    // Whole words and words without a prefix mark stay as they are.
    expect(await rewrite("'kettle' & 'glass':B")).toBe("'kettle' & 'glass':B");
  });

  it('writes typed words once when their typed and stemmed forms stand for the same words', async () => {
    const typed = async (prefixes: string) =>
      (await t.app.db.execute<{ q: string }>(sql`select exact_typed_words_tsquery(${prefixes})::text as q`)).rows[0]?.q;
    expect(await typed('samsung:* & tv:*')).toBe("'samsung' & 'tv'");
    // No word starts with 'washes' (it stays a prefix); its stem 'wash' stands for three.
    expect(await typed('washes:*')).toBe("'washes':* | 'wash' | 'washer' | 'washing'");
  });

  it('leaves a prefix that stands for no word, or for more than 32, as a prefix', async () => {
    expect(await rewrite("'zzz':*")).toBe("'zzz':*");
    const { id } = await createCategory(t.app.db);
    await t.app.db.execute(sql`
      insert into ${products} (name, brand, price, stock, weight, category_id, department_id, description)
      select 'Gizmo' || n, 'Generic', 100, 10, 1, ${id}, department_id, 'A gizmo'
      from generate_series(1, 40) as n, categories where categories.id = ${id}`);
    expect(await rewrite("'gizmo':*")).toBe("'gizmo':*");
    expect(await search('gizmo')).toHaveLength(40);
  });

  it('keeps quotes and backslashes in the words it writes', async () => {
    await t.app.db.execute(sql`insert into search_lexemes values ('o''neal'), ('back\\slash') on conflict do nothing`);
    expect(await rewrite("'o''ne':* | 'back\\\\':*A")).toBe("'o''neal' | 'back\\\\slash':A");
  });

  it('matches exactly the products the prefixes match', async () => {
    const { rows } = await t.app.db.execute<{ lexeme: string }>(sql`select lexeme from search_lexemes`);
    const words = rows.map((row) => row.lexeme).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
    const operand = fc
      .record({
        word: fc.constantFrom(...words),
        length: fc.integer({ min: 1, max: 8 }),
        weights: fc.constantFrom('', 'A', 'B', 'AB', 'D'),
      })
      .map(({ word, length, weights }) => `'${[...word].slice(0, length).join('')}':*${weights}`);
    const query = fc
      .array(fc.tuple(operand, fc.constantFrom(' & ', ' | ')), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([text, operator], i) => (i ? operator : '') + text).join(''));
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        expect(await matched(text, true), text).toEqual(await matched(text, false));
      }),
      { numRuns: 60 },
    );
  });
});

describe('search_lexemes', () => {
  it('holds every word of every product, as products are added and edited', async () => {
    expect(await missingWords()).toEqual([]);
    const blender = await createProduct(t.app.db, { categoryId, name: 'Blender', description: 'Crushes ice' });
    await t.app.db
      .update(products)
      .set({ name: 'Blenders Pro', description: 'Purees soups', descriptionAr: 'خلاط قوي', brand: 'Moulinex' })
      .where(eq(products.id, blender.id));
    expect(await missingWords()).toEqual([]);
  });

  it('lets a search find an edited product by a prefix other products share', async () => {
    const lamp = await createProduct(t.app.db, { categoryId, name: 'Desk Lamp' });
    // 'washer' is a word already; 'washers' becomes one with this edit.
    await t.app.db.update(products).set({ name: 'Washers Set' }).where(eq(products.id, lamp.id));
    expect(await search('washer')).toContain('Washers Set');
    // The same in Arabic: 'غلايه' is a word of the kettles' names, 'غلايات' of this description.
    await t.app.db.update(products).set({ descriptionAr: 'غلايات نحاسية' }).where(eq(products.id, lamp.id));
    expect(await search('غلاي')).toContain('Washers Set');
  });
});
