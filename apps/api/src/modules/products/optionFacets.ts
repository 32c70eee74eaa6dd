import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { OPTION_FACET_LIMIT, OPTION_VALUE_FACET_LIMIT, type OptionFacet, type ProductFilters } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { rankedValues } from './facetValues.js';
import { filterConditions, optionTests, optionValue, productOptionValues } from './filters.js';

/** One value of one option as counted, with its words in Arabic and the option's place in products' lists. */
export type OptionValueRow = {
  name: string;
  value: string;
  /** Products with a variant of this value passing every filter but this option's own (0: a value chosen). */
  count: number;
  nameAr: string | null;
  valueAr: string | null;
  /** The option's place in a product's list of options (1 first), the least of any product's. */
  position: number | null;
};

/** A row of a product's option values: an option's name and value. */
const token = sql.identifier('token');
const tokenName = sql`${token} ->> 0`;
const tokenValue = sql`${token} ->> 1`;

/**
 * The query of the option facets over `source` (a from-item named "products" with facetColumns, of the products
 * sold in variants only): per option, per value, the products with a variant of that value (in stock, when the
 * list asks for products in stock) passing every filter but the option's own. Read from the products' rows, which
 * keep their variants' values (db/sql/variant-totals.sql), not from the variants: so another option chosen
 * counts as the products having one of its values, and a product with a red S and a blue M counts for S while Blue
 * is chosen, though the list it would give has no blue S (telling needs every variant of the list's products: ten
 * times as long). The Arabic words are the products' options', any product's that gives them.
 */
export function optionValuesOf(source: SQL, filters: ProductFilters): SQL {
  const { brand, price, rating, inStock, cod } = filterConditions(filters);
  const otherOptions = optionTests(filters).map(([name, test]) => or(eq(tokenName, name), test));
  const passes = and(brand, price, rating, inStock, cod, ...otherOptions) ?? sql`true`;
  // Every value of the source is counted, so that a value chosen stays listed (at 0) with its words.
  const chosen = Object.entries(filters.options ?? {}).flatMap(([name, picked]) =>
    picked.map((value) => optionValue(name, value)),
  );
  const listed = chosen.length ? sql`or ${token} = any(array[${sql.join(chosen, sql`, `)}])` : sql``;
  // A value's words come from one product that has it (`sample`), read again by its id.
  return sql`
    with counted as (
      select ${token}, count(*) filter (where ${passes})::int as count, max(${products.id}::text)::uuid as sample
      from ${source} cross join unnest(${productOptionValues(filters.inStock)}) as ${token}
      group by ${token}
      having count(*) filter (where ${passes}) > 0 ${listed}
    )
    select ${tokenName} as name, ${tokenValue} as value, counted.count, label."nameAr", label."valueAr", label.position
    from counted join ${products} as sample on sample.id = counted.sample
    left join lateral (
      select definition ->> 'nameAr' as "nameAr", choice ->> 'valueAr' as "valueAr", place::int as position
      from jsonb_array_elements(sample.options) with ordinality as defined(definition, place),
        jsonb_array_elements(definition -> 'values') as choice
      where definition ->> 'name' = ${tokenName} and choice ->> 'value' = ${tokenValue}
      limit 1
    ) as label on true`;
}

/** The options listed first, after them any option none of the products in scope lists (a chosen one, counted 0). */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * Per option, its values by rankedValues; the options in the order products list them, then by name, at most
 * OPTION_FACET_LIMIT of them (an option chosen is always listed). That order holds still as choices change counts.
 */
export function optionFacet(rows: OptionValueRow[], chosen: ProductFilters['options'] = {}): OptionFacet[] {
  const picked = new Map(Object.entries(chosen));
  const byOption = new Map<string, OptionValueRow[]>([...picked.keys()].map((option) => [option, []]));
  for (const row of rows) {
    const values = byOption.get(row.name);
    if (values) values.push(row);
    else byOption.set(row.name, [row]);
  }
  const place = (values: OptionValueRow[]) => Math.min(LAST, ...values.map((row) => row.position ?? LAST));
  return [...byOption]
    .sort(([a, aValues], [b, bValues]) => place(aValues) - place(bValues) || (a < b ? -1 : a > b ? 1 : 0))
    .filter(([option], index) => index < OPTION_FACET_LIMIT || picked.has(option))
    .map(([name, values]) => ({
      name,
      nameAr: values.find((row) => row.nameAr)?.nameAr ?? null,
      values: rankedValues(
        values.map(({ value, count, valueAr }) => ({ value, count, valueAr })),
        picked.get(name) ?? [],
        OPTION_VALUE_FACET_LIMIT,
        (value) => ({ value, count: 0, valueAr: null }),
      ),
    }));
}
