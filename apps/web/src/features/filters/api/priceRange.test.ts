import { describe, expect, it } from 'vitest';
import { render } from '@shop/contracts';
import { readPriceRange } from './priceRange';

describe('readPriceRange', () => {
  it('reads EGP amounts, an empty field being no bound', () => {
    expect(readPriceRange('100', ' 250.5 ')).toEqual({ range: { minPrice: 100, maxPrice: 250.5 } });
    expect(readPriceRange('', '')).toEqual({ range: { minPrice: undefined, maxPrice: undefined } });
  });

  it('flags a malformed amount on its own field', () => {
    expect(readPriceRange('-5', 'abc')).toEqual({ errors: { minPrice: null, maxPrice: null } });
  });

  it("says the shared rule's message when the ends cross", () => {
    const result = readPriceRange('500', '100');
    const message = 'errors' in result ? result.errors.maxPrice : undefined;
    expect(message && render(message, 'en')).toBe('The lowest price cannot be above the highest');
  });
});
