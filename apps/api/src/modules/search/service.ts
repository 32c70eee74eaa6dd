import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import {
  normalizeArabic,
  SEARCH_LIMIT,
  type ProductFilters,
  type SearchQuery,
  type SearchResult,
  type SortOption,
} from '@shop/contracts';
import { executeNamed } from '../../db/named.js';
import { products } from '../../db/schema.js';
import { brandGroupsOf, facetsFrom, noFacets, type BrandGroup } from '../products/facets.js';
import { allFilters, hasOptions, isInStock } from '../products/filters.js';
import { optionValuesOf, type OptionValueRow } from '../products/optionFacets.js';
import { productsJson, toProductDto, type ProductRow } from '../products/service.js';
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

/** What one search statement answers: the matches counted, the facets' counts and the first products, ranked. */
type Searched = { matched: number; groups: BrandGroup[]; optionValues: OptionValueRow[]; products: ProductRow[] };

/** The common table a search statement reads its text query from: `match` finds the products, `rank` ranks them. */
const textQuery = sql.identifier('text_query');
const match = sql`(select match from ${textQuery})`;
const rank = sql`(select rank from ${textQuery})`;

/**
 * What a search statement's values are, each a bound parameter: the words as prefixes in tsquery's syntax, the words
 * apart by spaces, and whether products out of stock are searched.
 */
type SearchValues = { prefixes: string; words: string; includeOutOfStock: boolean };

/**
 * The words as typed: each a prefix, in either language's form (search_words_tsquery), found through the words of
 * the catalogue the prefixes stand for (exact_typed_words_tsquery).
 */
const typedWords = (value: SearchValues) => sql`select exact_typed_words_tsquery(${value.prefixes}) as match,
  search_words_tsquery(${value.prefixes}) as rank`;

/** A search's candidates: the matches of a text query, at most SEARCH_CANDIDATES of them, ranked by `rank`. */
const candidates = (value: SearchValues, match: SQL, rank: SQL) =>
  sql`select * from search_matches(${match}, ${rank}, ${value.includeOutOfStock}, ${SEARCH_CANDIDATES})`;

const wordList = (value: SearchValues) => sql`string_to_array(${value.words}, ' ')`;

/**
 * The words as typed or like them (similar_words_tsquery), made once, in the statement's first common table: the
 * function is not immutable, so a condition calling it would call it again for every row the index's match has to
 * recheck (5,000 calls, 300 ms, for a common word mistyped).
 */
const similarOne = (value: SearchValues) => sql`select exact_words_tsquery(words) as match, words as rank
  from similar_words_tsquery(${wordList(value)}, false) as words`;

/**
 * Of several words, a product needs each or one like it when some product (in stock, unless the search includes
 * the others) has them all; otherwise any of them will do. Both forms of the query, made once.
 */
const similarForms = (value: SearchValues) => sql`select exact_words_tsquery(every_word) as every_match, every_word,
    exact_words_tsquery(any_word) as any_match, any_word
  from similar_words_tsquery(${wordList(value)}, true) as every_word,
    similar_words_tsquery(${wordList(value)}, false) as any_word`;
const form = (column: 'every_match' | 'every_word' | 'any_match' | 'any_word') =>
  sql`(select ${sql.identifier(column)} from ${textQuery})`;

/**
 * The text query of several similar words as rankFiltered reads it: one form, chosen by whether any product has
 * every word (`offset 0` keeps the planner from asking that once for each of the two columns).
 */
const similarSeveral = (value: SearchValues) => sql`select case when found then every_match else any_match end as match,
    case when found then every_word else any_word end as rank
  from (${similarForms(value)}) as forms,
  lateral (select exists (select from search_matches(every_match, every_word, ${value.includeOutOfStock}, 1)) as found
    offset 0) as tried`;

/** The ways a statement reads the words, as a text query (`match` and `rank`): as typed, or by similar words. */
const TEXTS = { typed: typedWords, similarOne, similarSeveral };
type TextKind = keyof typeof TEXTS;

const matchesName = sql.identifier('matches');
const everyWordName = sql.identifier('every_word_matches');

/**
 * The common tables that end with a statement's matches. Several similar words are searched as every word first,
 * and only if none is found as any word: the first search's matches are kept rather than asked for again (at a
 * million products, asking whether two mistyped words have a match took 13 ms, as long as finding the matches).
 */
const oneForm = (value: SearchValues, text: SQL) =>
  sql`${textQuery} as materialized (${text}), ${matchesName} as materialized (${candidates(value, match, rank)})`;
const MATCHES: Record<TextKind, (value: SearchValues) => SQL> = {
  typed: (value) => oneForm(value, typedWords(value)),
  similarOne: (value) => oneForm(value, similarOne(value)),
  similarSeveral: (value) => sql`${textQuery} as materialized (${similarForms(value)}),
    ${everyWordName} as materialized (${candidates(value, form('every_match'), form('every_word'))}),
    ${matchesName} as materialized (
      select * from ${everyWordName}
      union all ${candidates(value, form('any_match'), form('any_word'))}
        where not exists (select from ${everyWordName})
    )`,
};

/** The matches, named "products", so that the filters' conditions read them as they read the table. */
const matchesSource = sql`${matchesName} as ${products}`;

/**
 * One statement over the matches of the words read as `kind` (at most SEARCH_CANDIDATES of them), kept once
 * (materialized) and read by the ranking and by the filter panel's counts alike: one scan of the matches rather
 * than one per part. The products are the matches passing `filter` (the query's filters), best first by the
 * chosen order, read in the same statement (unless rankFiltered must rank them).
 */
function matchesStatement(
  kind: TextKind,
  query: ProductFilters & Pick<SearchQuery, 'sortBy'>,
  filter: SQL | undefined,
  value: SearchValues,
): SQL {
  const sold = sql`(select * from ${matchesSource} where ${hasOptions}) as ${products}`;
  const ranked = productsJson(sql`array(select id from ${matchesSource} where ${filter ?? sql`true`}
    order by ${sql.join(ordering(query.sortBy), sql`, `)} limit ${SEARCH_LIMIT})`);
  // Filtered matches that reached the cap are ranked again, from all matches (rankFiltered): none are read here.
  const chosen = filter
    ? sql`case when (select count(*) from ${matchesName}) < ${SEARCH_CANDIDATES} then ${ranked} else '[]' end`
    : ranked;
  return sql`
    with ${MATCHES[kind](value)}
    select (select count(*)::int from ${matchesName}) as matched,
      (select coalesce(json_agg(groups), '[]') from (${brandGroupsOf(matchesSource, query)}) as groups) as groups,
      (select coalesce(json_agg(counted), '[]') from (${optionValuesOf(sold, query)}) as counted) as "optionValues",
      ${chosen} as products`;
}

export function searchService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  async function searchMatches(
    kind: TextKind,
    query: SearchQuery,
    filter: SQL | undefined,
    values: SearchValues,
  ): Promise<Searched> {
    const [searched] = await executeNamed<Searched>(db, matchesStatement(kind, query, filter, values));
    if (!searched) throw new Error('search answered no row');
    return searched;
  }

  /**
   * The products when the matches reached SEARCH_CANDIDATES and filters are set: the first matches that pass the
   * filters, not the first matches filtered afterwards (a brand could be all beyond the cap).
   */
  async function rankFiltered(
    kind: TextKind,
    query: SearchQuery,
    filter: SQL,
    values: SearchValues,
  ): Promise<ProductRow[]> {
    const {
      rows: [row],
    } = await db.execute<{ products: ProductRow[] }>(
      sql`
      with ${textQuery} as materialized (${TEXTS[kind](values)})
      select ${productsJson(sql`array(
        select id from (select ${products.id}, ${products.price}, ${products.rating}, ${products.numReviews},
            ${products.createdAt}, ts_rank(${products.search}, ${rank}) as relevance
          from ${products}
          where ${and(sql`${products.search} @@ ${match}`, query.includeOutOfStock ? undefined : isInStock, filter)}
          limit ${SEARCH_CANDIDATES}) c
        order by ${sql.join(ordering(query.sortBy), sql`, `)}
        limit ${SEARCH_LIMIT})`)} as products`,
    );
    return row?.products ?? [];
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
    const values: SearchValues = {
      prefixes: words.map((word) => `${word}:*`).join(' & '),
      words: words.join(' '),
      includeOutOfStock: query.includeOutOfStock ?? false,
    };
    const filter = allFilters(query);
    let kind: TextKind = 'typed';
    let searched = await searchMatches(kind, query, filter, values);
    // No product has the words, whatever the filters: similar words stand in.
    if (!searched.matched) {
      kind = words.length === 1 ? 'similarOne' : 'similarSeveral';
      searched = await searchMatches(kind, query, filter, values);
    }
    const rows =
      filter && searched.matched >= SEARCH_CANDIDATES
        ? await rankFiltered(kind, query, filter, values)
        : searched.products;
    return { products: rows.map(toProductDto), facets: facetsFrom(searched.groups, searched.optionValues, query) };
  }

  return { search };
}
