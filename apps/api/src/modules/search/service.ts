import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { normalizeArabic, SEARCH_LIMIT, type Product, type SearchQuery, type SortOption } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { products, productSearchName } from '../../db/schema.js';
import { selectProducts, toProductDto } from '../products/service.js';

/** More words than this add cost, not precision. */
const MAX_WORDS = 8;

function ordering(sortBy: SortOption | undefined, relevance: SQL): SQL[] {
  switch (sortBy) {
    case 'Price: Low to High':
      return [asc(products.price), desc(relevance), asc(products.id)];
    case 'Price: High to Low':
      return [desc(products.price), desc(relevance), asc(products.id)];
    case 'Avg. Customer review':
      return [desc(products.rating), desc(products.numReviews), desc(relevance), asc(products.id)];
    default:
      return [desc(relevance), desc(products.createdAt), asc(products.id)];
  }
}

export function searchService(app: FastifyInstance) {
  const { db } = app;

  /**
   * Every word as a prefix in either language's name, the brand or a description (weighted tsvector); when no
   * product has all the words, product names similar to the text instead (pg_trgm), which forgives typos like
   * 'iphnoe' without letting loose look-alikes crowd out real matches. Arabic is folded to one spelling on both
   * sides (normalizeArabic here, normalize_arabic in the database).
   */
  async function search(query: SearchQuery): Promise<{ products: Product[] }> {
    const words = normalizeArabic(query.name.toLowerCase()).split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean).slice(0, MAX_WORDS);
    if (!words.length) return { products: [] };
    // Only letters and digits are left, so no word can be tsquery syntax; the text still travels as a bound parameter.
    const prefixes = words.map((word) => `${word}:*`).join(' & ');
    const phrase = words.join(' ');
    // 'simple' matches names and brand as typed; 'english' matches the stemmed description ('phones' → 'phone').
    const tsquery = sql`(to_tsquery('simple', ${prefixes}) || to_tsquery('english', ${prefixes}))`;
    const available = query.includeOutOfStock ? undefined : sql`${products.stock} > 0`;
    const similarity = sql`word_similarity(${phrase}, ${productSearchName})`;
    const find = (match: SQL, relevance: SQL) =>
      selectProducts(db)
        .where(and(available, match))
        .orderBy(...ordering(query.sortBy, relevance))
        .limit(SEARCH_LIMIT);
    // Two queries, each served by its own index, rather than one OR that would run the similarity scan every time.
    let rows = await find(sql`${products.search} @@ ${tsquery}`, sql`ts_rank(${products.search}, ${tsquery}) + ${similarity}`);
    // `<%` uses pg_trgm.word_similarity_threshold, set per connection by db/client.ts.
    if (!rows.length) rows = await find(sql`${phrase} <% ${productSearchName}`, similarity);
    return { products: rows.map(toProductDto) };
  }

  return { search };
}
