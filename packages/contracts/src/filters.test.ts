import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productFilterShape, productFiltersSchema } from './filters.js';
import {
  FILTER_PARAMS,
  filterEntries,
  filtersFromParams,
  isFilterParam,
  MAX_BRAND_FILTERS,
  MAX_OPTION_FILTER_VALUES,
  MAX_OPTION_FILTERS,
  optionOfParam,
  optionParam,
} from './filterQuery.js';
import { dashboardProductsQuerySchema, productListQuerySchema, searchQuerySchema } from './catalog.js';
import { isSaid, render } from './said.js';

const parse = (query: Record<string, unknown>) => productFiltersSchema.safeParse(query);

describe('product filters', () => {
  it('reads one brand or several, without repeats', () => {
    expect(parse({ brand: 'Apple' }).data?.brand).toEqual(['Apple']);
    expect(parse({ brand: ['Apple', ' Samsung ', 'Apple'] }).data?.brand).toEqual(['Apple', 'Samsung']);
  });

  it(`refuses an empty brand and more than ${MAX_BRAND_FILTERS}`, () => {
    expect(parse({ brand: '' }).success).toBe(false);
    expect(parse({ brand: Array.from({ length: MAX_BRAND_FILTERS + 1 }, (_, i) => `B${i}`) }).success).toBe(false);
  });

  it('reads prices in EGP from the query string, piastres included', () => {
    expect(parse({ minPrice: '99.5', maxPrice: '1200' }).data).toEqual({ minPrice: 99.5, maxPrice: 1200 });
    expect(parse({ minPrice: '-1' }).success).toBe(false);
    expect(parse({ maxPrice: 'cheap' }).success).toBe(false);
    expect(parse({ maxPrice: '' }).success).toBe(false);
    expect(parse({ maxPrice: '1.005' }).success).toBe(false);
  });

  it('refuses a lowest price above the highest, on the highest', () => {
    const result = parse({ minPrice: '500', maxPrice: '100' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['maxPrice']);
    expect(issue && isSaid(issue.message) && render(issue.message, 'en')).toBe(
      'The lowest price cannot be above the highest',
    );
    expect(parse({ minPrice: '100', maxPrice: '100' }).success).toBe(true);
  });

  it('reads a rating of 1 to 5 whole stars', () => {
    expect(parse({ rating: '4' }).data?.rating).toBe(4);
    for (const rating of ['0', '6', '3.5', 'x']) expect(parse({ rating }).success).toBe(false);
  });

  it('reads inStock and cod as true or false only', () => {
    expect(parse({ inStock: 'true', cod: 'false' }).data).toEqual({ inStock: true, cod: false });
    expect(parse({ inStock: 'yes' }).success).toBe(false);
  });

  it('joins the list and search queries, which keep their own fields', () => {
    expect(productListQuerySchema.parse({ category: undefined, brand: 'LG', rating: '3' })).toMatchObject({
      page: 1,
      brand: ['LG'],
      rating: 3,
    });
    expect(searchQuerySchema.parse({ name: 'tv', cod: 'true' })).toMatchObject({ name: 'tv', cod: true });
    // The dashboard's low-stock list, true or false only, is the dashboard's: the storefront's lists have no such filter.
    expect(dashboardProductsQuerySchema.parse({ lowStock: 'true', q: 'tv' })).toEqual({
      page: 1,
      lowStock: true,
      q: 'tv',
    });
    expect(dashboardProductsQuerySchema.safeParse({ lowStock: 'yes' }).success).toBe(false);
    expect(productListQuerySchema.parse({ lowStock: 'true' })).not.toHaveProperty('lowStock');
    expect(searchQuerySchema.parse({ name: 'tv', lowStock: 'true' })).not.toHaveProperty('lowStock');
    expect(searchQuerySchema.safeParse({ name: 'tv', minPrice: '2', maxPrice: '1' }).success).toBe(false);
  });
});

describe('option filters', () => {
  const list = (query: Record<string, unknown>) => productListQuerySchema.safeParse(query);

  it('are fields named after the option, each value repeated, gathered by option', () => {
    expect(optionParam('Size')).toBe('opt.Size');
    expect(optionOfParam('opt.Screen size')).toBe('Screen size');
    expect(optionOfParam('page')).toBeUndefined();
    expect(isFilterParam('opt.Size') && isFilterParam('brand') && !isFilterParam('sortBy')).toBe(true);
    // As Fastify hands over a query string: one value as a string, several as an array.
    expect(list({ 'opt.Size': ['M', 'L', 'M'], 'opt.Colour': 'Red', page: '2' }).data).toEqual({
      page: 2,
      options: { Size: ['M', 'L'], Colour: ['Red'] },
    });
    expect(searchQuerySchema.parse({ name: 'shirt', 'opt.page': 'M' })).toMatchObject({ options: { page: ['M'] } });
  });

  it('take an option named like a list field only behind the prefix, and no field named "options"', () => {
    expect(list({ options: 'x', Size: 'M', junk: '1' }).data).toEqual({ page: 1 });
  });

  it(`refuse an empty name or value, a value over 100 characters, over ${MAX_OPTION_FILTER_VALUES} values or ${MAX_OPTION_FILTERS} options`, () => {
    expect(list({ 'opt.': 'M' }).success).toBe(false);
    expect(list({ 'opt.Size': '' }).success).toBe(false);
    expect(list({ 'opt.Size': 'M'.repeat(101) }).success).toBe(false);
    expect(list({ 'opt.Size': Array.from({ length: MAX_OPTION_FILTER_VALUES + 1 }, (_, i) => `S${i}`) }).success).toBe(
      false,
    );
    const options = Object.fromEntries(Array.from({ length: MAX_OPTION_FILTERS + 1 }, (_, i) => [`opt.O${i}`, 'M']));
    expect(list(options).success).toBe(false);
    expect(list({ 'opt.Size': 'M'.repeat(100) }).success).toBe(true);
  });
});

describe('filters in an address', () => {
  it('round-trip through the query string', () => {
    const filters = {
      brand: ['Apple', 'LG'],
      minPrice: 10.5,
      maxPrice: 900,
      rating: 4,
      inStock: true,
      cod: true,
      options: { Size: ['M', 'L'], 'Screen size': ['55"'] },
    };
    const params = new URLSearchParams(filterEntries(filters));
    expect(params.toString()).toBe(
      'brand=Apple&brand=LG&minPrice=10.5&maxPrice=900&rating=4&inStock=true&cod=true' +
        '&opt.Size=M&opt.Size=L&opt.Screen+size=55%22',
    );
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it(`keep the option filters that pass their rule, the first ${MAX_OPTION_FILTERS}`, () => {
    const params = new URLSearchParams('opt.Size=M&opt.Colour=&opt.=x&opt.A=1&opt.B=2&opt.C=3&opt.Size=L');
    expect(filtersFromParams(params)).toEqual({ options: { Size: ['M', 'L'], A: ['1'], B: ['2'] } });
    expect(filtersFromParams(new URLSearchParams('opt.Size=&brand=LG'))).toEqual({ brand: ['LG'] });
  });

  it('leave out what does not pass its rule, and keep the rest', () => {
    const params = new URLSearchParams('brand=Apple&brand=&rating=9&minPrice=50&maxPrice=10&cod=false&page=2');
    expect(filtersFromParams(params)).toEqual({ minPrice: 50 });
    expect(filtersFromParams(new URLSearchParams('brand=&brand=LG'))).toEqual({});
    // What a form sent without JavaScript holds for the fields left empty.
    expect(filtersFromParams(new URLSearchParams('minPrice=&maxPrice=&rating=&brand=LG'))).toEqual({ brand: ['LG'] });
  });
});

/**
 * An address's filters as the API's schema reads them a field at a time, a field it refuses left out: what the
 * web's reader without zod (`filtersFromParams`) must agree with.
 */
function bySchema(params: URLSearchParams): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const name of FILTER_PARAMS) {
    const raw = name === 'brand' ? params.getAll(name) : params.get(name);
    const parsed = raw === null ? undefined : productFilterShape[name].safeParse(raw);
    const value: unknown = parsed?.success ? parsed.data : undefined;
    if (value !== undefined && value !== false && !(Array.isArray(value) && !value.length)) read[name] = value;
  }
  const range = { minPrice: params.get('minPrice') ?? undefined, maxPrice: params.get('maxPrice') ?? undefined };
  if ('minPrice' in read && 'maxPrice' in read && !productFiltersSchema.safeParse(range).success) delete read.maxPrice;
  const options: [string, unknown][] = [];
  for (const field of new Set(params.keys())) {
    const option = optionOfParam(field);
    if (option === undefined) continue;
    const parsed = productFilterShape.options.safeParse({ [option]: params.getAll(field) });
    if (parsed.success && parsed.data && options.length < MAX_OPTION_FILTERS)
      options.push(...Object.entries(parsed.data));
  }
  if (options.length) read.options = Object.fromEntries(options);
  return read;
}

describe('the filters read without zod', () => {
  it("agree with the API's schema on any address", () => {
    const long = 'x'.repeat(100);
    const value = fc.oneof(
      fc.constantFrom('', ' ', '4', ' 4 ', '4.0', '0x4', '4e0', '3.5', '0', '-1', '6', '10.5', '10.005', '.5', '5.'),
      fc.constantFrom('99999999', '10000000', '10000000.01', '٤', 'true', 'false', 'TRUE', ' true', 'M', ' M '),
      fc.constantFrom(long, ` ${long} `, `${long}x`, 'Apple', 'LG', 'constructor', '__proto__'),
      fc.integer({ min: -10, max: 20_000_000 }).map(String),
      fc.string({ maxLength: 6 }),
    );
    const field = fc.constantFrom(
      ...FILTER_PARAMS,
      ...['opt.Size', 'opt.Colour', 'opt.', 'opt. Size ', 'opt.A', 'opt.B', 'opt.constructor', 'page', 'sortBy'],
      ...[`opt.${long}`, `opt.${long}x`],
    );
    const manyBrands = fc.array(fc.constantFrom('A', 'B', 'C', 'D', ' E ', 'F', 'G'), { minLength: 18, maxLength: 23 });
    const address = fc
      .tuple(
        fc.array(fc.tuple(field, value), { maxLength: 12 }),
        fc.option(manyBrands.map((brands) => brands.map((brand, i) => ['brand', `${brand}${i}`] as [string, string]))),
      )
      .map(([pairs, brands]) => new URLSearchParams([...pairs, ...(brands ?? [])]));
    fc.assert(
      fc.property(address, (params) => {
        expect(filtersFromParams(params)).toEqual(bySchema(params));
      }),
      { numRuns: 3000 },
    );
  });
});
