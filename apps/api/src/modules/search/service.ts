import { asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeArabic, SEARCH_LIMIT, type Product, type SearchQuery, type SortOption } from '@shop/contracts';
import { products } from '../../db/schema.js';
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

  /** Ids of the products matching `tsquery`, best first by the chosen order (search_candidates is in db/migrations). */
  async function rank(tsquery: SQL, query: SearchQuery): Promise<string[]> {
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from search_candidates(${tsquery}, ${query.includeOutOfStock ?? false}, ${SEARCH_CANDIDATES})
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
  async function search(query: SearchQuery): Promise<{ products: Product[] }> {
    const words = normalizeArabic(query.name.toLowerCase())
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, MAX_WORDS);
    if (!words.length) return { products: [] };
    // Only letters and digits are left, so no word can be tsquery syntax; the text still travels as a bound parameter.
    const prefixes = words.map((word) => `${word}:*`).join(' & ');
    let ids = await rank(sql`search_words_tsquery(${prefixes})`, query);
    if (!ids.length) ids = await rank(sql`similar_words_tsquery(string_to_array(${words.join(' ')}, ' '))`, query);
    if (!ids.length) return { products: [] };
    const rows = await selectProducts(db).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { products: ids.flatMap((id) => byId.get(id) ?? []).map(toProductDto) };
  }

  return { search };
}
