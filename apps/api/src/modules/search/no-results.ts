import { sql, type SQL } from 'drizzle-orm';
import { searchWordsOf, type NoResults } from '@shop/contracts';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema.js';
import { unitsSold } from '../products/best-sellers.js';
import { productsJson, toProductDto, type ProductRow } from '../products/service.js';

/** How like a word of the catalogue a typed word must be to be offered as its spelling: looser than a search's 0.3. */
const SPELLING_LIKENESS = 0.2;
/** How like a category's name the text must be for the category to be offered. */
const CATEGORY_LIKENESS = 0.3;
const CATEGORIES_OFFERED = 3;
const BEST_SELLERS_OFFERED = 4;
/**
 * How long a process keeps its ranking of the best sellers. Ranking them reads every product in stock (its second
 * key, the reviews, has no index: 240 ms at the bench's 100,000 products), the same for every search that finds
 * nothing, a tenth of the bench's search mix; a ranking a minute old still names best sellers, and their rows (price,
 * stock) are read afresh each time.
 */
const BEST_SELLERS_KEPT_MS = 60_000;
const bestSellerRankings = new WeakMap<Db, { ids: string[]; at: number }>();

/**
 * What a search that found nothing for `text` offers instead (docs/guide/search-engines.md): the text with each word spelled
 * as the most alike word of the catalogue's names and brands (search_words, as typos are searched, but looser), the
 * categories whose names are most like it (or like that spelling), and the best sellers: the products in stock with
 * the most units sold in the last 30 days, then the best reviewed.
 */
export async function noResultsFor(db: Db, text: string, now: Date): Promise<NoResults> {
  const words = searchWordsOf(text).slice(0, 8);
  const spelled = await db.transaction(async (tx) => {
    // Only for this transaction: the searches' threshold stays as it is.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SPELLING_LIKENESS)}, true)`);
    const rows = await tx.execute<{ words: string[] }>(sql`
      select array(
        select coalesce((select word from search_words where typed.word <% word order by typed.word <<-> word limit 1),
          typed.word)
        from unnest(${sql`string_to_array(${words.join(' ')}, ' ')`}) with ordinality as typed(word, position)
        order by typed.position) as words`);
    return rows.rows[0]?.words.join(' ') ?? '';
  });
  const spelling = spelled && spelled !== words.join(' ') ? spelled : null;
  const likeness = (name: SQL) =>
    sql`word_similarity(${spelling ?? words.join(' ')}, lower(normalize_arabic(coalesce(${name}, ''))))`;
  const alike = sql`greatest(${likeness(sql`${categories.name}`)}, ${likeness(sql`${categories.nameAr}`)})`;
  const shelves = await db.execute<{ _id: string; name: string; nameAr: string | null }>(sql`
    select ${categories.id} as "_id", ${categories.name} as name, ${categories.nameAr} as "nameAr"
    from ${categories} where ${alike} >= ${CATEGORY_LIKENESS}
    order by ${alike} desc, ${categories.name} limit ${CATEGORIES_OFFERED}`);
  const bestIds = await bestSellerIds(db, now);
  const best = await db.execute<{ products: ProductRow[] }>(
    sql`select ${productsJson(sql`${sql.param(bestIds)}::uuid[]`)} as products`,
  );
  return {
    spelling,
    categories: shelves.rows,
    bestSellers: (best.rows[0]?.products ?? []).map(toProductDto),
  };
}

/** The best sellers' ids, best first: ranked again once the ranking kept is a minute old (or from another clock's future). */
async function bestSellerIds(db: Db, now: Date): Promise<string[]> {
  const kept = bestSellerRankings.get(db);
  const age = kept ? now.getTime() - kept.at : Infinity;
  if (kept && age >= 0 && age < BEST_SELLERS_KEPT_MS) return kept.ids;
  const ranked = await db.execute<{ id: string }>(sql`
    select p.id from products p
    left join ${unitsSold(now)} as sold on sold.product_id = p.id
    where p.in_stock
    order by coalesce(sold.units, 0) desc, p.num_reviews desc, p.rating desc, p.id
    limit ${BEST_SELLERS_OFFERED}`);
  const ids = ranked.rows.map((row) => row.id);
  bestSellerRankings.set(db, { ids, at: now.getTime() });
  return ids;
}
