import { z } from 'zod';
import { say } from './said.js';
import {
  count,
  idSchema,
  money,
  optionalCount,
  optionalMoney,
  optionalText,
  requiredText,
  saleNotAbovePrice,
} from './fields.js';
import { MAX_PRODUCT_IMAGES } from './constants.js';
import { toPiastres } from './money.js';
import { MAX_PRODUCT_OPTIONS, sameOptions, type VariantOptions } from './variantLabels.js';

/**
 * Variants: a product sold in sizes, colours or capacities defines up to three options, each with its values in
 * both languages, and one variant per combination it sells, with its own SKU, price, stock and pictures. A
 * product without options is sold as one thing, as before.
 */
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 200;

// Wire shapes, as the API answers them.
export const optionValueSchema = z.object({ value: z.string(), valueAr: z.string().nullable() });
export const productOptionSchema = z.object({
  name: z.string(),
  nameAr: z.string().nullable(),
  values: z.array(optionValueSchema),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export const variantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  /** Its price before a sale, above `price`; null when it is not on sale. */
  compareAtPrice: z.number().nullable(),
  stock: z.number().int(),
  /** Its own pictures; empty: the product's. */
  image_path: z.array(z.string()),
});
export type Variant = z.infer<typeof variantSchema>;

/** One chosen option, with both languages' words: what cart lines, orders and the 409 show. */
export const chosenOptionSchema = z.object({
  name: z.string(),
  nameAr: z.string().nullable(),
  value: z.string(),
  valueAr: z.string().nullable(),
});
export type ChosenOption = z.infer<typeof chosenOptionSchema>;

/**
 * A size (a variant) with LOW_STOCK_THRESHOLD or fewer left, as the staff's lists of products low in stock name it: its
 * option values in both languages, and its stock.
 */
export const lowSizeSchema = z.object({ options: z.array(chosenOptionSchema), stock: z.number().int() });
export type LowSize = z.infer<typeof lowSizeSchema>;

/** What an order line keeps of its variant, as it was when ordered. */
export const orderLineVariantSchema = z.object({ sku: z.string(), options: z.array(chosenOptionSchema) });
export type OrderLineVariant = z.infer<typeof orderLineVariantSchema>;

/** The variant of a cart line, order line or out-of-stock item; its id is null once the variant was deleted. */
export const lineVariantSchema = orderLineVariantSchema.extend({ _id: z.string().nullable() });
export type LineVariant = z.infer<typeof lineVariantSchema>;

// What the admin sends: PUT /api/product/:id/variants.
const optionLabel = (max = 50) => requiredText(say.msg.requiredField, max);
export const optionValueInputSchema = z.object({ value: optionLabel(), valueAr: optionalText(50) });
export const productOptionInputSchema = z.object({
  name: optionLabel(),
  nameAr: optionalText(50),
  values: z.array(optionValueInputSchema).min(1, say.rule.optionNeedsValues).max(MAX_OPTION_VALUES),
});
export const variantInputSchema = z.object({
  /** Kept when the row edits a variant that exists, so carts and links to it keep working. */
  _id: idSchema.optional(),
  sku: requiredText(say.msg.requiredField, 64),
  options: z.record(z.string().max(50), z.string().max(50)),
  price: money('price'),
  /** Its price before a sale; empty when it is not on sale. */
  compareAtPrice: optionalMoney('compareAtPrice'),
  stock: count('stock'),
  /** The stock the grid loaded for a variant that exists: its save adds the difference (`stockWasField`). */
  stockWas: optionalCount('stockWas'),
  image_path: z.array(z.string().max(500)).max(MAX_PRODUCT_IMAGES).default([]),
});
export type VariantInput = z.output<typeof variantInputSchema>;

const repeats = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase())).size !== values.length;

/** The options and variants make a consistent grid: each variant names one value of every option, once. */
function checkGrid(input: { options: ProductOption[]; variants: VariantInput[] }, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const { options, variants } = input;
  if (repeats(options.map((o) => o.name))) issue(['options'], say.rule.optionNamesRepeat);
  options.forEach((o, i) => {
    if (repeats(o.values.map((v) => v.value))) issue(['options', i, 'values'], say.rule.optionValuesRepeat);
  });
  if (options.length && !variants.length) issue(['variants'], say.rule.variantsRequired);
  if (!options.length && variants.length) issue(['options'], say.rule.optionsRequired);
  const seen: VariantOptions[] = [];
  variants.forEach((variant, i) => {
    const fits =
      Object.keys(variant.options).length === options.length &&
      options.every((o) => o.values.some((v) => v.value === variant.options[o.name]));
    if (!fits) issue(['variants', i, 'options'], say.rule.variantOptionsMismatch);
    else if (seen.some((other) => sameOptions(other, variant.options))) issue(['variants', i], say.rule.variantRepeats);
    seen.push(variant.options);
    if (toPiastres(variant.price) < 1) issue(['variants', i, 'price'], say.rule.atLeastOnePiastre('price'));
    if (saleNotAbovePrice(variant)) issue(['variants', i, 'compareAtPrice'], say.rule.compareAtAbovePrice);
  });
  if (repeats(variants.map((v) => v.sku))) issue(['variants'], say.rule.skuRepeats);
}

export const productVariantsSchema = z
  .object({
    options: z.array(productOptionInputSchema).max(MAX_PRODUCT_OPTIONS, say.rule.tooManyOptions(MAX_PRODUCT_OPTIONS)),
    variants: z.array(variantInputSchema).max(MAX_VARIANTS, say.rule.tooManyVariants(MAX_VARIANTS)),
    /** The admin confirmed that this grid takes a product in stock out of stock (refused otherwise). */
    emptyStock: z.boolean().default(false),
  })
  .superRefine(checkGrid);
export type ProductVariantsInput = z.output<typeof productVariantsSchema>;
