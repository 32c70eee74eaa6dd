import { DEPARTMENTS, REVIEW_TEXTS, REVIEWERS, type CategoryTemplate } from './catalogue.js';
import { at, planSingle, planWithOptions, type PlannedProduct, type Slot, type TileSpec } from './products.js';

/**
 * Turns the catalogue templates into the exact rows to insert. Pure and deterministic (a seeded PRNG,
 * never Math.random): every run, on every instance, plans the same catalogue and the same images, so
 * two instances racing to seed render byte-identical, content-hashed images.
 */

export const DEFAULT_PRODUCTS = 200;
const SEED = 20_240_915;
/** The reviews' own stream: planning the products differently (more draws, fewer) leaves every rating as it was. */
const REVIEWS_SEED = SEED + 1;
const NOT_COD_SHARE = 0.1; // the most expensive 10%: couriers will not carry that much cash
const REVIEWS_PER_PRODUCT = 0.2; // 200 products → 40 reviews
const MAX_REVIEWS_PER_PRODUCT = 4;

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

/** Categories in round-robin order over departments, so consecutive products come from different departments. */
function interleavedCategories(): { template: CategoryTemplate; category: number; department: number }[] {
  const flat = DEPARTMENTS.flatMap((d, department) =>
    d.categories.map((template, i) => ({ template, department, position: i })),
  );
  const withIndex = flat.map((c, category) => ({ ...c, category }));
  return withIndex.sort((a, b) => a.position - b.position || a.department - b.department);
}

/** How many products a category makes without repeating a name: a line with options is one product. */
const capacity = (c: CategoryTemplate) => c.lines.length * (c.options ? 1 : c.variants.length);

/**
 * Every product the templates can make, in plan order: round k takes the k-th product of each category that
 * still has one, so consecutive products come from different departments, and the rounds a category of few
 * products (its variants sold inside them) cannot fill go to the others.
 */
const SLOTS: readonly Slot[] = (() => {
  const order = interleavedCategories();
  const rounds = Math.max(...order.map((c) => capacity(c.template)));
  return Array.from({ length: rounds }, (_, k) =>
    order.filter((c) => k < capacity(c.template)).map((c) => ({ ...c, k })),
  ).flat();
})();

/** How many products the templates can make without repeating a name. */
export const MAX_PRODUCTS = SLOTS.length;

export function buildPlan(productCount = DEFAULT_PRODUCTS): Plan {
  if (!Number.isInteger(productCount) || productCount < 1 || productCount > MAX_PRODUCTS) {
    throw new RangeError(`products must be a whole number from 1 to ${MAX_PRODUCTS}`);
  }
  const rand = prng(SEED);

  const categories: PlannedCategory[] = DEPARTMENTS.flatMap((d, department) =>
    d.categories.map((c) => ({
      name: c.name,
      nameAr: c.nameAr,
      department,
      image: {
        shape: c.shape,
        hue: c.hue,
        colour: `hsl(${c.hue}, 45%, 45%)`,
        // No words: the card names the category beside it, in the page's language.
        heading: '',
        title: '',
        initials: '',
        view: 0,
      },
    })),
  );

  const products = SLOTS.slice(0, productCount).map((slot, i) =>
    slot.template.options ? planWithOptions(slot, slot.template.options, i, rand) : planSingle(slot, i, rand),
  );

  const byPrice = [...products].sort((a, b) => b.priceEgp - a.priceEgp);
  for (const p of byPrice.slice(0, Math.round(products.length * NOT_COD_SHARE))) p.cod = false;

  return {
    departments: DEPARTMENTS.map(({ name, nameAr }) => ({ name, nameAr })),
    categories,
    products,
    reviews: planReviews(products.length, prng(REVIEWS_SEED)),
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
