// Asks the search mix's queries one after another, none waiting behind another, and prints each kind's mean and
// percentiles end to end: what a search costs alone, apart from the queueing a fixed rate adds (`search_mix`).
// Usage: node bench/search-one-by-one.mjs PORT[,PORT2] [N=800] [SEED=7]
//   against a production server started by hand on a seeded database with its cache off (CACHE_MAX_MB=0), so that
//   every answer is searched; the first 50 queries are asked once before, to warm the connections.
//   With two ports (two builds served side by side, a database each), each query is asked of one and then the
//   other, alternating which goes first, so that the machine's other load falls on both alike; the last line is the
//   second's p95 over the first's.
import { ACCEPT_ENCODING, httpClient } from './lib/http-client.mjs';
import { queryMix } from './lib/queries.mjs';
import { latencySummary, round } from './lib/stats.mjs';

const ports = (process.argv[2] ?? '').split(',').filter(Boolean).map(Number);
const [count, seed] = [Number(process.argv[3] ?? 800), Number(process.argv[4] ?? 7)];
if (!ports.length || ports.length > 2 || ports.some((port) => !port))
  throw new Error('usage: node bench/search-one-by-one.mjs PORT[,PORT2] [N] [SEED]');
const servers = ports.map((port) => ({
  port,
  client: httpClient(port, 1),
  all: /** @type {number[]} */ ([]),
  byKind: /** @type {Record<string, number[]>} */ ({}),
}));
const queries = queryMix(seed).take(count);

/** @param {ReturnType<typeof httpClient>} client @param {string} url @returns {Promise<number>} ms */
async function timed(client, url) {
  const started = process.hrtime.bigint();
  const { status } = await client.api(url, { headers: { 'accept-encoding': ACCEPT_ENCODING }, read: 'none' });
  if (status !== 200) throw new Error(`${url}: ${status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

for (const { url } of queries.slice(0, 50)) for (const { client } of servers) await timed(client, url);
for (const [i, { url, kind }] of queries.entries()) {
  for (const server of i % 2 ? [...servers].reverse() : servers) {
    const ms = await timed(server.client, url);
    server.all.push(ms);
    (server.byKind[kind] ??= []).push(ms);
  }
}
for (const { port, all, byKind } of servers) {
  if (servers.length > 1) console.log(`port ${port}`);
  for (const [kind, latencies] of Object.entries({ all, ...byKind })) {
    const mean = round(latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length, 2);
    console.log(
      kind.padEnd(11),
      JSON.stringify({ queries: latencies.length, mean_ms: mean, ...latencySummary(latencies) }),
    );
  }
}
const [first, second] = servers;
if (first && second) {
  const p95 = (/** @type {number[]} */ all) => latencySummary(all).p95_ms;
  console.log(`p95 ratio (port ${second.port} / port ${first.port}): ${round(p95(second.all) / p95(first.all), 2)}`);
}
for (const { client } of servers) client.close();
