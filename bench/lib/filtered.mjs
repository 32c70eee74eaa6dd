import { BRANDS, NOUNS } from './catalogue.mjs';
import { FIXED_RATE, fixedRate } from './search-mix.mjs';

/**
 * Filtered lists as the filter panel asks for them, each address once (so none is answered from the cache): a
 * category narrowed by a brand and a lowest price, and a search word narrowed by a brand and a price range. They
 * are sent at the search mix's fixed rate, alternating, and read by kind: p50/p95/p99 of each, with their facets
 * computed. The seeded prices run from EGP 10 to 50,010; each query's lowest price differs, so none repeats.
 * @param {{ port: number, seconds: number, categoryIds: string[] }} options
 */
export async function measureFiltered({ port, seconds, categoryIds }) {
  const enc = encodeURIComponent;
  const words = NOUNS.map((noun) => noun.split(' ')[0]?.toLowerCase() ?? noun);
  /** @type {{ url: string, kind: string }[]} */
  const queries = [];
  for (let i = 0; queries.length < FIXED_RATE * seconds; i++) {
    const brand = enc(BRANDS[i % BRANDS.length] ?? '');
    const minPrice = 10 + ((i * 37) % 10_000);
    const category = categoryIds[i % categoryIds.length];
    queries.push(
      i % 2 === 0
        ? { url: `/api/product?category=${category}&brand=${brand}&minPrice=${minPrice}`, kind: 'category' }
        : {
            url: `/api/product/search?name=${enc(words[i % words.length] ?? '')}&brand=${brand}&minPrice=${minPrice}&maxPrice=${minPrice + 20_000}`,
            kind: 'search',
          },
    );
  }
  const kinds = ['category', 'search'];
  const byKind = await Promise.all(
    kinds.map((kind) =>
      fixedRate(
        port,
        queries.filter((query) => query.kind === kind),
        FIXED_RATE / kinds.length,
      ),
    ),
  );
  return { rate: FIXED_RATE, ...Object.fromEntries(kinds.map((kind, i) => [kind, byKind[i]])) };
}
