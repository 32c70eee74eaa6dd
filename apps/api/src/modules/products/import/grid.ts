import {
  productVariantsSchema,
  sameOptions,
  type ProductOption,
  type ProductVariantsInput,
  type VariantCsvColumn,
  type VariantOptions,
} from '@shop/contracts';
import { toEgp, toPiastres } from '../../../lib/money.js';
import { stockAfter, stockEdit } from '../stock-edit.js';
import type { CheckedVariant, Problem, Rejection } from './validate.js';

/** A variant as the shop keeps it (price in piastres). */
export interface StoredVariant {
  id: string;
  sku: string;
  options: VariantOptions;
  price: number;
  compareAtPrice: number | null;
  stock: number;
  imagePaths: string[];
}

/** What a product is sold in now: its options and its variants in the admin's order. */
export interface StoredGrid {
  options: ProductOption[];
  variants: StoredVariant[];
}

/**
 * The product's options with the values its rows add (in English only: the grid adds the Arabic). A product
 * without options takes them from its first row, in the order written there.
 */
function optionsFor(stored: ProductOption[], variants: CheckedVariant[]): ProductOption[] {
  const options = stored.length
    ? stored.map((option) => ({ ...option, values: [...option.values] }))
    : Object.keys(variants[0]?.options ?? {}).map((name) => ({
        name,
        nameAr: null,
        values: [] as ProductOption['values'],
      }));
  for (const variant of variants)
    for (const option of options) {
      const value = variant.options[option.name];
      if (value !== undefined && !option.values.some((known) => known.value === value))
        option.values.push({ value, valueAr: null });
    }
  return options;
}

const storedSale = (piastres: number | null) => (piastres === null ? null : toEgp(piastres));

const COLUMN_OF_FIELD: Record<string, VariantCsvColumn> = {
  sku: 'variantSku',
  options: 'variantOptions',
  price: 'variantPrice',
  compareAtPrice: 'variantCompareAtPrice',
  stock: 'variantStock',
};

/**
 * The grid the rows of a product make, by the variants grid's rules (contracts' `productVariantsSchema`), as the
 * dashboard would send it: a row whose SKU is one of the product's variants edits that variant (keeping its id,
 * so carts and links stay valid, and its pictures that are still the product's), the others are new, and
 * variants the file leaves out go. A broken rule rejects the rows it is about (the first, for the grid as a whole).
 */
export function gridOf(
  variants: CheckedVariant[],
  stored: StoredGrid,
  productImages: string[],
): { grid: ProductVariantsInput } | { rejections: Rejection[] } {
  const bySku = new Map(stored.variants.map((variant) => [variant.sku.toLowerCase(), variant]));
  const parsed = productVariantsSchema.safeParse({
    options: optionsFor(stored.options, variants),
    variants: variants.map((variant) => {
      const known = bySku.get(variant.sku.toLowerCase());
      return {
        _id: known?.id,
        sku: variant.sku,
        options: variant.options,
        price: variant.price,
        // A file without the column leaves the variant's sale as it is.
        compareAtPrice:
          variant.compareAtPrice === undefined ? storedSale(known?.compareAtPrice ?? null) : variant.compareAtPrice,
        stock: variant.stock,
        // A variant the shop has keeps the units sold since the export; a new one starts at the file's stock.
        stockWas: known && variant.stockAtExport,
        image_path: known?.imagePaths.filter((path) => productImages.includes(path)) ?? [],
      };
    }),
    // The file says what each variant has in stock, as every other column says what the product is.
    emptyStock: true,
  });
  if (parsed.success) return { grid: parsed.data };
  const problems = new Map<number, Problem[]>();
  for (const issue of parsed.error.issues) {
    const [list, index, field] = issue.path;
    const row = list === 'variants' && typeof index === 'number' ? variants[index] : variants[0];
    if (!row) continue;
    // A variant's field names its column; a variant as a whole repeats another's options; the list, its SKUs.
    const column =
      (field === undefined ? undefined : COLUMN_OF_FIELD[String(field)]) ??
      (list === 'variants' && index === undefined ? 'variantSku' : 'variantOptions');
    const own = problems.get(row.line) ?? [];
    if (!own.some((problem) => problem.column === column)) own.push({ column, message: issue.message });
    problems.set(row.line, own);
  }
  return { rejections: [...problems].map(([line, own]) => ({ line, problems: own })) };
}

/** Whether writing the grid would change what the product is sold in. */
export function gridChanges(grid: ProductVariantsInput, stored: StoredGrid): boolean {
  // The grid's options are the stored ones with values added, if any.
  const optionsChange =
    grid.options.length !== stored.options.length ||
    grid.options.some((option, i) => option.values.length !== stored.options[i]?.values.length);
  return (
    optionsChange ||
    grid.variants.length !== stored.variants.length ||
    grid.variants.some((variant, i) => {
      const known = stored.variants[i];
      return (
        !known ||
        known.id !== variant._id ||
        known.sku !== variant.sku ||
        !sameOptions(known.options, variant.options) ||
        known.price !== toPiastres(variant.price) ||
        known.compareAtPrice !== (variant.compareAtPrice === null ? null : toPiastres(variant.compareAtPrice)) ||
        known.stock !== stockAfter(known.stock, stockEdit(variant.stock, variant.stockWas)) ||
        known.imagePaths.join(' ') !== variant.image_path.join(' ')
      );
    })
  );
}
