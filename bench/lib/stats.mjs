/** @param {number} n */
export const round = (n) => Math.round(n * 10) / 10;

/** The middle value of repeated samples. @param {number[]} samples */
export const median = (samples) => [...samples].sort((x, y) => x - y)[Math.floor(samples.length / 2)] ?? -1;

/**
 * The p-th percentile (nearest rank) of latencies, in the same unit.
 * @param {number[]} sorted ascending @param {number} p from 0 to 100
 */
export const percentile = (sorted, p) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? -1) : -1;

/** p50, p95 and p99 of latencies in ms, rounded. @param {number[]} latencies */
export function latencySummary(latencies) {
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
  };
}
