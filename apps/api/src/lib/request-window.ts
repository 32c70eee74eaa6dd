/**
 * Requests per key in fixed one-minute windows, counted in this process's memory: cheap enough to
 * run on every cached read, where a Redis round trip would cost more than the answer itself.
 */
export class RequestWindow {
  private counts = new Map<string, number>();
  private windowEnds = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    /** Keys kept per window: beyond it, new keys pass uncounted rather than grow memory; counted ones stay limited. */
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`; the seconds until it may ask again when it is over the limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    if (now >= this.windowEnds) {
      this.counts.clear();
      this.windowEnds = now + this.windowMs;
    }
    const before = this.counts.get(key);
    if (before === undefined && this.counts.size >= this.maxKeys) return 0;
    const count = (before ?? 0) + 1;
    this.counts.set(key, count);
    return count > this.max ? Math.ceil((this.windowEnds - now) / 1000) : 0;
  }
}
