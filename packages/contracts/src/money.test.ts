import { describe, expect, it } from 'vitest';
import { linesTotal, toEgp, toPiastres } from './money.js';

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
});
