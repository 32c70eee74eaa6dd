import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { intlLocale } from './locale.js';
import { formatPrice, linesTotal, toEgp, toPiastres, VAT_RATE, vatIncluded } from './money.js';

describe('money', () => {
  it('converts EGP to whole piastres and back', () => {
    expect(toPiastres(1299.99)).toBe(129999);
    expect(toPiastres(0.1 + 0.2)).toBe(30);
    expect(toEgp(129999)).toBe(1299.99);
  });

  it('sums lines to the piastre where adding EGP numbers drifts', () => {
    const lines = [
      { price: 0.1, quantity: 1 },
      { price: 0.2, quantity: 1 },
      { price: 19.99, quantity: 3 },
    ];
    expect(lines.reduce((sum, line) => sum + line.price * line.quantity, 0)).not.toBe(60.27);
    expect(linesTotal(lines)).toBe(60.27);
    expect(linesTotal([])).toBe(0);
  });

  it('finds the 14% VAT inside a VAT-inclusive total, to the piastre', () => {
    expect(VAT_RATE).toBe(0.14);
    expect(vatIncluded(114)).toBe(14);
    expect(vatIncluded(1140.57)).toBe(140.07);
    // 100 × 14 / 114 = 12.2807… (down); 10 × 14 / 114 = 1.2280… (up); 19,499 × 14 / 114 = 2,394.614…
    expect(vatIncluded(100)).toBe(12.28);
    expect(vatIncluded(10)).toBe(1.23);
    expect(vatIncluded(19499)).toBe(2394.61);
    expect(vatIncluded(0.01)).toBe(0);
    expect(vatIncluded(0)).toBe(0);
  });

  describe('formatPrice', () => {
    const intl = (value: number, locale: string) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'EGP',
        currencyDisplay: 'symbol',
        minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(value);

    it('writes EGP as Intl.NumberFormat does in both languages, for any amount in piastres', () => {
      const amounts = fc.oneof(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.constantFrom(0, 1, 5, 99, 100, 999, 1000, 1001, 99999, 100000, 123456789, -1, -100),
      );
      fc.assert(
        fc.property(amounts, fc.constantFrom('en', 'ar'), (piastres, language) => {
          const value = toEgp(piastres);
          expect(formatPrice(value, intlLocale(language))).toBe(intl(value, intlLocale(language)));
        }),
        { numRuns: 2000 },
      );
    });

    it('shows whole pounds without decimals and piastres with two, in English by default', () => {
      expect(formatPrice(19499)).toBe('EGP\u00a019,499');
      expect(formatPrice(42.5)).toBe('EGP\u00a042.50');
      expect(formatPrice(1234567.05, intlLocale('ar'))).toBe('\u200f1,234,567.05\u00a0ج.م.\u200f');
    });
  });
});
