import { and, sql, type SQL } from 'drizzle-orm';
import { BRAND_FACET_LIMIT, RATING_FACET_VALUES, type Facets, type ProductFilters } from '@shop/contracts';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import { products } from '../../db/schema.js';
import { toEgp } from '../../lib/money.js';
import { rankedValues } from './facetValues.js';
import { filterConditions, hasOptions } from './filters.js';
import { optionFacet, optionValuesOf, type OptionValueRow } from './optionFacets.js';

export type BrandGroup = {
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

/** The columns the facets read: the conditions of filters.ts read them as a table named "products". */
const facetColumns = sql`${products.id}, ${products.brand}, ${products.price}, ${products.rating},
  ${products.inStock}, ${products.cod}, ${products.optionValues}, ${products.optionValuesInStock}`;

/**
 * The query of the brand, price and rating facets over `source` (a from-item named "products" with facetColumns),
 * each facet with every filter applied but its own. One pass groups the source by brand and counts, per brand,
 * with the filters each facet needs (FILTER clauses); summing the groups of the chosen brands then gives the
 * price and rating facets with the brand filter applied (facetsFrom), and the groups themselves the brand facet
 * without it. In-stock, cash-on-delivery and the options chosen have no facet here, so they narrow the source for
 * all three (the options' own facets are optionValuesOf).
 */
export function brandGroupsOf(source: SQL, filters: ProductFilters): SQL {
  const { price = yes, rating = yes, inStock, cod, options } = filterConditions(filters);
  const atLeast = RATING_FACET_VALUES.map(
    (stars) => sql`count(*) filter (where ${price} and ${products.rating} >= ${sql.raw(String(stars))})::int`,
  );
  return sql`
    select ${products.brand} as brand,
      count(*) filter (where ${price} and ${rating})::int as count,
      min(${products.price}) filter (where ${rating}) as "minPrice",
      max(${products.price}) filter (where ${rating}) as "maxPrice",
      array[${sql.join(atLeast, sql`, `)}] as "atLeast"
    from ${source} where ${and(inStock, cod, options) ?? yes} group by ${products.brand}`;
}

/**
 * The filter panel's counts for the products of `scope` (a category's or department's list): the brand groups and
 * the option values, two queries run side by side.
 */
export async function facetsOf(db: Db, scope: SQL | undefined, filters: ProductFilters): Promise<Facets> {
  const scoped = (condition: SQL | undefined) =>
    sql`(select ${facetColumns} from ${products} where ${condition ?? yes}) as ${products}`;
  const [groups, optionValues] = await Promise.all([
    executeNamed<BrandGroup>(db, brandGroupsOf(scoped(scope), filters)),
    executeNamed<OptionValueRow>(db, optionValuesOf(scoped(and(scope, hasOptions)), filters)),
  ]);
  return facetsFrom(groups, optionValues, filters);
}

/** The facets from the counts of brandGroupsOf and optionValuesOf. */
export function facetsFrom(groups: BrandGroup[], optionValues: OptionValueRow[], filters: ProductFilters): Facets {
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
    options: optionFacet(optionValues, filters.options),
  };
}

/** The counts of a list that matches nothing (the brands and option values chosen stay listed, at 0). */
export const noFacets = (filters: ProductFilters): Facets => ({
  brands: brandFacet([], new Set(filters.brand ?? [])),
  price: { min: null, max: null },
  ratings: RATING_FACET_VALUES.map((value) => ({ value, count: 0 })),
  options: optionFacet([], filters.options),
});

const brandFacet = (groups: BrandGroup[], chosen: Set<string>): Facets['brands'] =>
  rankedValues(
    groups.filter((group) => group.count > 0).map((group) => ({ value: group.brand, count: group.count })),
    chosen,
    BRAND_FACET_LIMIT,
    (value) => ({ value, count: 0 }),
  );
