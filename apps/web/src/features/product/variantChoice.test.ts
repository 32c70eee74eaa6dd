import { describe, expect, it } from 'vitest';
import { aProduct, tShirt } from '../../test/products';
import { priceOfChoice } from './variantChoice';

describe('priceOfChoice', () => {
  it('with nothing chosen, is the product’s own price, "From" when it has options', () => {
    expect(priceOfChoice({ ...tShirt, price: 250, compareAtPrice: 280 }, {})).toEqual({
      price: 250,
      compareAtPrice: 280,
      from: true,
    });
    expect(priceOfChoice(aProduct({ compareAtPrice: 300 }), {})).toEqual({
      price: 250,
      compareAtPrice: 300,
      from: false,
    });
  });

  it('is the lowest price of the variants the choice leaves open, "From" while they differ', () => {
    // M: M/Red 250 and M/Blue 260 (sold out, still sold).
    expect(priceOfChoice(tShirt, { Size: 'M' })).toEqual({ price: 250, compareAtPrice: null, from: true });
    // L is sold in red only, on sale from 300.
    expect(priceOfChoice(tShirt, { Size: 'L' })).toEqual({ price: 270, compareAtPrice: 300, from: false });
    expect(priceOfChoice(tShirt, { Size: 'M', Colour: 'Blue' })).toEqual({
      price: 260,
      compareAtPrice: null,
      from: false,
    });
  });

  it('shows a sale only when the variants at the price shown share it', () => {
    const [mRed, mBlue] = tShirt.variants ?? [];
    if (!mRed || !mBlue) throw new Error('the T-shirt has its variants');
    const inM = (mBlueWas: number | null) => ({
      ...tShirt,
      variants: [
        { ...mRed, price: 250, compareAtPrice: 300 },
        { ...mBlue, price: 250, compareAtPrice: mBlueWas },
      ],
    });
    expect(priceOfChoice(inM(300), { Size: 'M' })).toEqual({ price: 250, compareAtPrice: 300, from: false });
    expect(priceOfChoice(inM(null), { Size: 'M' })).toEqual({ price: 250, compareAtPrice: null, from: false });
  });

  it('falls back to the product’s price when no variant fits the choice', () => {
    expect(priceOfChoice(tShirt, { Size: 'XL' })).toEqual({ price: 250, compareAtPrice: null, from: true });
  });
});
