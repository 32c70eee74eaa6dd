export type Read = { headers: Record<string, string | string[] | number | undefined>; json(): unknown };

/**
 * Reads until an answer is stored and the next one comes from memory. A catalogue write is announced
 * asynchronously (NOTIFY at commit), and an answer computed while that news arrives is not stored (it
 * might predate the change), so the first reads may be neither. `reads` counts what was seen.
 */
export async function readUntilHit<R extends Read>(
  read: (url: string) => Promise<R>,
  url: string,
): Promise<{ stored: R; hit: R; reads: { miss: number; hit: number } }> {
  let stored: R | undefined;
  const reads = { miss: 0, hit: 0 };
  for (let i = 0; i < 50; i++) {
    const res = await read(url);
    if (res.headers['x-cache'] === 'hit') reads.hit++;
    if (res.headers['x-cache'] === 'hit' && stored) return { stored, hit: res, reads };
    if (res.headers['x-cache'] === 'miss') {
      reads.miss++;
      stored = res;
    }
  }
  throw new Error(`${url} was never answered from the cache`);
}

/**
 * Reads until an answer comes from memory, whether this read or an earlier one stored it: for a test that needs
 * an address cached, the catalogue's announcements of its fixtures (each empties the cache) may still be arriving.
 */
export async function readFromCache<R extends Read>(read: (url: string) => Promise<R>, url: string): Promise<R> {
  for (let i = 0; i < 50; i++) {
    const res = await read(url);
    if (res.headers['x-cache'] === 'hit') return res;
  }
  throw new Error(`${url} was never answered from the cache`);
}
