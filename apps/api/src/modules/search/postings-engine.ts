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
import { transaction } from '../../db/transaction.js';

/**
 * The engine with posting lists (docs/decisions/search-postings.md): the plain engine's full-text search and
 * similar words, with each typed prefix written as the few words of the catalogue it stands for
 * (typed_words_tsquery, db/sql/search-prefixes.sql), and a query of one word or alternatives of it read from
 * search_postings, best ranked first, where the text-search index would visit every match (search_matches,
 * db/sql/search-postings.sql). `posted` are such a query's words, and `complete` says whether the postings hold all
 * its matches whatever the descriptions hold (words asked of names and brands alone, as similar words are).
 */
const postingsReading: WordReading = {
  typed: sql`select typed.query as match, ${prefixQuery(sql`synonyms.words`)} as rank, typed.words as posted,
      false as complete
    from ${typedWords} as synonyms(words), typed_words_tsquery(synonyms.words) as typed`,
  similar: (everyWord) => sql`select match, rank, words as posted, true as complete
    from similar_words_tsquery(${wordList}, ${everyWord})`,
  candidates: (column, cap) =>
    sql`select * from search_matches(${column('match')}, ${column('rank')}, ${column('posted')}, ${column('complete')},
      ${value.includeOutOfStock}, ${cap})`,
};

export function postingsSearchEngine(deps: Pick<Deps, 'db'>): SearchEngine {
  const { db } = deps;
  return {
    search: textSearch(db, postingsReading),
    /**
     * The words of every name and brand (for typos) and of every search vector (for prefixes), and the postings of
     * every product: each table made again from the products, in one transaction.
     */
    async reindex() {
      await transaction(db, async (tx) => {
        await reindexSearchWords(tx);
        await tx.execute(sql`select remember_lexemes(array(select search from ${products}))`);
        await tx.execute(sql`delete from search_postings`);
        await tx.execute(
          sql`insert into search_postings select posting.* from ${products} p, postings_of(p) as posting`,
        );
      });
    },
  };
}
