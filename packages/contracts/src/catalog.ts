import { z } from 'zod';
import { say } from './said.js';
import {
  booleanQuery,
  count,
  idSchema,
  money,
  optionalCount,
  optionalMoney,
  optionalText,
  saleNotAbovePrice,
  requiredBoolean,
  requiredNumber,
  requiredText,
  pageQuery,
} from './fields.js';
import { MAX_PAGE_SIZE, SORT_OPTIONS } from './constants.js';
import { SEARCH_FORM } from './paths.js';
import {
  lowSizeSchema,
  productOptionSchema,
  variantSchema,
  type LowSize,
  type ProductOption,
  type Variant,
} from './variants.js';
import { facetsSchema, priceRangeInOrder, productFilterShape, withOptionFilters, type Facets } from './filters.js';

/** A reference to another record chosen in a form: required, and a well-formed id. */
const refId = () => z.string({ error: say.msg.requiredField }).min(1, say.msg.requiredField).pipe(idSchema);

/** The Arabic name every department, category and product may carry besides its (English) name. */
const nameAr = optionalText(200);

export const departmentCreateSchema = z.object({ name: requiredText(), nameAr });
export const departmentUpdateSchema = departmentCreateSchema.extend({ id: refId() });
export type DepartmentInput = z.output<typeof departmentCreateSchema>;

export const categoryCreateSchema = z.object({ department: refId(), name: requiredText(), nameAr });
export const categoryUpdateSchema = categoryCreateSchema.extend({ id: refId() });
export type CategoryInput = z.output<typeof categoryCreateSchema>;

export const weightField = (field: string) =>
  requiredNumber(field).pipe(
    z.number().min(0, say.rule.cannotBeNegative(field)).max(100_000, say.rule.tooLarge(field)),
  );
export const productNameField = requiredText(say.msg.requiredField, 200);

/** Product fields both the API and the admin form share; they name `name` and `weight` differently. */
export const productCommonShape = {
  department: refId(),
  category: refId(),
  description: requiredText(say.msg.requiredField, 5000),
  price: money('price'),
  /** The price before a sale, shown struck through beside `price`; empty when the product is not on sale. */
  compareAtPrice: optionalMoney('compareAtPrice'),
  stock: count('stock'),
  cod: requiredBoolean(),
  brand: requiredText(say.msg.requiredField, 100),
  nameAr,
  descriptionAr: optionalText(5000),
  /** What the maker or the shop guarantees ("2 years, official agent warranty"), per language; empty: none. */
  warranty: optionalText(300),
  warrantyAr: optionalText(300),
};

/** A sale's old price stands above the price (`saleNotAbovePrice`). */
export function saleAbovePrice(product: { price: number; compareAtPrice: number | null }, ctx: z.RefinementCtx): void {
  if (saleNotAbovePrice(product))
    ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: say.rule.compareAtAbovePrice });
}

/**
 * A sale's last day by Cairo's calendar ('YYYY-MM-DD'), after which its prices go back to the prices before it;
 * empty: no end. Not before today (`saleEndPassed`), which the API and the form each read from their own clock.
 */
export const saleEndsOnField = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.iso.date({ error: say.rule.invalidDate }).nullable(),
);

/** Whether a sale's last day `day` is already past on Cairo's day `today`: it would end the sale at once. */
export const saleEndPassed = (day: string | null | undefined, today: string): boolean => !!day && day < today;

/** Product fields as the API receives them (multipart text fields, files in `img`). */
const productFields = z.object({
  ...productCommonShape,
  name: productNameField,
  weight: weightField('weight'),
  saleEndsOn: saleEndsOnField,
});
export const productCreateSchema = productFields.superRefine(saleAbovePrice);
export type ProductCreateInput = z.output<typeof productCreateSchema>;
/**
 * The stock the editor loaded, sent beside the stock it saves: the save then adds the difference to the stock as it
 * is by then, keeping the units sold meanwhile (docs/decisions/stock-edits.md). Left out, the stock is set as sent.
 */
export const stockWasField = optionalCount('stockWas');
export const productUpdateSchema = productFields
  .extend({ id: refId(), stockWas: stockWasField })
  .superRefine(saleAbovePrice);
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

/** A page of a product list, and the part of a name it is narrowed to. */
const listPage = {
  page: pageQuery,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  q: z.string().trim().max(100).optional(),
};

export const productListQuerySchema = withOptionFilters(
  z
    .object({
      ...listPage,
      includeOutOfStock: booleanQuery.optional(),
      category: idSchema.optional(),
      department: idSchema.optional(),
      /** As the search sorts; newest first without one. */
      sortBy: z.enum(SORT_OPTIONS).optional(),
      ...productFilterShape,
    })
    .superRefine(priceRangeInOrder),
);
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * The dashboard's products screen: every product, sold out too, a page at a time, by name, or only those with
 * LOW_STOCK_THRESHOLD or fewer in stock (fewest first). Never cached: a merchant sees the stock they just saved.
 */
export const dashboardProductsQuerySchema = z.object({ ...listPage, lowStock: booleanQuery.optional() });
export type DashboardProductsQuery = z.output<typeof dashboardProductsQuerySchema>;

export const searchQuerySchema = withOptionFilters(
  z
    .object({
      name: z.string().trim().max(100).default(''),
      sortBy: z.enum(SORT_OPTIONS).optional(),
      includeOutOfStock: booleanQuery.optional(),
      ...productFilterShape,
    })
    .superRefine(priceRangeInOrder),
);
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The search form sent without JavaScript (SEARCH_FORM): its text, as long as its field allows; blank goes home. */
export const searchFormQuerySchema = z.object({ [SEARCH_FORM.field]: z.string().trim().max(100).default('') });

export const reviewCreateSchema = z.object({
  product: idSchema,
  rating: z.coerce
    .number({ error: say.msg.requiredField })
    .int(say.rule.ratingRange)
    .min(1, say.rule.ratingRange)
    .max(5, say.rule.ratingRange),
  title: requiredText(say.msg.requiredField, 120),
  comment: requiredText(say.msg.requiredField, 2000),
});
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;

export interface Ref {
  _id: string;
  name: string;
}
/** Catalogue content: `name` in English, `nameAr` in Arabic when the admin gave one. */
export interface LocalizedRef extends Ref {
  nameAr: string | null;
}
export type Department = LocalizedRef;
export interface Category extends LocalizedRef {
  image_path: string | null;
  department: LocalizedRef;
}
export interface Product extends LocalizedRef {
  price: number;
  /** The price before a sale, above `price`; null when the product is not on sale. */
  compareAtPrice: number | null;
  stock: number;
  rating: number;
  numReviews: number;
  image_path: string[];
  category: LocalizedRef;
  department: LocalizedRef;
  brand: string;
  description: string;
  descriptionAr: string | null;
  weight: number;
  cod: boolean;
  /** The warranty the product comes with, in English and in Arabic; null when it has none in that language. */
  warranty: string | null;
  warrantyAr: string | null;
  /**
   * What a shopper chooses between, present only on a product with options (a product sold as one thing answers
   * as it always did). With options, `price` is the lowest variant's ("from EGP …") and `stock` all variants'
   * units together.
   */
  options?: ProductOption[];
  /**
   * On the dashboard's list of products low in stock alone, for a product with options: its sizes low in stock,
   * fewest left first (its total may stand well above the threshold while one size is sold out).
   */
  lowSizes?: LowSize[];
}
/** A product as its own page reads it: with its variants, present with its options. */
export interface ProductDetail extends Product {
  variants?: Variant[];
  /** The last day of its sale by Cairo's calendar ('YYYY-MM-DD'), its old prices back the day after; null: no end. */
  saleEndsOn: string | null;
}
export interface ProductList {
  products: Product[];
  pages: number;
  /** Present when the list is a category's or a department's: the filter panel's counts. */
  facets?: Facets;
}
/**
 * What a search that found nothing offers instead: the text spelled as the catalogue's words nearest to it (null when
 * none is near, or it is the text itself), the categories whose names are nearest to it, and the best sellers.
 */
export interface NoResults {
  spelling: string | null;
  categories: LocalizedRef[];
  bestSellers: Product[];
}
export interface SearchResult {
  products: Product[];
  facets: Facets;
  /** Only when a text found no product. */
  noResults?: NoResults;
}
export interface Review {
  _id: string;
  user: Ref;
  rating: number;
  title: string;
  comment: string;
  date: string;
  verified: boolean;
  /** The shop's public answer to it, shown under it; null until staff answer. */
  reply: ReviewReply | null;
}
export interface ReviewReply {
  text: string;
  date: string;
}

/** Wire shapes as zod schemas, for response validation and the OpenAPI document; they match the interfaces above. */
export const refSchema = z.object({ _id: z.string(), name: z.string() }) satisfies z.ZodType<Ref>;
export const localizedRefSchema = refSchema.extend({ nameAr: z.string().nullable() }) satisfies z.ZodType<LocalizedRef>;
export const departmentSchema = localizedRefSchema satisfies z.ZodType<Department>;
export const categorySchema = localizedRefSchema.extend({
  image_path: z.string().nullable(),
  department: localizedRefSchema,
}) satisfies z.ZodType<Category>;
export const productSchema = localizedRefSchema.extend({
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  stock: z.number(),
  rating: z.number(),
  numReviews: z.number(),
  image_path: z.array(z.string()),
  category: localizedRefSchema,
  department: localizedRefSchema,
  brand: z.string(),
  description: z.string(),
  descriptionAr: z.string().nullable(),
  weight: z.number(),
  cod: z.boolean(),
  warranty: z.string().nullable(),
  warrantyAr: z.string().nullable(),
  options: z.array(productOptionSchema).optional(),
  lowSizes: z.array(lowSizeSchema).optional(),
}) satisfies z.ZodType<Product>;
export const productDetailSchema = productSchema.extend({
  variants: z.array(variantSchema).optional(),
  saleEndsOn: z.string().nullable(),
}) satisfies z.ZodType<ProductDetail>;
export const productListSchema = z.object({
  products: z.array(productSchema),
  pages: z.number(),
  facets: facetsSchema.optional(),
}) satisfies z.ZodType<ProductList>;
export const noResultsSchema = z.object({
  spelling: z.string().nullable(),
  categories: z.array(localizedRefSchema),
  bestSellers: z.array(productSchema),
}) satisfies z.ZodType<NoResults>;

export const searchResultSchema = z.object({
  products: z.array(productSchema),
  facets: facetsSchema,
  noResults: noResultsSchema.optional(),
}) satisfies z.ZodType<SearchResult>;
export const reviewSchema = z.object({
  _id: z.string(),
  user: refSchema,
  rating: z.number(),
  title: z.string(),
  comment: z.string(),
  date: z.string(),
  verified: z.boolean(),
  reply: z.object({ text: z.string(), date: z.string() }).nullable(),
}) satisfies z.ZodType<Review>;
