/** A least-recently-used map bounded by the total size of its values, with a maximum age per entry. */
export class LruCache<V extends { size: number }> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.bytes -= entry.value.size;
      return undefined;
    }
    // Re-inserted last: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value kept for `key`, without counting it as used. */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expires > this.now() ? entry.value : undefined;
  }

  set(key: string, value: V): void {
    if (value.size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.value.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, expires: this.now() + this.maxAgeMs });
    this.bytes += value.size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.value.size;
    }
  }

  /** Drops every value `doomed` picks. */
  deleteWhere(doomed: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!doomed(entry.value)) continue;
      this.entries.delete(key);
      this.bytes -= entry.value.size;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
