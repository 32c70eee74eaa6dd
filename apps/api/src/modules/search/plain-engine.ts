import { sql } from 'drizzle-orm';
import { products } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import type { SearchEngine } from './engine.js';
import {
  prefixQuery,
  reindexSearchWords,
  textSearch,
  typedWords,
  value,
  wordList,
  type WordReading,
} from './text-search.js';

/**
 * The plain PostgreSQL engine: full-text search over each product's weighted search vector (products.search: names
 * above brands above descriptions, Arabic folded by normalize_arabic) through its GIN index, the typed words as
 * prefixes; for mistyped words, pg_trgm's word similarity over the words of all names and brands (search_words).
 * PostgreSQL keeps both as products are written: the vector is a generated column, and search_words is filled by the
 * triggers of db/sql/search-typos.sql. A text that matches more than SEARCH_CANDIDATES products is ranked among
 * the first the index hands over, in the table's order.
 */
const plainReading: WordReading = {
  typed: sql`select query as match, query as rank from ${prefixQuery(typedWords)} as query`,
  similar: (everyWord) => sql`select rank as match, rank from similar_words_tsquery(${wordList}, ${everyWord})`,
  candidates: (column, cap) =>
    sql`select p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at,
        ts_rank(p.search, ${column('rank')}) as relevance, p.option_values, p.option_values_in_stock
      from ${products} as p where p.search @@ ${column('match')} and (${value.includeOutOfStock} or p.in_stock)
      limit ${cap}`,
};

export function plainSearchEngine(deps: Pick<Deps, 'db'>): SearchEngine {
  const { db } = deps;
  return {
    search: textSearch(db, plainReading),
    /** The words of every name and brand, for typos: the vector and its index follow each row by themselves. */
    reindex: () => reindexSearchWords(db),
  };
}
