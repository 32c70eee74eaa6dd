import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMIT, type Product, type SearchQuery, type SortOption } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { products } from '../../db/schema.js';
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
   * Every word as a prefix in name, brand or description (weighted tsvector); when no product has
   * all the words, product names similar to the text instead (pg_trgm), which forgives typos
   * like 'iphnoe' without letting loose look-alikes crowd out real matches.
   */
  async function search(query: SearchQuery): Promise<{ products: Product[] }> {
    const words = query.name.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean).slice(0, MAX_WORDS);
    if (!words.length) return { products: [] };
    // Only letters and digits are left, so no word can be tsquery syntax; the text still travels as a bound parameter.
    const prefixes = words.map((word) => `${word}:*`).join(' & ');
    const phrase = words.join(' ');
    // 'simple' matches name and brand as typed; 'english' matches the stemmed description ('phones' → 'phone').
    const tsquery = sql`(to_tsquery('simple', ${prefixes}) || to_tsquery('english', ${prefixes}))`;
    const available = query.includeOutOfStock ? undefined : sql`${products.stock} > 0`;
    const hasWords = sql`${products.search} @@ ${tsquery}`;
    // `<%` uses pg_trgm.word_similarity_threshold, set per connection by db/client.ts, and the index on lower(name).
    const similarName = sql`${phrase} <% lower(${products.name})`;
    // Uncorrelated (one evaluation): inside it "products" names the subquery's own table.
    const noWordMatch = sql`not exists (select 1 from ${products} where ${and(hasWords, available)})`;
    const relevance = sql`ts_rank(${products.search}, ${tsquery}) + word_similarity(${phrase}, lower(${products.name}))`;
    const rows = await selectProducts(db)
      .where(and(available, or(hasWords, and(similarName, noWordMatch))))
      .orderBy(...ordering(query.sortBy, relevance))
      .limit(SEARCH_LIMIT);
    return { products: rows.map(toProductDto) };
  }

  return { search };
}
