import { readJson, writeJson } from './storage';

/*
 * The product pages this shopper opened, newest first, kept in this browser only (local storage): the home's
 * "Recently viewed" row reads them after the app starts. Ids only: the row asks for each product, so its price and
 * stock are today's, not those of the visit.
 */

const KEY = 'recentlyViewed';
/** The row shows at most this many. */
export const RECENTLY_VIEWED_MAX = 8;

const isId = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{1,64}$/.test(value);

/** The ids of the products viewed, newest first (a hand-edited or foreign value reads as none). */
export function recentlyViewed(): string[] {
  const saved = readJson(KEY);
  return Array.isArray(saved) ? saved.filter(isId).slice(0, RECENTLY_VIEWED_MAX) : [];
}

/** Puts a product first, once. */
export function rememberViewed(id: string): void {
  writeJson(KEY, [id, ...recentlyViewed().filter((seen) => seen !== id)].slice(0, RECENTLY_VIEWED_MAX));
}

/** Forgets a product that is gone (its page answers 404). */
export function forgetViewed(id: string): void {
  writeJson(
    KEY,
    recentlyViewed().filter((seen) => seen !== id),
  );
}
