const PAGE = 4096;
const BYTES = 64 << 20;

/**
 * What a page the kernel hands a process costs on this machine, in µs: the median of three runs writing one byte to
 * each page of 64 MB fresh from it (a buffer this large is mapped apart, and its pages are only given when first
 * written). Under a microsecond on common hardware; some virtual machines take over ten times as long, and there a
 * process that gives memory back and takes it again pays for it on every statement (docs/decisions/backend-heap.md).
 * @returns {number}
 */
export function pageFaultMicros() {
  const runs = [0, 1, 2].map(() => {
    const fresh = Buffer.allocUnsafeSlow(BYTES);
    const started = process.hrtime.bigint();
    for (let offset = 0; offset < BYTES; offset += PAGE) fresh[offset] = 1;
    return Number(process.hrtime.bigint() - started) / 1e3 / (BYTES / PAGE);
  });
  const [, median = 0] = runs.sort((a, b) => a - b);
  return Math.round(median * 100) / 100;
}
