import { describe, expect, it } from 'vitest';
import {
  labelVariant,
  optionCombinations,
  productVariantsSchema,
  render,
  variantValues,
  type ProductOption,
} from './index.js';

const SIZE: ProductOption = {
  name: 'Size',
  nameAr: 'المقاس',
  values: [
    { value: 'M', valueAr: 'وسط' },
    { value: 'L', valueAr: null },
  ],
};
const COLOUR: ProductOption = { name: 'Colour', nameAr: null, values: [{ value: 'Red', valueAr: 'أحمر' }] };

/** The first message of the grid, in English and Arabic. */
function firstError(input: unknown): [string, string] | undefined {
  const issue = productVariantsSchema.safeParse(input).error?.issues[0];
  return issue && [render(issue.message, 'en'), render(issue.message, 'ar')];
}

describe('a product’s options and variants', () => {
  it('makes one combination per value, first option slowest', () => {
    expect(optionCombinations([SIZE, COLOUR])).toEqual([
      { Size: 'M', Colour: 'Red' },
      { Size: 'L', Colour: 'Red' },
    ]);
    expect(optionCombinations([])).toEqual([{}]);
  });

  it('names a variant’s values in both languages, in the options’ order', () => {
    const labelled = labelVariant([SIZE, COLOUR], { Colour: 'Red', Size: 'L' });
    expect(labelled).toEqual([
      { name: 'Size', nameAr: 'المقاس', value: 'L', valueAr: null },
      { name: 'Colour', nameAr: null, value: 'Red', valueAr: 'أحمر' },
    ]);
    expect(variantValues({ options: labelled }, 'en')).toBe('L, Red');
    // A value without Arabic stays as the admin wrote it; Arabic lists with its own comma.
    expect(variantValues({ options: labelled }, 'ar')).toBe('L، أحمر');
  });

  it('accepts a grid that fits its options, prices in EGP as typed', () => {
    const parsed = productVariantsSchema.parse({
      options: [SIZE],
      variants: [
        { sku: ' TEE-M ', options: { Size: 'M' }, price: '250.5', compareAtPrice: '', stock: '3' },
        {
          sku: 'TEE-L',
          options: { Size: 'L' },
          price: 260,
          compareAtPrice: '299.99',
          stock: 0,
          image_path: ['/uploads/a.webp'],
        },
      ],
    });
    expect(parsed.variants).toEqual([
      { sku: 'TEE-M', options: { Size: 'M' }, price: 250.5, compareAtPrice: null, stock: 3, image_path: [] },
      {
        sku: 'TEE-L',
        options: { Size: 'L' },
        price: 260,
        compareAtPrice: 299.99,
        stock: 0,
        image_path: ['/uploads/a.webp'],
      },
    ]);
  });

  it('refuses what would make an inconsistent grid, in both languages', () => {
    const variant = (sku: string, options: Record<string, string>) => ({ sku, options, price: 1, stock: 1 });
    expect(firstError({ options: [SIZE], variants: [] })).toEqual([
      'A product with options needs at least one variant',
      'يحتاج المنتج ذو الخيارات إلى نوع واحد على الأقل',
    ]);
    expect(firstError({ options: [], variants: [variant('A', {})] })?.[0]).toBe(
      'Variants need options to tell them apart',
    );
    expect(firstError({ options: [SIZE], variants: [variant('A', { Size: 'XL' })] })?.[0]).toBe(
      'A variant takes one value of every option',
    );
    expect(firstError({ options: [SIZE], variants: [variant('A', { Size: 'M', Colour: 'Red' })] })?.[0]).toBe(
      'A variant takes one value of every option',
    );
    expect(
      firstError({ options: [SIZE], variants: [variant('A', { Size: 'M' }), variant('B', { Size: 'M' })] })?.[0],
    ).toBe('Two variants have the same options');
    expect(
      firstError({ options: [SIZE], variants: [variant('a', { Size: 'M' }), variant('A', { Size: 'L' })] })?.[0],
    ).toBe('Each variant needs a SKU of its own');
    expect(firstError({ options: [SIZE, { ...SIZE, name: 'size' }], variants: [] })?.[0]).toBe(
      'Each option needs a name of its own',
    );
    expect(
      firstError({ options: [SIZE, COLOUR, { ...SIZE, name: 'Fit' }, { ...SIZE, name: 'Cut' }], variants: [] }),
    ).toEqual(['A product has at most 3 options', 'للمنتج 3 خيارات على الأكثر']);
    expect(
      firstError({
        options: [{ ...SIZE, values: [SIZE.values[0], SIZE.values[0]] }],
        variants: [variant('A', { Size: 'M' })],
      })?.[0],
    ).toBe('Each value of an option appears once');
  });
});
