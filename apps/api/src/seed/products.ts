import type { ProductOption, VariantOptions } from '@shop/contracts';
import type { CategoryTemplate, Line, OptionTemplate, Shape, Variant } from './catalogue.js';

/**
 * One product of the demo plan (plan.ts) from its place in it: a line × variant sold as one thing, or a line sold
 * in options with a variant per size, colour or capacity. The random draws come from the plan's one PRNG, in plan
 * order, so the plan stays the same on every run.
 */

const OUT_OF_STOCK_EVERY = 12; // ~8% of products
/** A product sold in variants at every third place of the plan has every other variant on sale, a fifth off. */
const ON_SALE_EVERY = 3;
const SALE_MARKUP = 1.25;

/** An element that must exist (the seed's data is static; a gap is a programming error, not input to handle). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`seed: no item at index ${index}`);
  return item;
}

export interface TileSpec {
  shape: Shape;
  hue: number;
  /** Body colour of the drawn item (from a colour in the variant's name, else from the hue). */
  colour: string;
  heading: string;
  title: string;
  initials: string;
  /** Which of the product's pictures: 0 front, 1 and 2 turned and re-lit. */
  view: number;
}

export interface PlannedVariant {
  sku: string;
  /** Option name → value, in English, as the product's options name them. */
  options: VariantOptions;
  priceEgp: number;
  /** Its price before a sale; null when it is not on sale. */
  compareAtEgp: number | null;
  stock: number;
  /** Its own pictures, as indexes into the product's `images`; none where its colour is the product's only one. */
  images: number[];
}

export interface PlannedProduct {
  name: string;
  nameAr: string;
  brand: string;
  description: string;
  descriptionAr: string;
  /** With variants, the lowest variant's price and all variants' units, as the database keeps them. */
  priceEgp: number;
  stock: number;
  weight: number;
  cod: boolean;
  warranty: string | null;
  warrantyAr: string | null;
  category: number;
  department: number;
  images: TileSpec[];
  /** Empty for a product sold as one thing. */
  options: ProductOption[];
  variants: PlannedVariant[];
}

const NAMED_COLOURS = new Map([
  ['black', '#2b2d31'],
  ['white', '#f5f5f2'],
  ['silver', '#c3c7cc'],
  ['grey', '#8a9099'],
  ['blue', '#2f6fb5'],
  ['navy', '#1f2f55'],
  ['green', '#3f8f5a'],
  ['olive', '#6b7040'],
  ['pink', '#e59ab4'],
  ['red', '#c8393b'],
  ['beige', '#d9c3a0'],
]);

/** A black phone is drawn black: the colour a variant's label names, if it names one. */
function namedColour(label: string): string | undefined {
  for (const word of label.toLowerCase().split(/[^a-z]+/)) {
    const named = NAMED_COLOURS.get(word);
    if (named) return named;
  }
  return undefined;
}

/** Items without a colour get a tone of their category's hue. */
const toneOf = (hue: number, rand: () => number) => `hsl(${Math.round(hue + (rand() - 0.5) * 40)}, 45%, 45%)`;

export const initialsOf = (brand: string) =>
  brand
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** Shelf prices: 21,999, 3,449 and 449 rather than 21,734.18; cheap groceries to the quarter pound. */
export function retailPrice(egp: number): number {
  if (egp >= 10_000) return Math.round(egp / 500) * 500 - 1;
  if (egp >= 1000) return Math.round(egp / 50) * 50 - 1;
  if (egp >= 100) return Math.round(egp / 5) * 5 - 1;
  return Math.max(1, Math.round(egp * 4) / 4);
}

/** The k-th product of a category. */
export interface Slot {
  template: CategoryTemplate;
  category: number;
  department: number;
  k: number;
}

/** The slot's line: the k-th product takes the lines first, then the next variant of each line (variantOf). */
const lineOf = ({ template, k }: Slot): Line => at(template.lines, k % template.lines.length);
const variantOf = ({ template, k }: Slot): Variant => {
  const lines = template.lines.length;
  return at(template.variants, (Math.floor(k / lines) + (k % lines)) % template.variants.length);
};

/** What a product is whatever it sells; `label` names the variant a product without options is. */
function describe(slot: Slot, label: string, labelAr: string) {
  const { template: c } = slot;
  const [brand, model, , weight, features, lineAr, featuresAr] = lineOf(slot);
  return {
    name: label ? `${brand} ${model}, ${label}` : `${brand} ${model}`,
    nameAr: labelAr ? `${lineAr}، ${labelAr}` : lineAr,
    brand,
    description: `${model}${label ? ` (${label})` : ''} by ${brand}. ${features}. ${c.blurb}`,
    descriptionAr: `${lineAr}${labelAr ? ` (${labelAr})` : ''}. ${featuresAr}. ${c.blurbAr}`,
    weight,
    cod: true,
    warranty: c.warranty ?? null,
    warrantyAr: c.warrantyAr ?? null,
    category: slot.category,
    department: slot.department,
  };
}

/** A product's own price swing around its line's price: its variants keep their price steps. */
const jitterOf = (rand: () => number) => 0.96 + rand() * 0.08;
/** Big-ticket items are stocked a few at a time. */
const stockFor = (priceEgp: number, rand: () => number) =>
  priceEgp > 10_000 ? 2 + Math.floor(rand() * 14) : 8 + Math.floor(rand() * 110);
const soldOut = (i: number) => (i + 1) % OUT_OF_STOCK_EVERY === 0;
const onSale = (i: number, n: number) => i % ON_SALE_EVERY === 0 && n % 2 === 0;
const weightOf = (kg: number) => Math.round(kg * 100) / 100;
/** One to three pictures of the main colour. */
const viewCount = (rand: () => number) => 1 + Math.floor(rand() * 3);

/** The first `views` pictures of the slot's line in one colour: the front, then turned and re-lit. */
function tilesOf(slot: Slot, colour: string, views: number): TileSpec[] {
  const [brand, model] = lineOf(slot);
  const { shape, hue } = slot.template;
  return Array.from({ length: views }, (_, view) => ({
    shape,
    hue,
    colour,
    heading: brand,
    title: model,
    initials: initialsOf(brand),
    view,
  }));
}

/** A line × variant sold as one thing: 'Samsung Crystal UHD 4K Smart TV CU7000, 55 inch'. */
export function planSingle(slot: Slot, i: number, rand: () => number): PlannedProduct {
  const [label, priceFactor, weightFactor, labelAr] = variantOf(slot);
  const product = describe(slot, label, labelAr);
  const priceEgp = retailPrice(lineOf(slot)[2] * priceFactor * jitterOf(rand));
  const stock = stockFor(priceEgp, rand);
  const colour = namedColour(label) ?? toneOf(slot.template.hue, rand);
  return {
    ...product,
    priceEgp,
    stock: soldOut(i) ? 0 : stock,
    weight: weightOf(product.weight * weightFactor),
    images: tilesOf(slot, colour, viewCount(rand)),
    options: [],
    variants: [],
  };
}

/** A variant's label split into its option values: '128GB, Black' → ['128GB', 'Black']. */
function valuesOf(label: string, separator: string, options: readonly OptionTemplate[]): string[] {
  const values = label.split(separator);
  if (values.length !== options.length) throw new Error(`seed: '${label}' does not name one value per option`);
  return values;
}

/** 'Apple', 'iPhone 15', '128GB', 'Black' → 'APPLE-IPHONE-15-128GB-BLACK'. */
const skuOf = (words: readonly string[]) =>
  words
    .join(' ')
    .replace(/'/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A line sold as one product in options, one variant per entry of its category's variants. */
export function planWithOptions(
  slot: Slot,
  templates: readonly OptionTemplate[],
  i: number,
  rand: () => number,
): PlannedProduct {
  const [brand, model, basePrice] = lineOf(slot);
  const jitter = jitterOf(rand);
  const tone = toneOf(slot.template.hue, rand);
  const rows = slot.template.variants.map(([label, priceFactor, , labelAr]) => ({
    values: valuesOf(label, ', ', templates),
    valuesAr: valuesOf(labelAr, '، ', templates),
    priceEgp: retailPrice(basePrice * priceFactor * jitter),
    colour: namedColour(label) ?? tone,
  }));
  // The main colour from every side and each other colour from the front; a variant names its colour's pictures.
  const [main = tone, ...others] = new Set(rows.map((row) => row.colour));
  const images = [...tilesOf(slot, main, viewCount(rand)), ...others.flatMap((colour) => tilesOf(slot, colour, 1))];
  const variants = rows.map((row, n) => ({
    sku: skuOf([brand, model, ...row.values]),
    options: Object.fromEntries(templates.map((o, index) => [o.name, at(row.values, index)])),
    priceEgp: row.priceEgp,
    compareAtEgp: onSale(i, n) ? retailPrice(row.priceEgp * SALE_MARKUP) : null,
    // A product that would have sold out keeps selling all but its last variant: its page shows a sold-out value.
    stock: soldOut(i) && n === rows.length - 1 ? 0 : stockFor(row.priceEgp, rand),
    images: others.length ? images.flatMap((tile, index) => (tile.colour === row.colour ? [index] : [])) : [],
  }));
  const options = templates.map((o, index) => {
    const values = new Map(rows.map((row) => [at(row.values, index), at(row.valuesAr, index)]));
    return { ...o, values: [...values].map(([value, valueAr]) => ({ value, valueAr })) };
  });
  const product = describe(slot, '', '');
  return {
    ...product,
    priceEgp: Math.min(...variants.map((v) => v.priceEgp)),
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    weight: weightOf(product.weight),
    images,
    options,
    variants,
  };
}
