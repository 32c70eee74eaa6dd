/** A count kept in this process's memory until its window ends (ms since the epoch). */
export interface Window {
  endsAt: number;
}

/**
 * Bounded: past this many keys, ended windows go, then the oldest one not full now. A new key is always counted: one
 * left uncounted once the store was full let a flood of made-up keys (e-mails, accounts) open the way to unlimited
 * tries, and a key that is full now is the one worth keeping.
 */
export const MAX_KEYS = 100_000;
/** How many full keys a new one looks past before the oldest goes anyway: a full store costs little per try. */
const LOOK_PAST = 100;

/**
 * Makes room for one more key in `windows`, a map whose windows are all as long and were added in the order they
 * started. `full` says which are refusing now; they are kept, moved behind the others, unless too many stand first.
 */
export function makeRoom<W extends Window>(windows: Map<string, W>, full: (w: W) => boolean, now: number): void {
  if (windows.size < MAX_KEYS) return;
  // In the order they started (but for the full moved behind): the first to end come first.
  for (const [k, w] of windows) {
    if (w.endsAt > now) break;
    windows.delete(k);
  }
  let looked = 0;
  for (const [k, w] of windows) {
    if (windows.size < MAX_KEYS) return;
    windows.delete(k);
    if (w.endsAt > now && full(w) && ++looked <= LOOK_PAST) windows.set(k, w);
  }
}
