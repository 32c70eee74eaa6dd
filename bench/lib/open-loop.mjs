/**
 * Arrivals at a fixed rate, whatever is still outstanding (an open loop, as wrk2 would send): arrival i is due at
 * start + i / rate and `arrive` gets that time, so a latency measured from it counts a slow answer in full rather
 * than letting it hold back the next request, and counts the generator's own lateness too. A timer wakes for the
 * next due arrival and starts every one that has come due, so timers firing late do not lower the rate. What it
 * costs is one timer per arrival at most: nothing beside the requests themselves.
 * @param {{ rate: number, count: number, arrive: (i: number, due: number) => Promise<unknown> }} options `due` is
 *   on performance.now()'s clock
 * @returns {Promise<{ elapsed_s: number, behind_ms: number }>} how long it took, and how late the latest arrival
 *   was started (the generator falling behind shows here)
 */
export function openLoop({ rate, count, arrive }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const dueAt = (/** @type {number} */ i) => start + (i * 1000) / rate;
    /** @type {Promise<unknown>[]} */
    const arrivals = [];
    let behind = 0;
    const tick = () => {
      const now = performance.now();
      while (arrivals.length < count && dueAt(arrivals.length) <= now) {
        const i = arrivals.length;
        behind = Math.max(behind, now - dueAt(i));
        arrivals.push(arrive(i, dueAt(i)));
      }
      if (arrivals.length < count) {
        setTimeout(tick, Math.max(0, dueAt(arrivals.length) - performance.now()));
        return;
      }
      Promise.all(arrivals).then(
        () => resolve({ elapsed_s: (performance.now() - start) / 1000, behind_ms: Math.round(behind) }),
        reject,
      );
    };
    tick();
  });
}
