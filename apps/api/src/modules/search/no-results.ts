import { sql } from 'drizzle-orm';
import { searchWordsOf, type NoResults } from '@shop/contracts';
import type { Db } from '../../db/client.js';
import { executeNamed, queryOf } from '../../db/named.js';
import { placeholders } from '../../db/placeholders.js';
import { categories } from '../../db/schema.js';
import { unitsSold } from '../products/best-sellers.js';
import { productsJson, toProductDto, type ProductRow } from '../products/service.js';

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

/** What the answer's statement is given: the typed words apart by spaces, and the best sellers' ids. */
const value = placeholders(['words', 'bestSellers']);

/**
 * The answer in one statement, its text built once: the spelling (catalogue_spelling, db/sql/search-typos.sql), the
 * categories most like that spelling (the typed words, where the catalogue spells them so) and the best sellers' rows. As three
 * statements and a transaction for the spelling's threshold it was six round trips, which made a search that finds
 * nothing cost three times what it did before it offered anything (docs/performance.md, "Issue 51").
 */
const noResultsStatement = queryOf(sql`
  with spelled as materialized (
    select array_to_string(catalogue_spelling(string_to_array(${value.words}, ' ')), ' ') as text),
  shelves as (
    select ${categories.id} as id, ${categories.name} as name, ${categories.nameAr} as name_ar,
      greatest(word_similarity(spelled.text, lower(normalize_arabic(coalesce(${categories.name}, '')))),
        word_similarity(spelled.text, lower(normalize_arabic(coalesce(${categories.nameAr}, ''))))) as alike
    from ${categories}, spelled)
  select (select text from spelled) as spelled,
    (select coalesce(json_agg(json_build_object('_id', id, 'name', name, 'nameAr', name_ar)
        order by alike desc, name), '[]') from (
      select * from shelves where alike >= ${CATEGORY_LIKENESS}
      order by alike desc, name limit ${CATEGORIES_OFFERED}) as offered) as categories,
    ${productsJson(sql`${value.bestSellers}::uuid[]`)} as products`);

/**
 * What a search that found nothing for `text` offers instead (docs/guide/search-engines.md): the text with each word spelled
 * as the most alike word of the catalogue's names and brands (search_words, as typos are searched, but looser), the
 * categories whose names are most like it (or like that spelling), and the best sellers: the products in stock with
 * the most units sold in the last 30 days, then the best reviewed.
 */
export async function noResultsFor(db: Db, text: string, now: Date): Promise<NoResults> {
  const words = searchWordsOf(text).slice(0, 8).join(' ');
  const [found] = await executeNamed<{ spelled: string; categories: NoResults['categories']; products: ProductRow[] }>(
    db,
    noResultsStatement,
    { words, bestSellers: await bestSellerIds(db, now) },
  );
  return {
    spelling: found && found.spelled !== words ? found.spelled : null,
    categories: found?.categories ?? [],
    bestSellers: (found?.products ?? []).map(toProductDto),
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
