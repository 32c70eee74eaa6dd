import fs from 'node:fs';
import path from 'node:path';
import { ACCEPT_ENCODING, httpClient } from './http-client.mjs';
import { openLoop } from './open-loop.mjs';
import { settled } from './server.mjs';
import { latencySummary, round } from './stats.mjs';
import { WRK_THREADS, wrk } from './wrk.mjs';

/** The fixed arrival rate at which latencies are read (queries per second). */
export const FIXED_RATE = 100;
/** The closed loop runs until it has sent at least this many distinct queries, if it can within MAX_SECONDS. */
const MIN_QUERIES = 2000;
const MAX_SECONDS = 120;
/** The probe's queries: more than any uncached search rate here sends in its second. */
const PROBE_QUERIES = 4000;

/**
 * Searches that are each asked once, so no answer comes from the response cache: first a second of wrk to warm up
 * and learn the rate (its queries are not asked again), then latencies at a fixed rate in an open loop, then the most
 * queries per second `connections` clients get answered, in wrk's closed loop over a list long enough for the run
 * which lasts `seconds`, or longer if that is what MIN_QUERIES take at the probe's rate.
 * The open loop is node:http (100 queries a second cost it about 1% of a core, bodies decompressed and counted);
 * the closed loop is wrk (a few percent of a core at thousands of requests a second).
 * @param {{ root: string, work: string, port: number, connections: number, seconds: number,
 *   mix: ReturnType<typeof import('./queries.mjs').queryMix> }} options the queries come from `mix`
 */
export async function measureSearchMix({ root, work, port, connections, seconds, mix }) {
  const base = `http://127.0.0.1:${port}`;
  /** Writes queries for search-list.lua: one address a line, `n` or what the mix has left. @param {number} n */
  const list = (n) => {
    const file = path.join(work, `queries-${n}.txt`);
    fs.writeFileSync(
      file,
      `${mix
        .take(n, false)
        .map((q) => q.url)
        .join('\n')}\n`,
    );
    return file;
  };
  /** @param {string} file @param {number} s */
  const closedLoop = (file, s) =>
    wrk(root, `${base}/`, {
      connections,
      seconds: s,
      script: 'bench/search-list.lua',
      args: [file, String(WRK_THREADS)],
      // Uncached searches on a loaded machine can take seconds: they count in the latencies rather than as errors.
      timeout: 30,
    });

  const probe = closedLoop(list(PROBE_QUERIES), 1);
  await settled(port);
  const fixedQueries = mix.take(FIXED_RATE * seconds);
  const fixed = await fixedRate(port, fixedQueries);
  const maxSeconds = Math.min(MAX_SECONDS, Math.max(seconds, Math.ceil((MIN_QUERIES * 1.2) / (probe.rps || 1))));
  /** A closed loop over twice the queries `rps` needs for the run. @param {number} rps */
  const closedLoopAt = (rps) =>
    closedLoop(list(Math.ceil(Math.max(rps * maxSeconds * 2, MIN_QUERIES * 1.5))), maxSeconds);
  let max = closedLoopAt(probe.rps);
  let discarded = 0;
  // The probe's second, warming up, can be less than half the rate (87 a second against 190), or a tenth of it on
  // cold connections: a run that ran out of queries asked some twice, so it is run again, over new queries enough
  // for the rate it reached. That rate counts the repeated queries, answered from the cache at many times the
  // rate: the list is cut at what the mix has left (over 170,000), and what is still sent twice is reported.
  if (max.repeated) {
    console.warn(`bench: the search mix ran out of queries at ${Math.round(max.rps)}/s: its closed loop runs again`);
    discarded = max.distinct;
    await settled(port);
    max = closedLoopAt(max.rps);
  }
  const repeated = probe.repeated + max.repeated;
  if (repeated) console.warn(`bench: the search mix ran out of queries: ${repeated} were sent again`);
  return {
    // Distinct queries sent, the discarded closed loop's too (wrk counts what it sent again in `repeated`).
    queries: probe.distinct + fixedQueries.length + discarded + max.distinct,
    max_rps: Math.round(max.rps),
    max_s: maxSeconds,
    max_p99_ms: round(max.p99_ms),
    max_errors: max.errors,
    repeated,
    rate: FIXED_RATE,
    ...fixed,
    // What was drawn for the lists, of which the closed loops sent what they had time for.
    drawn: mix.tally(),
  };
}

/**
 * The queries at `rate` a second, each timed from when it was due: p50/p95/p99, the share answered from the
 * cache (x-cache: hit), and by kind the share that found nothing (a tenth is meant to; typos should find) and p95,
 * which says what the tail is made of.
 * @param {number} port @param {{ url: string, kind: string }[]} queries @param {number} [rate]
 */
export async function fixedRate(port, queries, rate = FIXED_RATE) {
  const client = httpClient(port);
  /** @type {number[]} */
  const latencies = [];
  let hits = 0;
  let errors = 0;
  /** @type {Record<string, { empty: number, latencies: number[] }>} */
  const byKind = {};
  try {
    const { behind_ms } = await openLoop({
      rate,
      count: queries.length,
      arrive: async (i, due) => {
        const query = /** @type {{ url: string, kind: string }} */ (queries[i]);
        const res = await client.api(query.url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }).catch(() => null);
        const latency = performance.now() - due;
        latencies.push(latency);
        if (res?.status !== 200) {
          errors++;
          return;
        }
        if (res.headers['x-cache'] === 'hit') hits++;
        const kind = (byKind[query.kind] ??= { empty: 0, latencies: [] });
        kind.latencies.push(latency);
        if (!res.body?.products?.length) kind.empty++;
      },
    });
    return {
      ...latencySummary(latencies),
      cache_share: round(hits / queries.length, 3),
      errors,
      behind_ms,
      empty_share: Object.fromEntries(
        Object.entries(byKind).map(([kind, { empty, latencies }]) => [kind, round(empty / latencies.length, 2)]),
      ),
      p95_ms_by_kind: Object.fromEntries(
        Object.entries(byKind).map(([kind, { latencies }]) => [kind, latencySummary(latencies).p95_ms]),
      ),
    };
  } finally {
    client.close();
  }
}
