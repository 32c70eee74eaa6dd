import { describe, expect, it } from 'vitest';
import { activeFilterCount, withFilters } from './useProductFilters';

describe('withFilters', () => {
  it('replaces the filters, keeps the sort order and drops the page', () => {
    const current = new URLSearchParams('sortBy=Price%3A+Low+to+High&brand=LG&page=3&cod=true');
    expect(withFilters(current, { brand: ['Apple', 'Samsung'], maxPrice: 500 }).toString()).toBe(
      'sortBy=Price%3A+Low+to+High&brand=Apple&brand=Samsung&maxPrice=500',
    );
    expect(withFilters(current, {}).toString()).toBe('sortBy=Price%3A+Low+to+High');
    const sized = new URLSearchParams('opt.Size=M&sortBy=Price%3A+Low+to+High&opt.Colour=Red');
    expect(withFilters(sized, { options: { Size: ['L'] } }).toString()).toBe('sortBy=Price%3A+Low+to+High&opt.Size=L');
  });
});

describe('activeFilterCount', () => {
  it('counts each brand and option value, and a price range once', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ brand: ['A', 'B'], minPrice: 1, maxPrice: 9, rating: 4, inStock: true })).toBe(5);
    expect(activeFilterCount({ maxPrice: 9, cod: true })).toBe(2);
    expect(activeFilterCount({ brand: ['A'], options: { Size: ['M', 'L'], Colour: ['Red'] } })).toBe(4);
  });
});
