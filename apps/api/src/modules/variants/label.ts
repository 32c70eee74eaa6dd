import {
  labelVariant,
  type LineVariant,
  type OrderLineVariant,
  type ProductOption,
  type VariantOptions,
} from '@shop/contracts';

interface ChosenRow {
  productOptions: ProductOption[];
  variantId: string | null;
  variantSku: string | null;
  variantOptions: VariantOptions | null;
}

/** What an order line keeps of a cart line's variant: its SKU and option values in both languages, as they are now. */
export function variantSnapshot(row: ChosenRow): OrderLineVariant | null {
  if (!row.variantId || row.variantSku === null || !row.variantOptions) return null;
  return { sku: row.variantSku, options: labelVariant(row.productOptions, row.variantOptions) };
}

/** A line's variant on the wire (cart lines, the 409's items): a `variant` key only where there is one. */
export function lineVariant(row: ChosenRow): { variant?: LineVariant } {
  const snapshot = variantSnapshot(row);
  return snapshot ? { variant: { _id: row.variantId, ...snapshot } } : {};
}
