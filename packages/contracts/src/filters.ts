import { z } from 'zod';
import { say } from './said.js';
import { FILTER_PARAMS } from './filterQuery.js';

/** Brands one list may be narrowed to at once: more is not a filter a shopper sets by hand. */
export const MAX_BRAND_FILTERS = 20;
/** Brands a facet lists at most (the most common first); brands chosen in the filter are always listed. */
export const BRAND_FACET_LIMIT = 50;
/** The "at least N stars" choices, best first. */
export const RATING_FACET_VALUES = [4, 3, 2, 1] as const;
/** Highest price a filter may name, in EGP: the highest a product may have. */
export const MAX_FILTER_PRICE = 10_000_000;

/** A query-string flag that filters when `true`; `false` or absent leaves the list unfiltered. */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const brandName = z.string().trim().min(1).max(100);
/** `brand=A&brand=B` arrives as an array, a single `brand=A` as a string: both become a list without repeats. */
const brands = z
  .union([brandName.transform((brand) => [brand]), z.array(brandName).max(MAX_BRAND_FILTERS)])
  .transform((list) => [...new Set(list)]);
/**
 * EGP with at most two decimals, like every price on the wire (piastres inside the API), written out in digits:
 * an empty field is no price rather than 0.
 */
const price = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/)
  .transform(Number)
  .pipe(z.number().max(MAX_FILTER_PRICE));

/** The filters a search, category or department list accepts, as query-string fields. */
export const productFilterShape = {
  brand: brands.optional(),
  minPrice: price.optional(),
  maxPrice: price.optional(),
  /** At least this many stars on average. */
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** Only products that can be bought now. */
  inStock: flag.optional(),
  /** Only products that may be paid cash on delivery. */
  cod: flag.optional(),
} satisfies Record<(typeof FILTER_PARAMS)[number], z.ZodType>;
export type ProductFilters = z.output<z.ZodObject<typeof productFilterShape>>;

/** A price range whose ends cross matches nothing: refused, on the field the shopper typed last. */
export function priceRangeInOrder(query: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx): void {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: say.rule.minPriceAboveMax });
}

export const productFiltersSchema = z.object(productFilterShape).superRefine(priceRangeInOrder);

const valueCount = z.object({ value: z.string(), count: z.number() });

/**
 * Counts for the filter panel over the list's own query (its text, category or department) with the other
 * filters applied: each facet leaves out its own filter, so a shopper sees what choosing another brand or
 * rating would give. Prices are EGP; null when nothing matches.
 */
export const facetsSchema = z.object({
  brands: z.array(valueCount),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  ratings: z.array(z.object({ value: z.number(), count: z.number() })),
  options: z.array(z.object({ name: z.string(), values: z.array(valueCount) })),
});
export type Facets = z.output<typeof facetsSchema>;

/**
 * The filters of an address, read leniently: a field that does not pass its rule is left out rather than failing
 * the page (an old or hand-edited link still opens), and crossed price ends drop the highest.
 */
export function filtersFromParams(params: URLSearchParams): ProductFilters {
  const filters: Record<string, unknown> = {};
  for (const name of FILTER_PARAMS) {
    const raw = name === 'brand' ? params.getAll(name) : params.get(name);
    if (raw === null || raw === '' || (Array.isArray(raw) && !raw.length)) continue;
    const parsed = productFilterShape[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== false) filters[name] = parsed.data;
  }
  const result = filters as ProductFilters;
  if (result.minPrice !== undefined && result.maxPrice !== undefined && result.minPrice > result.maxPrice)
    delete result.maxPrice;
  return result;
}
