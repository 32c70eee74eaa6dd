import { z } from 'zod';
import { say } from './said.js';
import { booleanQuery } from './fields.js';
import {
  FILTER_PARAMS,
  MAX_BRAND_FILTERS,
  MAX_FILTER_WORD,
  MAX_OPTION_FILTER_VALUES,
  MAX_OPTION_FILTERS,
  MAX_RATING_FILTER,
  MIN_RATING_FILTER,
  optionOfParam,
  PRICE_FILTER_PATTERN,
} from './filterQuery.js';
import { MAX_PRICE } from './money.js';

/*
 * The filters' rules as the API's contract. Their limits live in filterQuery.ts, which also reads an address's
 * filters without zod for the web app's list pages (`filtersFromParams`).
 */

/** Brands a facet lists at most (the most common first); brands chosen in the filter are always listed. */
export const BRAND_FACET_LIMIT = 50;
/** Options a facet lists at most (those most products have first), and values per option (likewise). */
export const OPTION_FACET_LIMIT = 10;
export const OPTION_VALUE_FACET_LIMIT = 50;

/** A brand, an option's name or one of its values, as a filter names it. */
const filterWord = z.string().trim().min(1).max(MAX_FILTER_WORD);
/** `brand=A&brand=B` arrives as an array, a single `brand=A` as a string: both become a list without repeats. */
const repeatable = (max: number) =>
  z
    .union([filterWord.transform((word) => [word]), z.array(filterWord).max(max)])
    .transform((list) => [...new Set(list)]);
/**
 * Option name → the values a product's variant may have, any of them: `{ Size: ['M', 'L'], Colour: ['Red'] }`.
 * Names are English, as variants store them, and taken as sent (a space is part of a name).
 */
const optionFilters = z
  .record(z.string().min(1).max(100), repeatable(MAX_OPTION_FILTER_VALUES))
  .refine((options) => Object.keys(options).length <= MAX_OPTION_FILTERS)
  .describe('Sent as opt.<option> fields, one per value: opt.Size=M&opt.Size=L&opt.Colour=Red');
/**
 * EGP with at most two decimals, like every price on the wire (piastres inside the API), written out in digits:
 * an empty field is no price rather than 0.
 */
const price = z.string().trim().regex(PRICE_FILTER_PATTERN).transform(Number).pipe(z.number().max(MAX_PRICE));

/** The filters a search, category or department list accepts, as query-string fields. */
export const productFilterShape = {
  brand: repeatable(MAX_BRAND_FILTERS).optional(),
  minPrice: price.optional(),
  maxPrice: price.optional(),
  /** At least this many stars on average. */
  rating: z.coerce.number().int().min(MIN_RATING_FILTER).max(MAX_RATING_FILTER).optional(),
  /** Only products that can be bought now (when `true`; `false` or absent leaves the list unfiltered). */
  inStock: booleanQuery.optional(),
  /** Only products that may be paid cash on delivery (likewise). */
  cod: booleanQuery.optional(),
  /** A variant of the product has one of these values of each option (the same variant for every option). */
  options: optionFilters.optional(),
} satisfies Record<(typeof FILTER_PARAMS)[number] | 'options', z.ZodType>;
export type ProductFilters = z.output<z.ZodObject<typeof productFilterShape>>;

/** A list's price range, either end open. */
export type PriceRange = Pick<ProductFilters, 'minPrice' | 'maxPrice'>;
const pricesCross = ({ minPrice, maxPrice }: PriceRange) =>
  minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;

/** A price range whose ends cross matches nothing: refused, on the field the shopper typed last. */
export function priceRangeInOrder(query: PriceRange, ctx: z.RefinementCtx): void {
  if (pricesCross(query)) ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: say.rule.minPriceAboveMax });
}

export const productFiltersSchema = z.object(productFilterShape).superRefine(priceRangeInOrder);

/**
 * A parsed query string's `opt.<option>` fields gathered into `options`, for the filters' rules. A field named
 * `options` itself is no filter: it goes, like any field a list does not know.
 */
function gatherOptionFields(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const fields: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(query)) {
    const option = optionOfParam(field);
    if (option !== undefined) options[option] = value;
    else if (field !== 'options') fields[field] = value;
  }
  return Object.keys(options).length ? { ...fields, options } : fields;
}

/** A list's query-string schema (its own fields and `productFilterShape`) that also reads the option filters. */
export const withOptionFilters = <T extends z.ZodType>(schema: T) => z.preprocess(gatherOptionFields, schema);

const valueCount = z.object({ value: z.string(), count: z.number() });
/** An option's facet, with its words in Arabic where the products' options give them (null: show `name`, `value`). */
const optionFacet = z.object({
  name: z.string(),
  nameAr: z.string().nullable(),
  values: z.array(valueCount.extend({ valueAr: z.string().nullable() })),
});

/**
 * Counts for the filter panel over the list's own query (its text, category or department) with the other
 * filters applied: each facet leaves out its own filter, so a shopper sees what choosing another brand or
 * rating would give. Prices are EGP; null when nothing matches.
 */
export const facetsSchema = z.object({
  brands: z.array(valueCount),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  ratings: z.array(z.object({ value: z.number(), count: z.number() })),
  options: z.array(optionFacet),
});
export type Facets = z.output<typeof facetsSchema>;
export type OptionFacet = z.output<typeof optionFacet>;
