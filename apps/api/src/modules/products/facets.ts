import { and, sql, type SQL } from 'drizzle-orm';
import { BRAND_FACET_LIMIT, RATING_FACET_VALUES, type Facets, type ProductFilters } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { toEgp } from '../../lib/money.js';
import { filterConditions } from './filters.js';

type BrandGroup = {
  brand: string;
  /** Products of this brand passing every other filter: the brand facet's count, and its share of the list. */
  count: number;
  /** Lowest and highest price of the brand passing every filter but the price range. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Per RATING_FACET_VALUES, products of the brand with at least that rating passing every filter but rating. */
  atLeast: number[];
};

const yes = sql`true`;

/**
 * The filter panel's counts for the products of `scope` (a list's own query: its text, category or department),
 * each facet with every filter applied but its own. One pass groups the scope by brand and counts, per brand,
 * with the filters each facet needs (FILTER clauses); summing the groups of the chosen brands then gives the
 * price and rating facets with the brand filter applied, and the groups themselves the brand facet without it.
 * In-stock and cash-on-delivery have no facet of their own, so they narrow the scope for all. `cap` bounds the
 * products counted, as search bounds the products it ranks.
 */
export async function facetsOf(
  db: DbOrTx,
  scope: SQL | undefined,
  filters: ProductFilters,
  cap?: number,
): Promise<Facets> {
  const { price = yes, rating = yes, inStock, cod } = filterConditions(filters);
  const atLeast = RATING_FACET_VALUES.map(
    (stars) => sql`count(*) filter (where ${price} and ${products.rating} >= ${sql.raw(String(stars))})::int`,
  );
  // Named "products" with the table's column names, so the filters' conditions read it as they read the table.
  const scoped = sql`(select ${products.brand}, ${products.price}, ${products.rating}, ${products.stock},
    ${products.cod} from ${products} where ${scope ?? yes} ${cap === undefined ? sql`` : sql`limit ${cap}`}) as products`;
  const { rows: groups } = await db.execute<BrandGroup>(sql`
    select ${products.brand} as brand,
      count(*) filter (where ${price} and ${rating})::int as count,
      min(${products.price}) filter (where ${rating}) as "minPrice",
      max(${products.price}) filter (where ${rating}) as "maxPrice",
      array[${sql.join(atLeast, sql`, `)}] as "atLeast"
    from ${scoped} where ${and(inStock, cod) ?? yes} group by ${products.brand}`);

  const chosen = new Set(filters.brand ?? []);
  const inList = chosen.size ? groups.filter((group) => chosen.has(group.brand)) : groups;
  const prices = (pick: (group: BrandGroup) => number | null) =>
    inList.map(pick).filter((value): value is number => value !== null);
  const lowest = prices((group) => group.minPrice);
  const highest = prices((group) => group.maxPrice);
  return {
    brands: brandFacet(groups, chosen),
    price: {
      min: lowest.length ? toEgp(Math.min(...lowest)) : null,
      max: highest.length ? toEgp(Math.max(...highest)) : null,
    },
    ratings: RATING_FACET_VALUES.map((value, index) => ({
      value,
      count: inList.reduce((sum, group) => sum + Number(group.atLeast[index] ?? 0), 0),
    })),
    options: [],
  };
}

/** The counts of a list that matches nothing (the brands chosen stay listed, at 0). */
export const noFacets = (filters: ProductFilters): Facets => ({
  brands: brandFacet([], new Set(filters.brand ?? [])),
  price: { min: null, max: null },
  ratings: RATING_FACET_VALUES.map((value) => ({ value, count: 0 })),
  options: [],
});

/** Most products first; a chosen brand stays listed (with 0 if nothing else matches) so it can be unchosen. */
function brandFacet(groups: BrandGroup[], chosen: Set<string>): Facets['brands'] {
  const counts = new Map(groups.filter((group) => group.count > 0).map((group) => [group.brand, group.count]));
  for (const brand of chosen) if (!counts.has(brand)) counts.set(brand, 0);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .filter((facet, index) => index < BRAND_FACET_LIMIT || chosen.has(facet.value));
}
