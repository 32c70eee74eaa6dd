import { and, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { ProductFilters } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { toPiastres } from '../../lib/money.js';

/**
 * Each filter of a product list as a condition on the products table, undefined when it is not set. The
 * facets need them one by one (each facet leaves its own out); a list applies them all (`allFilters`).
 */
export function filterConditions(filters: ProductFilters) {
  const { brand, minPrice, maxPrice, rating, inStock, cod } = filters;
  return {
    brand: brand?.length ? inArray(products.brand, brand) : undefined,
    price: and(
      minPrice === undefined ? undefined : gte(products.price, toPiastres(minPrice)),
      maxPrice === undefined ? undefined : lte(products.price, toPiastres(maxPrice)),
    ),
    rating: rating === undefined ? undefined : gte(products.rating, rating),
    inStock: inStock ? gt(products.stock, 0) : undefined,
    cod: cod ? eq(products.cod, true) : undefined,
  } satisfies Record<string, SQL | undefined>;
}

export const allFilters = (filters: ProductFilters): SQL | undefined =>
  and(...Object.values(filterConditions(filters)));
