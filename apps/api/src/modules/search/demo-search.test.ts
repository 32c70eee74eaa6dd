import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isArabicText, type Product, type SearchResult, type SearchSuggestions } from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  lastAudit,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS } from '../../../test/fixtures.js';
import { seedDemo } from '../../seed/index.js';
import { DEMO_SYNONYMS } from '../../seed/synonyms.js';
import { ENGINES } from './engine.js';

/** Search as shoppers meet it: over the demo catalogue, the shop's first impression, with its synonyms. */
let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({ db: t.app.db, images: t.app.images, log: () => {} });
  admin = await createAdmin(t.app);
}, 240_000);
afterAll(() => t.close());

async function search(name: string, query: Record<string, string> = {}): Promise<SearchResult> {
  const res = await t.app.inject({ method: 'GET', url: '/api/product/search', query: { name, ...query } });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResult;
}
const names = (found: { products: Product[] }) => found.products.map((p) => `${p.name} | ${p.nameAr}`);
const categoryOf = (found: { products: Product[] }) => [...new Set(found.products.map((p) => p.category.name))];

/** The same text through each engine, as the API would answer with SEARCH_ENGINE set to it. */
const eachEngine = (name: string) =>
  Promise.all(Object.values(ENGINES).map((engine) => engine(t.app).search({ name })));

describe('a mistyped word', () => {
  it('موبيل finds the phones, not the Molfix diapers, Molto croissants and Moulinex blenders that look like it', async () => {
    for (const found of [await search('موبيل'), ...(await eachEngine('موبيل'))]) {
      expect(found.products.length).toBeGreaterThan(0);
      expect(names(found).join('\n')).not.toMatch(/مولفكس|مولتو|مولينكس/);
      expect(categoryOf(found)).toEqual(expect.arrayContaining(['Smartphones']));
      expect(categoryOf(found).every((c) => ['Smartphones', 'Mobile Accessories'].includes(c))).toBe(true);
    }
  });
});

describe('synonyms', () => {
  it('"fridge" finds the refrigerators (ثلاجة) first, in both engines, and "تلاجة" too', async () => {
    // Without synonyms "fridge" found only the milk and juices whose descriptions say to keep them in the fridge.
    for (const found of [await search('fridge'), ...(await eachEngine('fridge')), await search('تلاجة')]) {
      const first = names(found).slice(0, 4);
      expect(first).toHaveLength(4);
      expect(first.every((n) => n.includes('Refrigerator'))).toBe(true);
    }
  });

  it('a word and a synonym of another: "samsung phone" finds Samsung phones', async () => {
    const found = await search('samsung phone');
    expect(found.products.length).toBeGreaterThan(0);
    expect(found.products.every((p) => p.brand === 'Samsung')).toBe(true);
    expect(categoryOf(found)).toContain('Smartphones');
  });

  it('are the demo list until the merchant saves another, which searches follow at once', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/search-synonyms', headers: admin.headers });
    expect(read.json()).toEqual({ groups: DEMO_SYNONYMS });
    const isKettle = (p: Product) => /kettle/i.test(p.name);
    expect((await search('teapot')).products.filter(isKettle)).toEqual([]);

    const groups = [...DEMO_SYNONYMS, ['Teapot', 'kettle', 'kettle', 'براد']];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search-synonyms',
      headers: admin.headers,
      payload: { groups },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ groups: [...DEMO_SYNONYMS, ['Teapot', 'kettle', 'براد']] });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'search_synonyms_update', userId: admin.id });
    const kettles = (await search('teapot')).products;
    expect(kettles.length).toBeGreaterThan(0);
    expect(kettles.filter((p) => !isKettle(p)).map((p) => p.name)).toEqual([]);
  });

  it('are read and saved by admins only, one word each', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/search-synonyms' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search-synonyms',
      headers: admin.headers,
      payload: { groups: [['washing machine', 'غسالة']] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/product/suggest', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/suggest', query: { q } });
    expect(res.statusCode).toBe(200);
    return res.json() as SearchSuggestions;
  };

  it('suggests products, brands and categories by prefix, in English for English text', async () => {
    const found = await suggest('sams');
    expect(found.language).toBe('en');
    expect(found.brands).toEqual(['Samsung']);
    expect(found.products.length).toBeGreaterThan(0);
    expect(found.products.length).toBeLessThanOrEqual(5);
    expect(found.products.every((p) => !isArabicText(p.name))).toBe(true);
    expect((await suggest('smartph')).categories.map((c) => c.name)).toEqual(['Smartphones']);
  });

  it('answers Arabic text with Arabic names, every word a prefix', async () => {
    const found = await suggest('موبايل سامس');
    expect(found.language).toBe('ar');
    expect(found.products.length).toBeGreaterThan(0);
    expect(found.products.every((p) => p.name.includes('سامسونج'))).toBe(true);
    expect((await suggest('موبا')).categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['موبايلات', 'إكسسوارات موبايل']),
    );
  });

  it('reads a mistyped word as the catalogue spells it, where the words as typed start nothing', async () => {
    const kettles = await suggest('ketle');
    expect(kettles.products.length).toBeGreaterThan(0);
    expect(kettles.products.every((p) => /kettle/i.test(p.name))).toBe(true);
    const phones = await suggest('موبيل');
    expect(phones.language).toBe('ar');
    expect(phones.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['موبايلات']));
    // Nonsense is like no word of the catalogue: nothing is suggested for it.
    expect(await suggest('xyzing')).toEqual({ language: 'en', products: [], brands: [], categories: [] });
  });

  it('answers nothing for nothing typed', async () => {
    expect(await suggest('  ')).toEqual({ language: 'en', products: [], brands: [], categories: [] });
  });
});

describe('a search that finds nothing', () => {
  it('suggests the spelling of the catalogue’s words, the nearest categories and the best sellers', async () => {
    // A typo whose products the filter leaves out: the answer is empty, and says how the catalogue spells it.
    const found = await search('lapdop', { maxPrice: '1' });
    expect(found.products).toEqual([]);
    expect(found.noResults?.spelling).toBe('laptop');
    expect(found.noResults?.categories.map((c) => c.name)).toEqual(['Laptops']);
    expect(found.noResults?.bestSellers).toHaveLength(4);
  });

  it('offers no spelling for words nothing is like, nor for the catalogue’s own, and nothing when found', async () => {
    const nonsense = await search('qqxzzvw');
    expect(nonsense.noResults).toMatchObject({ spelling: null, categories: [] });
    expect(nonsense.noResults?.bestSellers).toHaveLength(4);
    // Nonsense sharing only an ending or a beginning with a catalogue word ('cleansing', 'black', 'head').
    for (const text of ['xyzing', 'blahing', 'hello'])
      expect((await search(text, { maxPrice: '1' })).noResults?.spelling, text).toBeNull();
    expect((await search('ketle', { maxPrice: '1' })).noResults?.spelling).toBe('kettle');
    expect((await search('موبيل', { maxPrice: '1' })).noResults?.spelling).toBe('موبايل');
    expect((await search('iphone', { maxPrice: '1' })).noResults?.spelling).toBeNull();
    expect((await search('iphone')).noResults).toBeUndefined();
  });

  it('spells with its own looser likeness, leaving the searches’ as it was', async () => {
    const likeness = async () =>
      (
        await t.app.db.execute<{ value: string }>(
          sql`select current_setting('pg_trgm.word_similarity_threshold') as value`,
        )
      ).rows[0]?.value;
    const before = await likeness();
    expect((await search('lapdop', { maxPrice: '1' })).noResults?.spelling).toBe('laptop');
    expect(await likeness()).toBe(before);
  });

  it('ranks the best sellers by the units sold in the last 30 days, a minute behind at most', async () => {
    const bestSellers = async (text: string) =>
      (await search(text)).noResults?.bestSellers.map((p) => p._id) ?? ['no noResults'];
    const first = await bestSellers('qqxzzvwa');
    const bought = (await search('kettle')).products.find((p) => p.cod && p.stock >= 3 && !first.includes(p._id));
    if (!bought) throw new Error('the demo has no kettle to buy');
    await placeOrderOf(t.app, await registerShopper(t.app), [[{ id: bought._id }, 3]], ADDRESS, 'cash');
    // Each process ranks them once a minute: the order counts in the next ranking.
    expect(await bestSellers('qqxzzvwb')).toEqual(first);
    t.clock.advance(60_000);
    const next = await bestSellers('qqxzzvwc');
    expect(next[0]).toBe(bought._id);
    expect(next.slice(1)).toEqual(first.slice(0, 3));
  });
});
