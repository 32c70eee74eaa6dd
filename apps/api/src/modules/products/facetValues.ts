/** A facet's entry: a value and the products it would leave. */
type Counted = { value: string; count: number };

/**
 * A facet's values, most products first (then by value), at most `limit` of them. A chosen value stays listed
 * (made by `unmatched`, at 0, when nothing else matches) so that the panel can show it ticked and unchoose it.
 */
export function rankedValues<T extends Counted>(
  found: T[],
  chosen: Iterable<string>,
  limit: number,
  unmatched: (value: string) => T,
): T[] {
  const picked = new Set(chosen);
  const listed = new Set(found.map((entry) => entry.value));
  return [...found, ...[...picked].filter((value) => !listed.has(value)).map(unmatched)]
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .filter((entry, index) => index < limit || picked.has(entry.value));
}
