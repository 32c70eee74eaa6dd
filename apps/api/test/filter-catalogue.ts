import type { ProductOption } from '@shop/contracts';
import type { DbOrTx } from '../src/db/client.js';
import { createProduct, createVariantProduct, type ProductOverrides } from './fixtures.js';

/**
 * Five products of three brands, one sold out and one not payable on delivery: the list's and the search's filter
 * and facet tests count over these.
 */
export const FILTERED_PRODUCTS = {
  apple: { brand: 'Apple', price: 100, rating: 4.5 },
  appleSoldOut: { brand: 'Apple', price: 300, rating: 3, stock: 0 },
  samsung: { brand: 'Samsung', price: 200, rating: 4, cod: false },
  samsungCheap: { brand: 'Samsung', price: 50, rating: 2 },
  xiaomi: { brand: 'Xiaomi', price: 150.5, rating: 5 },
} satisfies Record<string, ProductOverrides>;

/** The rating facet: how many products have at least 4, 3, 2 and 1 stars. */
export const ratingCounts = (...counts: number[]) =>
  [4, 3, 2, 1].map((value, index) => ({ value, count: counts[index] }));

/** The facets of FILTERED_PRODUCTS with no filter set. */
export const FILTERED_PRODUCTS_FACETS = {
  brands: [
    { value: 'Apple', count: 2 },
    { value: 'Samsung', count: 2 },
    { value: 'Xiaomi', count: 1 },
  ],
  price: { min: 50, max: 300 },
  ratings: ratingCounts(3, 4, 5, 5),
  options: [],
};

const SIZE: ProductOption = {
  name: 'Size',
  nameAr: 'المقاس',
  values: ['S', 'M', 'L', 'XL'].map((value) => ({ value, valueAr: `مقاس ${value}` })),
};
const COLOUR: ProductOption = {
  name: 'Colour',
  nameAr: 'اللون',
  values: [
    { value: 'Red', valueAr: 'أحمر' },
    { value: 'Blue', valueAr: null },
  ],
};
/** The options as a garment lists them: only the values it is sold in. */
const only = (option: ProductOption, ...values: string[]): ProductOption => ({
  ...option,
  values: option.values.filter((v) => values.includes(v.value)),
});

/**
 * Three garments sold in sizes (two of them in colours too) and a scarf sold as one thing, all named "Cotton …",
 * in `categoryId`: the option filter and facet tests count over these. Which variants exist and have stock is what
 * the tests tell apart: the shirt has a red S and a blue M but no blue S, and its red M is sold out.
 */
export async function createGarments(db: DbOrTx, categoryId: string) {
  const garment = (
    name: string,
    options: ProductOption[],
    variants: [Record<string, string>, number][],
    overrides: ProductOverrides,
  ) =>
    createVariantProduct(
      db,
      options,
      variants.map(([chosen, stock]) => ({ options: chosen, stock, price: 100 })),
      { categoryId, name: `Cotton ${name}`, ...overrides },
    ).then(({ product }) => product);
  return {
    shirt: await garment(
      'shirt',
      [SIZE, COLOUR],
      [
        [{ Size: 'S', Colour: 'Red' }, 2],
        [{ Size: 'M', Colour: 'Red' }, 0],
        [{ Size: 'M', Colour: 'Blue' }, 4],
        [{ Size: 'L', Colour: 'Blue' }, 1],
      ],
      { brand: 'Weaver', rating: 4 },
    ),
    dress: await garment(
      'dress',
      [only(SIZE, 'M', 'L'), only(COLOUR, 'Red')],
      [
        [{ Size: 'M', Colour: 'Red' }, 3],
        [{ Size: 'L', Colour: 'Red' }, 0],
      ],
      { brand: 'Silk Road', rating: 3 },
    ),
    hoodie: await garment(
      'hoodie',
      [only(SIZE, 'M', 'XL')],
      [
        [{ Size: 'M' }, 0],
        [{ Size: 'XL' }, 5],
      ],
      { brand: 'Weaver', rating: 5 },
    ),
    scarf: await createProduct(db, { categoryId, name: 'Cotton scarf', brand: 'Weaver', stock: 7 }),
  };
}
export type Garments = Awaited<ReturnType<typeof createGarments>>;

/** An option's facet entry as the API answers it: its values with their counts, in both languages. */
export function optionCounts(option: ProductOption, counts: [string, number][]) {
  const arabic = new Map(option.values.map((v) => [v.value, v.valueAr]));
  return {
    name: option.name,
    nameAr: option.nameAr,
    values: counts.map(([value, count]) => ({ value, count, valueAr: arabic.get(value) ?? null })),
  };
}
export const sizes = (...counts: [string, number][]) => optionCounts(SIZE, counts);
export const colours = (...counts: [string, number][]) => optionCounts(COLOUR, counts);

/** The option facets of the garments with no filter set: the sizes and colours their variants come in. */
export const GARMENT_OPTION_FACETS = [sizes(['M', 3], ['L', 2], ['S', 1], ['XL', 1]), colours(['Red', 2], ['Blue', 1])];
