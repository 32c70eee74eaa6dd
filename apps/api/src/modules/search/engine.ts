import type { SearchQuery, SearchResult } from '@shop/contracts';
import type { Deps } from '../deps.js';
import { plainSearchEngine } from './plain-engine.js';
import { postingsSearchEngine } from './postings-engine.js';

/**
 * What the search route asks of a search engine, in the spirit of Vendure's SearchStrategy: finding products by the
 * words a shopper types, and keeping what it finds them by current. An engine keeps its index as products are
 * written (in PostgreSQL, by the generated columns and triggers of db/sql), and can make it whole again from the
 * products as they are, for products written without its triggers. docs/decisions/search-engine.md says which
 * engine the shop uses and why.
 */
export interface SearchEngine {
  /**
   * The products whose names, brand or descriptions hold every word as a prefix, in either language's spelling
   * (Arabic folded to one form), or when none does, words like them; narrowed by the query's filters, in the order
   * asked (relevance unless told), with the filter panel's counts over all the matches.
   */
  search(query: SearchQuery): Promise<SearchResult>;
  /** Rebuilds the engine's own index from the products (`npm run reindex`); idempotent, and searches go on meanwhile. */
  reindex(): Promise<void>;
}

/** The engines there are, by the name SEARCH_ENGINE gives. */
export const ENGINES = { postings: postingsSearchEngine, plain: plainSearchEngine } as const;

/** The engine the shop is configured with (SEARCH_ENGINE; the postings unless told). */
export const searchEngine = (deps: Pick<Deps, 'db' | 'config'>): SearchEngine =>
  ENGINES[deps.config.SEARCH_ENGINE](deps);
