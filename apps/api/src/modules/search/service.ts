import { and, asc, desc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeArabic, SEARCH_LIMIT, type SearchQuery, type SearchResult, type SortOption } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { facetsOf, noFacets } from '../products/facets.js';
import { allFilters } from '../products/filters.js';
import { selectProducts, toProductDto } from '../products/service.js';
import type { Deps } from '../deps.js';

/** More words than this add cost, not precision. */
const MAX_WORDS = 8;
/**
 * Matches ranked and sorted at most. A text that matches more (a single letter matches everything) is ranked among
 * the first this many found, which bounds its cost at a few milliseconds; more specific texts are ranked in full.
 */
const SEARCH_CANDIDATES = 5000;

/** The columns search_candidates returns. */
const SORT_KEYS = {
  id: sql.identifier('id'),
  price: sql.identifier('price'),
  rating: sql.identifier('rating'),
  numReviews: sql.identifier('num_reviews'),
  createdAt: sql.identifier('created_at'),
  relevance: sql.identifier('relevance'),
};

function ordering(sortBy: SortOption | undefined): SQL[] {
  const c = SORT_KEYS;
  switch (sortBy) {
    case 'Price: Low to High':
      return [asc(c.price), desc(c.relevance), asc(c.id)];
    case 'Price: High to Low':
      return [desc(c.price), desc(c.relevance), asc(c.id)];
    case 'Avg. Customer review':
      return [desc(c.rating), desc(c.numReviews), desc(c.relevance), asc(c.id)];
    default:
      return [desc(c.relevance), desc(c.createdAt), asc(c.id)];
  }
}

export function searchService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  /** The products matching `tsquery` (search_candidates is in db/migrations), before the filters. */
  const candidates = (tsquery: SQL, query: SearchQuery, cap: number) =>
    sql`search_candidates(${tsquery}, ${query.includeOutOfStock ?? false}, ${cap})`;

  /** The products matching `tsquery`, sold-out ones only when asked for, before the filters. */
  const matching = (tsquery: SQL, query: SearchQuery) =>
    and(sql`${products.search} @@ ${tsquery}`, query.includeOutOfStock ? undefined : gt(products.stock, 0));

  /** Whether any product matches `tsquery`, whatever the filters leave: else similar words stand in. */
  async function matchesAny(tsquery: SQL, query: SearchQuery): Promise<boolean> {
    const { rows } = await db.execute(sql`select 1 from ${products} where ${matching(tsquery, query)} limit 1`);
    return rows.length > 0;
  }

  /**
   * Ids of the matching products that pass the filters, best first by the chosen order. Filtered, the candidates
   * are the first matches that pass the filters (not filtered afterwards: a brand could be all beyond the cap),
   * with the columns search_candidates returns.
   */
  async function rank(tsquery: SQL, query: SearchQuery): Promise<string[]> {
    const filter = allFilters(query);
    const found = filter
      ? sql`(select ${products.id}, ${products.price}, ${products.rating}, ${products.numReviews},
          ${products.createdAt}, ts_rank(${products.search}, ${tsquery}) as relevance
          from ${products} where ${and(matching(tsquery, query), filter)} limit ${SEARCH_CANDIDATES})`
      : candidates(tsquery, query, SEARCH_CANDIDATES);
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from ${found} c
      order by ${sql.join(ordering(query.sortBy), sql`, `)}
      limit ${SEARCH_LIMIT}`);
    return rows.map((row) => row.id);
  }

  /**
   * Every word as a prefix in either language's name, the brand or a description (weighted tsvector); when no
   * product has all the words, names or brands with any of the words or a word like it (pg_trgm over the words of
   * all names and brands, search_words), which forgives typos like 'iphnoe' without letting loose look-alikes crowd
   * out real matches. Arabic is folded to one spelling on both sides (normalizeArabic here, normalize_arabic in SQL).
   */
  async function search(query: SearchQuery): Promise<SearchResult> {
    const words = normalizeArabic(query.name.toLowerCase())
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, MAX_WORDS);
    if (!words.length) return { products: [], facets: noFacets(query) };
    // Only letters and digits are left, so no word can be tsquery syntax; the text still travels as a bound parameter.
    const prefixes = words.map((word) => `${word}:*`).join(' & ');
    const exact = sql`search_words_tsquery(${prefixes})`;
    const tsquery = (await matchesAny(exact, query))
      ? exact
      : sql`similar_words_tsquery(string_to_array(${words.join(' ')}, ' '))`;
    const ids = await rank(tsquery, query);
    // Counted over as many matches as are ranked at most.
    const facets = await facetsOf(db, matching(tsquery, query), query, SEARCH_CANDIDATES);
    if (!ids.length) return { products: [], facets };
    const rows = await selectProducts(db).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { products: ids.flatMap((id) => byId.get(id) ?? []).map(toProductDto), facets };
  }

  return { search };
}
