import { and, asc, desc, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SEARCH_LIMIT,
  searchWordsOf,
  type ProductFilters,
  type SearchQuery,
  type SearchResult,
  type SortOption,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { executeNamed, queryOf } from '../../db/named.js';
import { placeholders } from '../../db/placeholders.js';
import { products } from '../../db/schema.js';
import { brandGroupsOf, facetsFrom, noFacets, type BrandGroup } from '../products/facets.js';
import { allFilters, hasOptions, isInStock } from '../products/filters.js';
import { optionValuesOf, type OptionValueRow } from '../products/optionFacets.js';
import { productsJson, toProductDto, type ProductRow } from '../products/service.js';

/** More words than this add cost, not precision. */
const MAX_WORDS = 8;
/**
 * Matches ranked and sorted at most. A text that matches more (a single letter matches everything) is ranked among
 * the first this many found, which bounds its cost at a few milliseconds; more specific texts are ranked in full.
 */
export const SEARCH_CANDIDATES = 5000;

/**
 * What a search statement's values are: the words apart by spaces, and whether products out of stock are searched.
 * The statements are written with these placeholders, so that a search without filters is one of twelve texts, each
 * built once (unfilteredSearch).
 */
export const value = placeholders(['words', 'includeOutOfStock']);
type SearchValues = { words: string; includeOutOfStock: boolean };

/** The words apart, as a text array. */
export const wordList = sql`string_to_array(${value.words}, ' ')`;

/**
 * The words as typed, each with the synonyms the merchant listed for it (with_synonyms, db/sql/search-synonyms.sql):
 * what both engines search before they look for words like the typed ones, which are not widened so.
 */
export const typedWords = sql`with_synonyms(${wordList})`;

/** The typed words (`words`, as typedWords writes them), each any of its alternatives, as prefixes: the ranking query. */
export const prefixQuery = (words: SQL) => sql`search_words_tsquery(typed_prefixes(${words}))`;

/** A column of a text query: `(select name from text_query)`, or a column in scope. */
export type TextColumn = (name: string) => SQL;

/**
 * How an engine reads words (SearchEngine's implementations differ only in this): a text query is one row of
 * columns of the engine's choosing, among them `match` (the tsquery that finds the products) and `rank` (the one
 * they are ranked by), made once in a statement's first common table; `candidates` are its matches.
 */
export interface WordReading {
  /** The text query of the words as typed: each a prefix, in either language's form. */
  typed: SQL;
  /** The text query of words like the typed ones: each word or one like it (`everyWord`), or any of them. */
  similar(everyWord: boolean): SQL;
  /**
   * A text query's matches, at most `cap`: id, brand, price, rating, num_reviews, in_stock, cod, created_at,
   * relevance (the rank), option_values and option_values_in_stock.
   */
  candidates(column: TextColumn, cap: number): SQL;
}

/** The columns of the matches the orders read. */
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

/** The ways a statement reads the words: as typed, one word or several by similar words. */
type TextKind = 'typed' | 'similarOne' | 'similarSeveral';

const textQuery = sql.identifier('text_query');
const everyText = sql.identifier('every_word_text');
const anyText = sql.identifier('any_word_text');
const matchesName = sql.identifier('matches');
const everyWordName = sql.identifier('every_word_matches');
const columnOf =
  (table: SQLWrapper): TextColumn =>
  (name) =>
    sql`(select ${sql.identifier(name)} from ${table})`;

/** The matches, named "products", so that the filters' conditions read them as they read the table. */
const matchesSource = sql`${matchesName} as ${products}`;

/** The search statements of one way of reading words, each built once where it can be. */
function statementsOf(reading: WordReading) {
  const candidates = (table: SQLWrapper, cap = SEARCH_CANDIDATES) => reading.candidates(columnOf(table), cap);
  /**
   * The common tables that end with a statement's matches, each kept once (materialized). Several similar words are
   * searched as every word first, and only if none is found as any word: the first search's matches are kept rather
   * than asked for again (at a million products, asking whether two mistyped words have a match took 13 ms, as long
   * as finding the matches).
   */
  const oneForm = (text: SQL) =>
    sql`${textQuery} as materialized (${text}), ${matchesName} as materialized (${candidates(textQuery)})`;
  const MATCHES: Record<TextKind, SQL> = {
    typed: oneForm(reading.typed),
    similarOne: oneForm(reading.similar(false)),
    similarSeveral: sql`${everyText} as materialized (${reading.similar(true)}),
      ${anyText} as materialized (${reading.similar(false)}),
      ${everyWordName} as materialized (${candidates(everyText)}),
      ${matchesName} as materialized (
        select * from ${everyWordName}
        union all select * from (${candidates(anyText)}) as any_word where not exists (select from ${everyWordName})
      )`,
  };

  /**
   * The text query as rankFiltered reads it: for several similar words, one form, chosen by whether any product has
   * every word.
   */
  const TEXTS: Record<TextKind, SQL> = {
    typed: sql`${textQuery} as materialized (${reading.typed})`,
    similarOne: sql`${textQuery} as materialized (${reading.similar(false)})`,
    similarSeveral: sql`${everyText} as materialized (${reading.similar(true)}),
      ${anyText} as materialized (${reading.similar(false)}),
      found as materialized (select exists (${candidates(everyText, 1)}) as found),
      ${textQuery} as materialized (
        select * from ${everyText} where (select found from found)
        union all select * from ${anyText} where not (select found from found))`,
  };

  /**
   * One statement over the matches of the words read as `kind` (at most SEARCH_CANDIDATES of them), kept once and
   * read by the ranking and by the filter panel's counts alike: one scan of the matches rather than one per part.
   * The products are the matches passing `filter` (the query's filters), best first by the chosen order, read in the
   * same statement (unless rankFiltered must rank them).
   */
  function matchesStatement(
    kind: TextKind,
    query: ProductFilters & Pick<SearchQuery, 'sortBy'>,
    filter: SQL | undefined,
  ): SQL {
    const sold = sql`(select * from ${matchesSource} where ${hasOptions}) as ${products}`;
    const ranked = productsJson(sql`array(select id from ${matchesSource} where ${filter ?? sql`true`}
      order by ${sql.join(ordering(query.sortBy), sql`, `)} limit ${SEARCH_LIMIT})`);
    // Filtered matches that reached the cap are ranked again, from all matches (rankFiltered): none are read here.
    const chosen = filter
      ? sql`case when (select count(*) from ${matchesName}) < ${SEARCH_CANDIDATES} then ${ranked} else '[]' end`
      : ranked;
    return sql`
      with ${MATCHES[kind]}
      select (select count(*)::int from ${matchesName}) as matched,
        (select coalesce(json_agg(groups), '[]') from (${brandGroupsOf(matchesSource, query)}) as groups) as groups,
        (select coalesce(json_agg(counted), '[]') from (${optionValuesOf(sold, query)}) as counted) as "optionValues",
        ${chosen} as products`;
  }

  /**
   * The first matches that pass the filters, when the matches reached SEARCH_CANDIDATES and filters are set (not
   * the first matches filtered afterwards: a brand could be all beyond the cap), found by the text-search index.
   */
  function rankFilteredStatement(kind: TextKind, query: SearchQuery, filter: SQL): SQL {
    const text = columnOf(textQuery);
    return sql`
      with ${TEXTS[kind]}
      select ${productsJson(sql`array(
        select id from (select ${products.id}, ${products.price}, ${products.rating}, ${products.numReviews},
            ${products.createdAt}, ts_rank(${products.search}, ${text('rank')}) as relevance
          from ${products}
          where ${and(sql`${products.search} @@ ${text('match')}`, query.includeOutOfStock ? undefined : isInStock, filter)}
          limit ${SEARCH_CANDIDATES}) c
        order by ${sql.join(ordering(query.sortBy), sql`, `)}
        limit ${SEARCH_LIMIT})`)} as products`;
  }

  /**
   * The statements of searches without filters, each built once: a search is then one of twelve texts (three ways of
   * reading the words, four orders), whose building was about a tenth of an API process's time under the search
   * mix. With filters the texts are as many as the filters' combinations, and are built on each call.
   */
  const unfiltered = new Map<string, Query>();
  function unfilteredSearch(kind: TextKind, sortBy: SortOption | undefined): Query {
    const key = `${kind} ${sortBy ?? ''}`;
    let query = unfiltered.get(key);
    if (!query) {
      query = queryOf(matchesStatement(kind, { sortBy }, undefined));
      unfiltered.set(key, query);
    }
    return query;
  }

  return { matchesStatement, rankFilteredStatement, unfilteredSearch };
}

/**
 * Search by words read as `reading` reads them: every word as a prefix in either language's name, the brand or a
 * description (weighted tsvector); when no product has all the words, names or brands with the words or words like
 * them (pg_trgm over the words of all names and brands, search_words), which forgives typos like 'iphnoe' without
 * letting loose look-alikes crowd out real matches. Arabic is folded to one spelling on both sides (normalizeArabic
 * here, normalize_arabic in SQL).
 */
export function textSearch(db: Db, reading: WordReading): (query: SearchQuery) => Promise<SearchResult> {
  const statements = statementsOf(reading);

  async function searchMatches(
    kind: TextKind,
    query: SearchQuery,
    filter: SQL | undefined,
    values: SearchValues,
  ): Promise<Searched> {
    const statement = filter
      ? statements.matchesStatement(kind, query, filter)
      : statements.unfilteredSearch(kind, query.sortBy);
    const [searched] = await executeNamed<Searched>(db, statement, values);
    if (!searched) throw new Error('search answered no row');
    return searched;
  }

  return async (query) => {
    const words = searchWordsOf(query.name).slice(0, MAX_WORDS);
    if (!words.length) return { products: [], facets: noFacets(query) };
    // Only letters and digits are left, so no word can be tsquery syntax (nor a synonym's '|'); it is a bound parameter.
    const values: SearchValues = {
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
        ? ((
            await executeNamed<{ products: ProductRow[] }>(
              db,
              statements.rankFilteredStatement(kind, query, filter),
              values,
            )
          )[0]?.products ?? [])
        : searched.products;
    return { products: rows.map(toProductDto), facets: facetsFrom(searched.groups, searched.optionValues, query) };
  };
}

/** The words of every name and brand, kept for typos (search_words); both engines read them. */
export async function reindexSearchWords(db: DbOrTx): Promise<void> {
  await db.execute(sql`insert into search_words (word)
    select distinct unnest(product_search_words(search_name, brand)) from ${products}
    on conflict do nothing`);
}
