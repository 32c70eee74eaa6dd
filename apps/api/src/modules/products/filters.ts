import { and, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type ProductFilters } from '@shop/contracts';
import { products, productVariants } from '../../db/schema.js';
import { toPiastres } from '../../lib/money.js';

/** An option value as a product's `option_values` hold it: `["Size", "M"]`, made as the trigger makes them. */
export const optionValue = (option: SQL | string, value: SQL | string): SQL =>
  sql`jsonb_build_array(${option}::text, ${value}::text)`;

/** Products that can be bought: the column the list indexes hold (not `stock`, which every order changes). */
export const isInStock = eq(products.inStock, true);

/**
 * Products low in stock, as the overview, the products screen's list, the low-stock alerts and the daily summary
 * count them: those with LOW_STOCK_THRESHOLD or fewer, and those sold in sizes with a size that low however many the
 * others hold (a size sold out is a shelf to fill). No index holds the stock (every order changes it): a scan, for
 * staff.
 */
export const isLowOnStock = or(
  lte(products.stock, LOW_STOCK_THRESHOLD),
  sql`${products.id} in (select ${productVariants.productId} from ${productVariants} where ${productVariants.stock} <= ${LOW_STOCK_THRESHOLD})`,
);
/** What a product low in stock has left where it has least: its own stock, or its emptiest size's. */
export const leastStock = sql<number>`least(${products.stock}, (select min(${productVariants.stock}) from ${productVariants} where ${productVariants.productId} = ${products.id}))`;

/** Products sold in variants: as the partial indexes on category and department say it, so that they serve. */
export const hasOptions = sql`${products.optionValues} <> '{}'::jsonb[]`;

/** The option values of a product's variants, or of those in stock when only products in stock are listed. */
export const productOptionValues = (inStock: boolean | undefined) =>
  inStock ? products.optionValuesInStock : products.optionValues;

/** Each chosen option, with its test of a product's option values: one of them is a chosen value. */
export const optionTests = ({ options, inStock }: ProductFilters): [string, SQL][] =>
  Object.entries(options ?? {}).map(([option, values]) => [
    option,
    sql`${productOptionValues(inStock)} && array[${sql.join(
      values.map((value) => optionValue(option, value)),
      sql`, `,
    )}]`,
  ]);

/**
 * Products with a variant that has a chosen value of every option chosen, in stock when `inStock` is set. Their
 * row's option values answer for each option (products without options have none); for several options, one
 * variant must have them all (a red M, not a red L and a blue M), which only the variants can tell.
 */
function optionsCondition({ options, inStock }: ProductFilters): SQL | undefined {
  const tests = optionTests({ options, inStock }).map(([, test]) => test);
  if (!tests.length) return undefined;
  const variant = and(
    eq(productVariants.productId, products.id),
    inStock ? gt(productVariants.stock, 0) : undefined,
    // Containment rather than `options ->> name`, which the planner cannot estimate: guessing a few variants, it
    // read them all to find their products, where probing the variants of the list's products reads a tenth.
    ...Object.entries(options ?? {}).map(([option, values]) =>
      or(
        ...values.map(
          (value) => sql`${productVariants.options} @> jsonb_build_object(${option}::text, ${value}::text)`,
        ),
      ),
    ),
  );
  const sameVariant = tests.length > 1 ? sql`exists (select 1 from ${productVariants} where ${variant})` : undefined;
  return and(hasOptions, ...tests, sameVariant);
}

/**
 * Each filter of a product list as a condition on the products table, undefined when it is not set. The
 * facets need them one by one (each facet leaves its own out); a list applies them all (`allFilters`).
 */
export function filterConditions(filters: ProductFilters) {
  const { brand, minPrice, maxPrice, rating, cod } = filters;
  return {
    brand: brand?.length ? inArray(products.brand, brand) : undefined,
    price: and(
      minPrice === undefined ? undefined : gte(products.price, toPiastres(minPrice)),
      maxPrice === undefined ? undefined : lte(products.price, toPiastres(maxPrice)),
    ),
    rating: rating === undefined ? undefined : gte(products.rating, rating),
    inStock: filters.inStock ? isInStock : undefined,
    cod: cod ? eq(products.cod, true) : undefined,
    options: optionsCondition(filters),
  } satisfies Record<string, SQL | undefined>;
}

export const allFilters = (filters: ProductFilters): SQL | undefined =>
  and(...Object.values(filterConditions(filters)));
