/** `n` to `digits` decimals (one unless told). @param {number} n */
export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A sorted copy. @param {number[]} numbers */
const ascending = (numbers) => [...numbers].sort((x, y) => x - y);

/**
 * The p-th percentile (nearest rank) of latencies, in the same unit.
 * @param {number[]} sorted ascending @param {number} p from 0 to 100
 */
const percentile = (sorted, p) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? -1) : -1;

/** The middle value of repeated samples (an odd number of them). @param {number[]} samples */
export const median = (samples) => percentile(ascending(samples), 50);

/** p50, p95 and p99 of latencies in ms, rounded. @param {number[]} latencies */
export function latencySummary(latencies) {
  const sorted = ascending(latencies);
  return {
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
  };
}
