// Asks the search mix's queries one after another, none waiting behind another, and prints each kind's mean and
// percentiles end to end: what a search costs alone, apart from the queueing a fixed rate adds (`search_mix`).
// Usage: node bench/search-one-by-one.mjs PORT [N=800] [SEED=7]
//   against a production server started by hand on a seeded database with its cache off (CACHE_MAX_MB=0), so that
//   every answer is searched; the first 50 queries are asked once before, to warm the connections.
import { ACCEPT_ENCODING, httpClient } from './lib/http-client.mjs';
import { queryMix } from './lib/queries.mjs';
import { latencySummary, round } from './lib/stats.mjs';

const [port, count, seed] = [Number(process.argv[2]), Number(process.argv[3] ?? 800), Number(process.argv[4] ?? 7)];
if (!port) throw new Error('usage: node bench/search-one-by-one.mjs PORT [N] [SEED]');
const client = httpClient(port, 1);
const queries = queryMix(seed).take(count);

/** @param {string} url @returns {Promise<number>} ms */
async function timed(url) {
  const started = process.hrtime.bigint();
  const { status } = await client.api(url, { headers: { 'accept-encoding': ACCEPT_ENCODING }, read: 'none' });
  if (status !== 200) throw new Error(`${url}: ${status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

for (const { url } of queries.slice(0, 50)) await timed(url);
/** @type {number[]} */
const all = [];
/** @type {Record<string, number[]>} */
const byKind = {};
for (const { url, kind } of queries) {
  const ms = await timed(url);
  all.push(ms);
  (byKind[kind] ??= []).push(ms);
}
for (const [kind, latencies] of Object.entries({ all, ...byKind })) {
  const mean = round(latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length, 2);
  console.log(
    kind.padEnd(11),
    JSON.stringify({ queries: latencies.length, mean_ms: mean, ...latencySummary(latencies) }),
  );
}
client.close();
