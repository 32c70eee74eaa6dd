import { describe, expect, it } from 'vitest';
import { linesTotal, toEgp, toPiastres, VAT_RATE, vatIncluded } from './money.js';

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
});
