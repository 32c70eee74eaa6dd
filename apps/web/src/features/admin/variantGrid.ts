import {
  MAX_PRODUCT_OPTIONS,
  optionCombinations,
  sameOptions,
  type ProductDetail,
  type ProductOption,
  type VariantOptions,
} from '@shop/contracts';

/** An option as the admin types it: its values as a comma-separated list, in English and (optionally) Arabic. */
export interface OptionDraft {
  name: string;
  nameAr: string;
  values: string;
  valuesAr: string;
}

/** A row of the variant grid: one combination of values, with its own SKU, price, stock and picture. */
export interface RowDraft {
  _id?: string;
  sku: string;
  options: VariantOptions;
  price: string;
  /** Its price before a sale; '' when it is not on sale. */
  compareAtPrice: string;
  stock: string;
  /** The stock loaded for a variant that exists: the server adds only the difference typed (stock-edits.md). */
  stockWas?: number;
  /** One of the product's pictures, or '' for the product's own. */
  image: string;
}

export const emptyOption = (): OptionDraft => ({ name: '', nameAr: '', values: '', valuesAr: '' });

/** Commas of both scripts separate values: "S, M, L" or "صغير، وسط، كبير". */
const split = (list: string) =>
  list
    .split(/[,،]/)
    .map((value) => value.trim())
    .filter(Boolean);

/** The options the drafts describe; the Arabic of each value is the one at its place in the Arabic list. */
export function optionsOf(drafts: readonly OptionDraft[]): ProductOption[] {
  return drafts
    .filter((draft) => draft.name.trim())
    .slice(0, MAX_PRODUCT_OPTIONS)
    .map((draft) => {
      const arabic = split(draft.valuesAr);
      return {
        name: draft.name.trim(),
        nameAr: draft.nameAr.trim() || null,
        values: split(draft.values).map((value, index) => ({ value, valueAr: arabic[index] ?? null })),
      };
    });
}

/** The product's options and variants as the editor starts from them. */
export function draftsOf(product: ProductDetail): { options: OptionDraft[]; rows: RowDraft[] } {
  return {
    options: (product.options ?? []).map((o) => ({
      name: o.name,
      nameAr: o.nameAr ?? '',
      values: o.values.map((v) => v.value).join(', '),
      valuesAr: o.values.every((v) => v.valueAr) ? o.values.map((v) => v.valueAr).join('، ') : '',
    })),
    rows: (product.variants ?? []).map((v) => ({
      _id: v._id,
      sku: v.sku,
      options: v.options,
      price: String(v.price),
      compareAtPrice: v.compareAtPrice === null ? '' : String(v.compareAtPrice),
      stock: String(v.stock),
      stockWas: v.stock,
      image: v.image_path[0] ?? '',
    })),
  };
}

/** A SKU for a new row: the product's base and the row's values, in capitals ("TEE-M-RED"). */
const skuOf = (base: string, options: VariantOptions) =>
  [base, ...Object.values(options)]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9\u0600-\u06FF-]+/g, '');

/** `total` spread over `count` rows as evenly as whole units allow, the first rows taking the remainder. */
const spread = (total: number, count: number, index: number) =>
  Math.floor(total / count) + (index < total % count ? 1 : 0);

/**
 * One row per combination of the options' values, first option slowest. A combination that already had a row
 * keeps it (its id, SKU, price and stock); a new one starts at the given price. The stock that would otherwise
 * vanish (the product's own before its first grid, or the rows no combination keeps) is shared among the new
 * rows, so making a grid never turns a product in stock into one out of stock.
 */
export function gridOf(
  options: readonly ProductOption[],
  previous: readonly RowDraft[],
  defaults: { skuBase: string; price: string; stock: number },
): RowDraft[] {
  if (!options.length) return [];
  const combinations = optionCombinations(options);
  const kept = combinations.map((combination) => previous.find((row) => sameOptions(row.options, combination)));
  const left = previous.length
    ? previous.filter((row) => !kept.includes(row)).reduce((sum, row) => sum + (Number(row.stock) || 0), 0)
    : defaults.stock;
  const fresh = kept.filter((row) => !row).length;
  let nth = 0;
  return combinations.map(
    (combination, index) =>
      kept[index] ?? {
        sku: skuOf(defaults.skuBase, combination),
        options: combination,
        price: defaults.price,
        compareAtPrice: '',
        stock: String(spread(left, fresh, nth++)),
        image: '',
      },
  );
}

/** The stock a grid holds in all, as the product's stock will be once it is saved. */
export const gridStock = (rows: readonly { stock: string | number }[]) =>
  rows.reduce((sum, row) => sum + (Number(row.stock) || 0), 0);

/** The body of PUT /api/product/:id/variants; the shared schema checks it before it is sent, and the server again. */
export function variantsBody(options: readonly ProductOption[], rows: readonly RowDraft[]) {
  return {
    options,
    variants: rows.map((row) => ({
      ...(row._id && { _id: row._id, stockWas: row.stockWas }),
      sku: row.sku,
      options: row.options,
      price: row.price,
      compareAtPrice: row.compareAtPrice,
      stock: row.stock,
      image_path: row.image ? [row.image] : [],
    })),
  };
}
