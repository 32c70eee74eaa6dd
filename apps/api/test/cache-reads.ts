import { MAX_AGE_MS } from '../src/plugins/response-cache.js';

export type Read = { headers: Record<string, string | string[] | number | undefined>; json(): unknown };

/** Reads the address again until `done` says an answer is the one sought, which it returns. */
async function readUntil<R extends Read>(
  read: (url: string) => Promise<R>,
  url: string,
  done: (res: R) => boolean,
): Promise<R> {
  for (let i = 0; i < 50; i++) {
    const res = await read(url);
    if (done(res)) return res;
  }
  throw new Error(`${url} was never answered from the cache`);
}

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
  const hit = await readUntil(read, url, (res) => {
    const cache = res.headers['x-cache'];
    if (cache === 'hit') reads.hit++;
    if (cache === 'miss') {
      reads.miss++;
      stored = res;
    }
    return cache === 'hit' && stored !== undefined;
  });
  if (!stored) throw new Error(`${url} was answered from memory before any answer was stored`);
  return { stored, hit, reads };
}

/**
 * Reads until an answer comes from memory, whether this read or an earlier one stored it: for a test that needs
 * an address cached, the catalogue's announcements of its fixtures (each empties the cache) may still be arriving.
 */
export const readFromCache = <R extends Read>(read: (url: string) => Promise<R>, url: string): Promise<R> =>
  readUntil(read, url, (res) => res.headers['x-cache'] === 'hit');

/**
 * Reads again until `shows` says a change is served, for a quarter of the time the cache keeps an answer (MAX_AGE_MS):
 * a change served by then was dropped by its news, not aged out. The news comes in milliseconds on a quiet machine;
 * the bound is what lets a loaded one (seconds per request) pass without letting a cache that misses the news pass.
 */
export async function servedBeforeExpiry(shows: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + MAX_AGE_MS / 4;
  for (;;) {
    if (await shows()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
