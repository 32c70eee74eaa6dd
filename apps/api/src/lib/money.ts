// The conversions are defined once, in contracts (the web app sums carts with them too).
export { toEgp, toPiastres } from '@shop/contracts';

/** `total` piastres shared over `weights` in proportion, the remainders going to the largest fractions. */
export function share(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!sum || !total) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
  }
  return parts;
}
