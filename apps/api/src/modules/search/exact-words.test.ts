import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Product } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct } from '../../../test/fixtures.js';

/**
 * The postings engine finds products through any_prefix_tsquery and typed_words_tsquery (db/sql/search-prefixes.sql):
 * each typed prefix written as the words of the catalogue it stands for. That is only right while search_lexemes holds every word
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

/** Words as one text[] value (drizzle would make an array of several values). */
const textArray = (words: string[]) => sql`${sql.param(words)}::text[]`;

/** Any of the prefixes, asked of the parts `weights`, written as words: the query's text and the words. */
const anyPrefix = async (prefixes: string[], weights = '') =>
  (
    await t.app.db.execute<{ q: string; words: string[] | null }>(
      sql`select query::text as q, words from any_prefix_tsquery(${textArray(prefixes)}, ${weights})`,
    )
  ).rows[0];
const typedWords = async (words: string[]) =>
  (
    await t.app.db.execute<{ q: string; words: string[] | null }>(
      sql`select query::text as q, words from typed_words_tsquery(${textArray(words)})`,
    )
  ).rows[0];

/** The products a query matches, as sorted ids. */
async function matched(query: SQL): Promise<string[]> {
  const { rows } = await t.app.db.execute<{ id: string }>(
    sql`select id from ${products} where ${products.search} @@ ${query} order by id`,
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

describe('any_prefix_tsquery and typed_words_tsquery', () => {
  it('write a prefix as the words it stands for, keeping its weights', async () => {
    expect(await anyPrefix(['kettl'])).toEqual({ q: "'kettl' | 'kettle'", words: ['kettl', 'kettle'] });
    expect((await anyPrefix(['sams'], 'AB'))?.q).toBe("'samsonite':AB | 'samsung':AB");
    expect((await typedWords(['sams', 'tv']))?.q).toBe("( 'samsonite' | 'samsung' ) & 'tv'");
  });

  it('write typed words once when their typed and stemmed forms stand for the same words', async () => {
    expect(await typedWords(['samsung', 'tv'])).toEqual({ q: "'samsung' & 'tv'", words: null });
    // No word starts with 'washes' (it stays a prefix, and adds no word); its stem 'wash' stands for three.
    expect(await typedWords(['washes'])).toEqual({
      q: "'wash' | 'washer' | 'washing' | 'washes':*",
      words: ['wash', 'washer', 'washing'],
    });
  });

  it('leave a prefix that stands for no word, or for more than 32, as a prefix', async () => {
    expect(await anyPrefix(['zzz'])).toEqual({ q: "'zzz':*", words: [] });
    const { id } = await createCategory(t.app.db);
    await t.app.db.execute(sql`
      insert into ${products} (name, brand, price, stock, weight, category_id, department_id, description)
      select 'Gizmo' || n, 'Generic', 100, 10, 1, ${id}, department_id, 'A gizmo'
      from generate_series(1, 40) as n, categories where categories.id = ${id}`);
    // Its words are too many for the postings to list.
    expect(await anyPrefix(['gizmo'])).toEqual({ q: "'gizmo':*", words: null });
    expect(await search('gizmo')).toHaveLength(40);
  });

  it('keep quotes and backslashes in the words they write', async () => {
    await t.app.db.execute(sql`insert into search_lexemes values ('o''neal'), ('back\\slash') on conflict do nothing`);
    expect((await anyPrefix(["o'ne"]))?.q).toBe("'o''neal'");
    expect((await anyPrefix(['back\\'], 'A'))?.q).toBe("'back\\\\slash':A");
  });

  it('match exactly the products the prefixes match', async () => {
    const { rows } = await t.app.db.execute<{ lexeme: string }>(sql`select lexeme from search_lexemes`);
    const words = rows.map((row) => row.lexeme).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
    const prefix = fc
      .record({ word: fc.constantFrom(...words), length: fc.integer({ min: 1, max: 8 }) })
      .map(({ word, length }) => [...word].slice(0, length).join(''));
    const typed = fc.array(prefix, { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(typed, fc.constantFrom('', 'A', 'B', 'AB', 'D'), async (prefixes, weights) => {
        const asTyped = prefixes.map((word) => `${word}:*`).join(' & ');
        expect(await matched(sql`(select query from typed_words_tsquery(${textArray(prefixes)}))`), asTyped).toEqual(
          await matched(sql`search_words_tsquery(${asTyped})`),
        );
        const asked = prefixes.map((word) => `${word}:*${weights}`).join(' | ');
        expect(
          await matched(sql`(select query from any_prefix_tsquery(${textArray(prefixes)}, ${weights}))`),
          asked,
        ).toEqual(await matched(sql`to_tsquery('simple', ${asked})`));
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
