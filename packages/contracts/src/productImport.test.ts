import { describe, expect, it } from 'vitest';
import {
  MSG,
  PRODUCT_CSV_COLUMNS,
  RULE_MSG,
  productCreateSchema,
  productImportFormSchema,
  productImportRowSchema,
  render,
  variantImportRowSchema,
} from './index.js';

const row = {
  id: '',
  name: ' Clay Pot ',
  nameAr: 'إناء فخار',
  description: 'Hand made in Fayoum',
  descriptionAr: '',
  brand: 'Fakhar',
  department: 'Home',
  category: 'Pots',
  price: '120.50',
  compareAtPrice: '',
  saleEndsOn: '',
  stock: '4',
  stockAtExport: '',
  weight: '1.5',
  cod: 'true',
  warranty: ' 1-year warranty ',
  warrantyAr: '',
  images: '',
};

const problems = (input: Record<string, string>) =>
  (productImportRowSchema.safeParse(input).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    render(issue.message, 'en'),
  ]);

describe('a row of the product CSV', () => {
  it('has the columns the export writes, in its order', () => {
    expect(PRODUCT_CSV_COLUMNS).toEqual(Object.keys(row));
  });

  it('is read as the product form reads its fields: trimmed, money and counts from text, empty optional fields null', () => {
    expect(productImportRowSchema.parse(row)).toEqual({
      name: 'Clay Pot',
      nameAr: 'إناء فخار',
      description: 'Hand made in Fayoum',
      descriptionAr: null,
      brand: 'Fakhar',
      department: 'Home',
      category: 'Pots',
      price: 120.5,
      compareAtPrice: null,
      saleEndsOn: null,
      stock: 4,
      weight: 1.5,
      cod: true,
      warranty: '1-year warranty',
      warrantyAr: null,
    });
    expect(productImportRowSchema.parse({ ...row, id: '5b0f8a8e-8c55-4b8e-9a52-1b8e8f1f3c1a' }).id).toBe(
      '5b0f8a8e-8c55-4b8e-9a52-1b8e8f1f3c1a',
    );
  });

  it('is judged by the product form’s own rules, with its messages', () => {
    const form = { ...row, department: '5b0f8a8e-8c55-4b8e-9a52-1b8e8f1f3c1a', category: row.department };
    for (const bad of [
      { price: '-5' },
      { stock: '1.5' },
      { name: '' },
      { weight: 'heavy' },
      { compareAtPrice: '100' },
      { cod: 'yes' },
      { brand: 'x'.repeat(101) },
    ]) {
      const formIssues = (
        productCreateSchema.safeParse({ ...form, ...bad, category: form.department }).error?.issues ?? []
      )
        .filter((issue) => issue.path[0] !== 'category')
        .map((issue) => [issue.path.join('.'), render(issue.message, 'en')]);
      expect(problems({ ...row, ...bad })).toEqual(formIssues);
    }
    expect(problems({ ...row, price: '-5' })).toEqual([['price', RULE_MSG.mustBePositive('price')]]);
  });

  it('names its department and category, and may name a product by a well-formed id only', () => {
    expect(problems({ ...row, department: ' ', category: '' })).toEqual([
      ['department', MSG.requiredField],
      ['category', MSG.requiredField],
    ]);
    expect(problems({ ...row, id: '42' })).toEqual([['id', RULE_MSG.invalidId]]);
  });

  it('comes with the choice to create missing departments and categories, off unless asked', () => {
    expect(productImportFormSchema.parse({})).toEqual({ createMissing: false });
    expect(productImportFormSchema.parse({ createMissing: 'true' })).toEqual({ createMissing: true });
    expect(productImportFormSchema.safeParse({ createMissing: 'maybe' }).success).toBe(false);
  });
});

describe('a variant row of the catalogue file', () => {
  const variant = (over: Record<string, string> = {}) =>
    variantImportRowSchema.safeParse({
      variantSku: 'TEE-M-NAVY',
      variantOptions: 'Size=M; Colour=Navy',
      variantPrice: '450.00',
      variantStock: '3',
      ...over,
    });

  it('reads its options as the export writes them, spaces around the separators or not', () => {
    expect(variant().data).toEqual({
      variantSku: 'TEE-M-NAVY',
      variantOptions: { Size: 'M', Colour: 'Navy' },
      variantPrice: 450,
      // Blank or absent: not on sale.
      variantCompareAtPrice: null,
      variantStock: 3,
    });
    expect(variant({ variantCompareAtPrice: '499.50' }).data?.variantCompareAtPrice).toBe(499.5);
    expect(variant({ variantOptions: 'Size = M;Colour=Navy Blue ' }).data?.variantOptions).toEqual({
      Size: 'M',
      Colour: 'Navy Blue',
    });
  });

  it('refuses options that do not name a value of each option once, and the grid’s wrong SKUs, prices and stock', () => {
    for (const variantOptions of ['', 'Size M', 'Size=', '=M', 'Size=M; Size=L', 'Size=M;'])
      expect(variant({ variantOptions }).error?.issues.map((i) => [i.path, render(i.message, 'en')])).toEqual([
        [['variantOptions'], RULE_MSG.variantOptionsMismatch],
      ]);
    expect(variant({ variantSku: ' ' }).success).toBe(false);
    expect(variant({ variantPrice: '-1' }).success).toBe(false);
    expect(variant({ variantStock: '1.5' }).success).toBe(false);
  });
});
