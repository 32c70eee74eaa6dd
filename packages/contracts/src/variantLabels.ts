import { listed } from './locale.js';
import type { ChosenOption, ProductOption } from './variants.js';

// Apart from variants.ts: a schema is built as its module is evaluated, and the storefront's first load, which
// names variants but checks none, would bring zod.

/** Options a product sold in variants may have (size, colour, capacity…), at most. */
export const MAX_PRODUCT_OPTIONS = 3;

/** Option name → value, in English, as the product's options spell them: `{ Size: 'M', Colour: 'Red' }`. */
export type VariantOptions = Record<string, string>;

/** A variant's options in the order the product lists them, with their words in both languages. */
export function labelVariant(options: readonly ProductOption[], chosen: VariantOptions): ChosenOption[] {
  return options.flatMap((option) => {
    const value = option.values.find((v) => v.value === chosen[option.name]);
    return value ? [{ name: option.name, nameAr: option.nameAr, value: value.value, valueAr: value.valueAr }] : [];
  });
}

/** Every combination of the options' values, first option slowest: the rows of the admin's variant grid. */
export function optionCombinations(options: readonly ProductOption[]): VariantOptions[] {
  return options.reduce<VariantOptions[]>(
    (rows, option) => rows.flatMap((row) => option.values.map((v) => ({ ...row, [option.name]: v.value }))),
    [{}],
  );
}

/** Whether a variant has exactly these option values. */
export const sameOptions = (a: VariantOptions, b: VariantOptions): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

/** A variant's values in the reader's language, as a line names it: "M, Red" (Arabic where the admin gave it). */
export const variantValues = (variant: { options: readonly ChosenOption[] }, language: string): string =>
  listed(
    variant.options.map((o) => (language === 'ar' && o.valueAr) || o.value),
    language,
  );
