import type { ProductDetail, ProductOption, Variant, VariantOptions } from '@shop/contracts';

/** What the shopper has chosen so far: a value for some of the product's options. */
export type Choice = Partial<VariantOptions>;

/** Whether the variant has every value chosen so far. */
const fits = (variant: Variant, choice: Choice) =>
  Object.entries(choice).every(([name, chosen]) => variant.options[name] === chosen);

/** The variant the choice names in full, if the product sells it. */
export function chosenVariant(variants: readonly Variant[], options: readonly ProductOption[], choice: Choice) {
  if (options.some((o) => choice[o.name] === undefined)) return undefined;
  return variants.find((v) => options.every((o) => v.options[o.name] === choice[o.name]));
}

export type ValueState = 'available' | 'soldOut' | 'unavailable';

/**
 * Whether choosing `value` for `option`, with the other options as chosen, leads to a variant in stock
 * ('available'), only to sold-out ones ('soldOut'), or to none the product sells ('unavailable').
 */
export function valueState(variants: readonly Variant[], choice: Choice, option: string, value: string): ValueState {
  const fitting = variants.filter((v) => fits(v, { ...choice, [option]: value }));
  if (!fitting.length) return 'unavailable';
  return fitting.some((v) => v.stock > 0) ? 'available' : 'soldOut';
}

/**
 * The choice after picking `value` for `option`: other options keep their values where a variant still
 * has them all, and drop them otherwise, so a choice never names a combination the product does not sell.
 */
export function choose(variants: readonly Variant[], choice: Choice, option: string, value: string): Choice {
  const next: Choice = { ...choice, [option]: value };
  return variants.some((v) => fits(v, next)) ? next : { [option]: value };
}

/** The price the product page shows: "From EGP 250" when the variants still open differ in price. */
export interface ShownPrice {
  price: number;
  /** Its price before a sale; null when it is not on sale. */
  compareAtPrice: number | null;
  from: boolean;
}

/**
 * The price for the choice so far: among the variants it still leaves open, their lowest price, with the sale
 * those at it share; "From" while the open ones differ in price. With nothing chosen, the product's own (its
 * lowest variant's), "From" as on the product lists, so the page opens with the price a shopper clicked on.
 */
export function priceOfChoice(
  product: Pick<ProductDetail, 'price' | 'compareAtPrice' | 'options' | 'variants'>,
  choice: Choice,
): ShownPrice {
  const hasVariants = (product.options ?? []).length > 0;
  const open = (product.variants ?? []).filter((v) => fits(v, choice));
  if (!Object.keys(choice).length || !open.length)
    return { price: product.price, compareAtPrice: product.compareAtPrice, from: hasVariants };
  const price = Math.min(...open.map((v) => v.price));
  const atPrice = open.filter((v) => v.price === price);
  const sale = atPrice[0]?.compareAtPrice ?? null;
  return {
    price,
    compareAtPrice: atPrice.every((v) => v.compareAtPrice === sale) ? sale : null,
    from: atPrice.length < open.length,
  };
}

/** The pictures to show: the variant's own first, then the rest of the product's. */
export function picturesOf(productImages: readonly string[], variant: Variant | undefined): string[] {
  const own = variant?.image_path ?? [];
  return [...own, ...productImages.filter((image) => !own.includes(image))];
}

/** Colour names a swatch can paint; any other value is shown as a button with its name. */
const SWATCHES: Record<string, string> = {
  black: '#111111',
  white: '#ffffff',
  red: '#c62828',
  blue: '#1565c0',
  navy: '#1a237e',
  green: '#2e7d32',
  yellow: '#f9a825',
  orange: '#ef6c00',
  pink: '#e91e63',
  purple: '#6a1b9a',
  grey: '#9e9e9e',
  gray: '#9e9e9e',
  silver: '#c0c0c0',
  gold: '#d4af37',
  beige: '#e8d8b8',
  brown: '#6d4c41',
  olive: '#6b6e2e',
  khaki: '#c3b091',
  maroon: '#800000',
  teal: '#00796b',
  titanium: '#8a8d8f',
};
const COLOUR_OPTIONS = ['colour', 'color'];

/** The swatch colour of a value of a colour option, or undefined when it is not one. */
export function swatchOf(option: string, value: string): string | undefined {
  if (!COLOUR_OPTIONS.includes(option.toLowerCase())) return undefined;
  return SWATCHES[value.toLowerCase()];
}
