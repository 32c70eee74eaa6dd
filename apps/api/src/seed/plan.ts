import { DEPARTMENTS, REVIEW_TEXTS, REVIEWERS, type CategoryTemplate, type Shape } from './catalogue.js';

/**
 * Turns the catalogue templates into the exact rows to insert. Pure and deterministic (a seeded PRNG,
 * never Math.random): every run, on every instance, plans the same catalogue and the same images, so
 * two instances racing to seed render byte-identical, content-hashed images.
 */

export const DEFAULT_PRODUCTS = 200;
const SEED = 20_240_915;
const OUT_OF_STOCK_EVERY = 12; // ~8% of products
const NOT_COD_SHARE = 0.1; // the most expensive 10%: couriers will not carry that much cash
const REVIEWS_PER_PRODUCT = 0.2; // 200 products → 40 reviews
const MAX_REVIEWS_PER_PRODUCT = 4;

/** An element that must exist (the seed's data is static; a gap is a programming error, not input to handle). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`seed: no item at index ${index}`);
  return item;
}

/** mulberry32: tiny, fast and good enough for demo data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
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

export interface PlannedProduct {
  name: string;
  nameAr: string;
  brand: string;
  description: string;
  descriptionAr: string;
  priceEgp: number;
  stock: number;
  weight: number;
  cod: boolean;
  category: number;
  department: number;
  images: TileSpec[];
}

export interface PlannedCategory {
  name: string;
  nameAr: string;
  department: number;
  image: TileSpec;
}

export interface PlannedReview {
  product: number;
  reviewer: number;
  rating: number;
  title: string;
  comment: string;
  daysAgo: number;
}

export interface Plan {
  departments: { name: string; nameAr: string }[];
  categories: PlannedCategory[];
  /** Newest first: the first page of the shop shows one product from each department. */
  products: PlannedProduct[];
  reviews: PlannedReview[];
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

/** A black phone is drawn black; items without a colour get a tone of their category's hue. */
function colourFor(label: string, hue: number, rand: () => number): string {
  for (const word of label.toLowerCase().split(/[^a-z]+/)) {
    const named = NAMED_COLOURS.get(word);
    if (named) return named;
  }
  return `hsl(${Math.round(hue + (rand() - 0.5) * 40)}, 45%, 45%)`;
}

const initialsOf = (brand: string) =>
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

/** Categories in round-robin order over departments, so consecutive products come from different departments. */
function interleavedCategories(): { template: CategoryTemplate; category: number; department: number }[] {
  const flat = DEPARTMENTS.flatMap((d, department) =>
    d.categories.map((template, i) => ({ template, department, position: i })),
  );
  const withIndex = flat.map((c, category) => ({ ...c, category }));
  return withIndex.sort((a, b) => a.position - b.position || a.department - b.department);
}

const ALL_CATEGORIES = DEPARTMENTS.flatMap((d) => d.categories);
/** How many products the templates can make without repeating a name (each category gets an equal share). */
export const MAX_PRODUCTS =
  ALL_CATEGORIES.length * Math.min(...ALL_CATEGORIES.map((c) => c.lines.length * c.variants.length));

export function buildPlan(productCount = DEFAULT_PRODUCTS): Plan {
  if (!Number.isInteger(productCount) || productCount < 1 || productCount > MAX_PRODUCTS) {
    throw new RangeError(`products must be a whole number from 1 to ${MAX_PRODUCTS}`);
  }
  const rand = prng(SEED);
  const order = interleavedCategories();

  const categories: PlannedCategory[] = DEPARTMENTS.flatMap((d, department) =>
    d.categories.map((c) => ({
      name: c.name,
      nameAr: c.nameAr,
      department,
      image: {
        shape: c.shape,
        hue: c.hue,
        colour: `hsl(${c.hue}, 45%, 45%)`,
        heading: d.name,
        title: c.name,
        initials: initialsOf(c.name),
        view: 0,
      },
    })),
  );

  const products: PlannedProduct[] = [];
  for (let i = 0; i < productCount; i++) {
    const { template: c, category, department } = at(order, i % order.length);
    // k-th product of this category: lines first, then the next variant of each line, so names never repeat.
    const k = Math.floor(i / order.length);
    const lineIndex = k % c.lines.length;
    const [brand, model, basePrice, baseWeight, features, lineAr, featuresAr] = at(c.lines, lineIndex);
    const [label, priceFactor, weightFactor, labelAr] = at(
      c.variants,
      (Math.floor(k / c.lines.length) + lineIndex) % c.variants.length,
    );

    const priceEgp = retailPrice(basePrice * priceFactor * (0.96 + rand() * 0.08));
    const inStock = priceEgp > 10_000 ? 2 + Math.floor(rand() * 14) : 8 + Math.floor(rand() * 110);
    const colour = colourFor(label, c.hue, rand);
    const imageCount = 1 + Math.floor(rand() * 3);
    const tile = { shape: c.shape, hue: c.hue, colour, heading: brand, title: model, initials: initialsOf(brand) };
    products.push({
      name: label ? `${brand} ${model}, ${label}` : `${brand} ${model}`,
      nameAr: labelAr ? `${lineAr}، ${labelAr}` : lineAr,
      brand,
      description: `${model}${label ? ` (${label})` : ''} by ${brand}. ${features}. ${c.blurb}`,
      descriptionAr: `${lineAr}${labelAr ? ` (${labelAr})` : ''}. ${featuresAr}. ${c.blurbAr}`,
      priceEgp,
      stock: (i + 1) % OUT_OF_STOCK_EVERY === 0 ? 0 : inStock,
      weight: Math.round(baseWeight * weightFactor * 100) / 100,
      cod: true,
      category,
      department,
      images: Array.from({ length: imageCount }, (_, view) => ({ ...tile, view })),
    });
  }

  const byPrice = [...products].sort((a, b) => b.priceEgp - a.priceEgp);
  for (const p of byPrice.slice(0, Math.round(products.length * NOT_COD_SHARE))) p.cod = false;

  return {
    departments: DEPARTMENTS.map(({ name, nameAr }) => ({ name, nameAr })),
    categories,
    products,
    reviews: planReviews(products.length, rand),
  };
}

/** Reviews on the newest products (the home page), from distinct demo shoppers, mostly positive. */
function planReviews(productCount: number, rand: () => number): PlannedReview[] {
  const target = Math.round(productCount * REVIEWS_PER_PRODUCT);
  const reviews: PlannedReview[] = [];
  for (let product = 0; product < productCount && reviews.length < target; product++) {
    const count = Math.min(1 + Math.floor(rand() * MAX_REVIEWS_PER_PRODUCT), target - reviews.length);
    const start = Math.floor(rand() * REVIEWERS.length);
    for (let j = 0; j < count; j++) {
      const roll = rand();
      const rating = roll < 0.05 ? 1 : roll < 0.13 ? 2 : roll < 0.28 ? 3 : roll < 0.6 ? 4 : 5;
      const texts = at(REVIEW_TEXTS, rating - 1);
      const [title, comment] = at(texts, Math.floor(rand() * texts.length));
      reviews.push({
        product,
        reviewer: (start + j) % REVIEWERS.length,
        rating,
        title,
        comment,
        daysAgo: 1 + Math.floor(rand() * 90),
      });
    }
  }
  return reviews;
}
