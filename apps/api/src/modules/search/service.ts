import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeArabic, SEARCH_LIMIT, type SearchQuery, type SearchResult, type SortOption } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { brandGroupsOf, facetsFrom, noFacets, type BrandGroup } from '../products/facets.js';
import { allFilters, hasOptions, inStock } from '../products/filters.js';
import { optionValuesOf, type OptionValueRow } from '../products/optionFacets.js';
import { selectProducts, toProductDto } from '../products/service.js';
import type { Deps } from '../deps.js';

/** More words than this add cost, not precision. */
const MAX_WORDS = 8;
/**
 * Matches ranked and sorted at most. A text that matches more (a single letter matches everything) is ranked among
 * the first this many found, which bounds its cost at a few milliseconds; more specific texts are ranked in full.
 */
export const SEARCH_CANDIDATES = 5000;

/** The columns of search_matches the orders read. */
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

/** What one search statement answers: the matches counted, the ids ranked, and the facets' counts. */
type Searched = { matched: number; ids: string[]; groups: BrandGroup[]; optionValues: OptionValueRow[] };

export function searchService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  /**
   * The words as typed or like them (similar_words_tsquery), made once into a constant: the function is not
   * immutable, so a condition calling it would call it again for every row the index's match has to recheck
   * (5,000 calls, 300 ms, for a common word mistyped).
   */
  async function similarWords(words: string[]): Promise<SQL> {
    const { rows } = await db.execute<{ tsquery: string }>(
      sql`select similar_words_tsquery(string_to_array(${words.join(' ')}, ' '))::text as tsquery`,
    );
    return sql`${rows[0]?.tsquery ?? ''}::tsquery`;
  }

  /**
   * One statement over the matches of `tsquery` (search_matches, at most SEARCH_CANDIDATES of them), kept once
   * (materialized) and read by the ranking and by the filter panel's counts alike: one scan of the matches rather
   * than one per part. The ids are the matches passing `filter` (the query's filters), best first by the chosen order.
   */
  async function searchMatches(tsquery: SQL, query: SearchQuery, filter: SQL | undefined): Promise<Searched> {
    const matches = sql.identifier('matches');
    // Named "products", so that the filters' conditions read the matches as they read the table.
    const source = sql`${matches} as ${products}`;
    const sold = sql`(select * from ${source} where ${hasOptions}) as ${products}`;
    const { rows } = await db.execute<Searched>(sql`
      with ${matches} as materialized (
        select * from search_matches(${tsquery}, ${query.includeOutOfStock ?? false}, ${SEARCH_CANDIDATES})
      )
      select (select count(*)::int from ${matches}) as matched,
        array(select id::text from ${source} where ${filter ?? sql`true`}
          order by ${sql.join(ordering(query.sortBy), sql`, `)} limit ${SEARCH_LIMIT}) as ids,
        (select coalesce(json_agg(groups), '[]') from (${brandGroupsOf(source, query)}) as groups) as groups,
        (select coalesce(json_agg(counted), '[]') from (${optionValuesOf(sold, query)}) as counted) as "optionValues"`);
    const [searched] = rows;
    if (!searched) throw new Error('search answered no row');
    return searched;
  }

  /**
   * The ids when the matches reached SEARCH_CANDIDATES and filters are set: the first matches that pass the
   * filters, not the first matches filtered afterwards (a brand could be all beyond the cap). Found as
   * search_matches finds them: the prefixes as the words they stand for (exact_words_tsquery, made once).
   */
  async function rankFiltered(tsquery: SQL, query: SearchQuery, filter: SQL): Promise<string[]> {
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from (select ${products.id}, ${products.price}, ${products.rating}, ${products.numReviews},
          ${products.createdAt}, ts_rank(${products.search}, ${tsquery}) as relevance
        from ${products}
        where ${and(sql`${products.search} @@ (select exact_words_tsquery(${tsquery}))`, query.includeOutOfStock ? undefined : inStock, filter)}
        limit ${SEARCH_CANDIDATES}) c
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
    const filter = allFilters(query);
    let tsquery = sql`search_words_tsquery(${prefixes})`;
    let searched = await searchMatches(tsquery, query, filter);
    // No product has the words, whatever the filters: similar words stand in.
    if (!searched.matched) {
      tsquery = await similarWords(words);
      searched = await searchMatches(tsquery, query, filter);
    }
    const ids =
      filter && searched.matched >= SEARCH_CANDIDATES ? await rankFiltered(tsquery, query, filter) : searched.ids;
    const facets = facetsFrom(searched.groups, searched.optionValues, query);
    if (!ids.length) return { products: [], facets };
    const rows = await selectProducts(db).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { products: ids.flatMap((id) => byId.get(id) ?? []).map(toProductDto), facets };
  }

  return { search };
}
