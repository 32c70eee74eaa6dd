// `npm run bench`: seeds N products, starts the production server and measures it part by part (bench/README.md
// says what each part measures and how), then prints a summary and writes bench/results/latest.json and latest.md.
// Options: --products N (100000) · --quick (10,000 products, short runs, no start from a fresh clone, one
// Lighthouse run a page) · --duration S · --connections C · --no-build · --no-web · --start (adds the fresh clone's
// start to a quick run) · --only part,part (just those; their figures replace theirs in the results) · --out NAME
// (bench/results/NAME.json and .md instead of latest) · --port P (3400, and the two after it) · --mixed-limit MS (the
// p99 the mixed traffic ramps up to, 100) · --pool N (PostgreSQL connections per API process)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from './lib/database.mjs';
import { measureEndpoints } from './lib/endpoints.mjs';
import { httpClient } from './lib/http-client.mjs';
import { measureLighthouse } from './lib/lighthouse.mjs';
import { P99_LIMIT_MS, measureMixed } from './lib/mixed.mjs';
import { BROTLI_STATIC_MODULE } from './lib/nginx.mjs';
import { placeOrders } from './lib/orders.mjs';
import { pageFaultMicros } from './lib/page-fault.mjs';
import { SERVER_NICE, raiseGeneratorPriority } from './lib/priority.mjs';
import { queryMix } from './lib/queries.mjs';
import { markdown } from './lib/report.mjs';
import { measureFiltered } from './lib/filtered.mjs';
import { measureSearchMix } from './lib/search-mix.mjs';
import { ensurePackage, ensurePortFree, hasCommand, log, rssMb, settled, startServer, waitFor } from './lib/server.mjs';
import { registerShoppers } from './lib/shoppers.mjs';
import { measureStart } from './lib/start.mjs';
import { round } from './lib/stats.mjs';
import { CHROMIUM, measureWeb } from './lib/web.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => args.includes(`--${name}`);
/** @param {string} name */
const value = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
/** A number given as `--name N`, or undefined. @param {string} name */
const given = (name) => {
  const text = value(name);
  return text === undefined ? undefined : Number(text);
};
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => given(name) ?? fallback;
const quick = flag('quick');
const products = option('products', quick ? 10_000 : 100_000);
const duration = option('duration', quick ? 4 : 10);
const connections = option('connections', 64);
/** Database connections per API process: unset, the shop's default (DB_POOL_MAX). */
const pool = given('pool');
// Three ports from --port: the API, nginx, and the fresh clone's server (a shared machine may have a 3400 taken).
const API_PORT = option('port', 3400);
const NGINX_PORT = API_PORT + 1;
const START_PORT = API_PORT + 2;
/** Buyers of the mixed traffic: more than ever check out at once at the rates a 2-core machine reaches. */
const MIXED_BUYERS = 32;

const PARTS = ['endpoints', 'search_mix', 'filtered', 'mixed', 'orders', 'orders_spread', 'web', 'web_mobile', 'start'];
const only = value('only')?.split(',');
for (const part of only ?? []) if (!PARTS.includes(part)) throw new Error(`--only: no part ${part} (${PARTS})`);
const parts = new Set(
  only ??
    PARTS.filter(
      (part) =>
        !(part === 'start' && quick && !flag('start')) && !(['web', 'web_mobile'].includes(part) && flag('no-web')),
    ),
);
const needsServer = [...parts].some((part) => part !== 'start');
const results = path.join(root, 'bench/results', value('out') ?? 'latest');
/** What makes two runs' figures comparable: the catalogue, the length of each run, the connections, the pool. */
const RUN_SHAPE = { products, duration_s: duration, connections, db_pool: pool ?? 'default' };
/**
 * The earlier run in the results file, which this one adds to when they have the same shape: an --only run must
 * (it is refused otherwise, before any work), and a full run that fails part-way keeps the parts it did not reach.
 */
const previous = (() => {
  if (!fs.existsSync(`${results}.json`)) return {};
  const earlier = JSON.parse(fs.readFileSync(`${results}.json`, 'utf8'));
  const differ = Object.entries(RUN_SHAPE).filter(([key, v]) => earlier[key] !== undefined && earlier[key] !== v);
  if (!differ.length) return earlier;
  if (only)
    throw new Error(
      `--only would add figures of another run (${differ.map(([key, v]) => `${key} ${v}, not ${earlier[key]}`).join('; ')}) to ${results}.json: choose another --out`,
    );
  return {};
})();

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
// nginx's workers run as an unprivileged user: they must be able to read the served files.
fs.chmodSync(work, 0o755);
/** @type {(() => unknown)[]} */
const cleanups = [];

/** The figures, in the order latest.json lists them; a part not run stays undefined and is left out. */
/** @type {Record<string, any>} */
const report = Object.fromEntries(
  [
    ...[
      'date',
      'products',
      'seed_s',
      'db_mb',
      'db_buffers_mb',
      'db',
      'workers',
      'cores',
      'page_fault_us',
      'duration_s',
      'connections',
      'db_pool',
      'load',
      'loads',
    ],
    ...[
      'endpoints',
      'ssr',
      'search_mix',
      'filtered',
      'mixed',
      'orders',
      'orders_spread',
      'web',
      'web_mobile',
      'start',
      'rss_mb',
    ],
  ].map((key) => [key, undefined]),
);
/** @type {Record<string, { before: number, after: number, started: string, generator_nice: number, server_nice: number }>} */
const loads = {};
/**
 * Runs one part if it was asked for, with the machine's load before and after it (the machine may be shared: its
 * load beside the figures says how far they can be trusted).
 * @template T @param {string} name @param {() => Promise<T>} measure
 * @param {{ settle?: boolean }} [options] `settle: false` for a part that does not use the running server
 * @returns {Promise<T | undefined>}
 */
async function part(name, measure, { settle = true } = {}) {
  if (!parts.has(name)) return undefined;
  log(`measuring ${name}`);
  // Each part starts on a server that has worked off the previous part's queue.
  if (settle) await settled(API_PORT);
  const started = new Date().toISOString();
  const [before = 0] = os.loadavg();
  const result = await measure();
  const [after = 0] = os.loadavg();
  loads[name] = {
    before: round(before),
    after: round(after),
    started,
    generator_nice: os.getPriority(),
    server_nice: SERVER_NICE,
  };
  return result;
}

async function main() {
  report.date = new Date().toISOString();
  const [loadBefore = 0] = os.loadavg();
  report.page_fault_us = pageFaultMicros();
  if (parts.has('endpoints') || parts.has('search_mix')) ensurePackage(hasCommand('wrk'), 'wrk');
  if (parts.has('endpoints')) {
    ensurePackage(hasCommand('nginx'), 'nginx-light');
    ensurePackage(fs.existsSync(BROTLI_STATIC_MODULE), 'libnginx-mod-http-brotli-static');
  }
  if (parts.has('web') || parts.has('web_mobile')) ensurePackage(fs.existsSync(CHROMIUM), 'chromium');
  // First, while nothing of this run loads the machine.
  report.start = await part('start', () => measureStart({ root, work, port: START_PORT }), { settle: false });

  // The parts measured before one fails are kept: a failure late in a long run must not lose the rest.
  try {
    if (needsServer) await measureServer();
  } finally {
    const [loadAfter = 0] = os.loadavg();
    report.load = { before: round(loadBefore), after: round(loadAfter) };
    report.loads = loads;
    save();
  }
}

/** Figures of the whole run rather than of a part: a run of some parts leaves the earlier run's in place. */
const RUN_FIGURES = ['date', 'seed_s', 'db_mb', 'db_buffers_mb', 'load', 'rss_mb'];

/**
 * Writes the results (latest.json and latest.md unless --out): a full run's figures replace the file; the parts of
 * an --only run replace theirs and keep the rest, with the earlier run's date, seeding, load and memory (each
 * part's own load and start are in `loads`, so figures kept from the earlier run are told apart).
 */
function save() {
  const measured = Object.fromEntries(
    Object.entries(report).filter(
      ([key, v]) => v !== undefined && !(only && RUN_FIGURES.includes(key) && 'date' in previous),
    ),
  );
  const merged = { ...previous, ...measured, loads: { ...previous.loads, ...loads } };
  const lines = markdown(merged);
  console.log(`\n${lines.join('\n')}`);
  fs.mkdirSync(path.dirname(results), { recursive: true });
  fs.writeFileSync(`${results}.json`, `${JSON.stringify(merged, null, 2)}\n`);
  fs.writeFileSync(`${results}.md`, `${lines.join('\n')}\n`);
}

async function measureServer() {
  if (!flag('no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const db = await prepareDatabase(work, products);
  log(`seeding ${products} products into ${db.kind}`);
  const seedFile = path.join(work, 'seed.json');
  execFileSync('npx', ['tsx', 'bench/bulk-seed.ts', String(products), seedFile], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...db.env },
  });
  const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'));

  await ensurePortFree(API_PORT);
  await ensurePortFree(NGINX_PORT);
  const workers = db.kind === 'postgres' ? os.availableParallelism() : 1;
  const server = startServer({ root, port: API_PORT, env: db.env, workers, pool });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // Waited for: it writes in the run's directory (mail, pictures) until it has stopped.
  cleanups.push(() => server.kill('SIGTERM') && exited);
  await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
  // After the server has started, so that it keeps the bench's priority as it was.
  raiseGeneratorPriority();
  Object.assign(report, {
    ...RUN_SHAPE,
    seed_s: seed.seed_s,
    db_mb: seed.db_mb,
    db_buffers_mb: seed.db_buffers_mb,
    db: db.kind,
    workers,
    cores: os.availableParallelism(),
  });
  // At most `connections` requests at once, as wrk's connections.
  const client = httpClient(API_PORT, connections);
  cleanups.push(() => client.close());
  const options = { root, work, port: API_PORT, connections, seconds: duration };

  const cached = await part('endpoints', () => measureEndpoints({ ...options, client, nginxPort: NGINX_PORT, seed }));
  report.endpoints = cached?.endpoints;
  report.ssr = cached?.ssr;
  // One mix for the run: the mixed traffic's searches are none of the search mix's.
  const mix = queryMix();
  report.search_mix = await part('search_mix', () => measureSearchMix({ ...options, mix }));
  report.filtered = await part('filtered', () =>
    measureFiltered({ port: API_PORT, seconds: duration, categoryIds: seed.categoryIds }),
  );
  report.mixed = await part('mixed', async () =>
    measureMixed({
      port: API_PORT,
      seconds: duration,
      mix,
      buyers: await registerShoppers(client, MIXED_BUYERS),
      seed,
      p99LimitMs: option('mixed-limit', P99_LIMIT_MS),
    }),
  );
  const shoppers = parts.has('orders') || parts.has('orders_spread') ? await registerShoppers(client, connections) : [];
  /** A second of warm-up first, as for the reads: the order path compiled and every connection's statements prepared. */
  const orders = async (/** @type {string[]} */ ids) => {
    await placeOrders(client, shoppers, ids, 1);
    return placeOrders(client, shoppers, ids, duration);
  };
  report.orders = await part('orders', () => orders([seed.orderProductId]));
  report.orders_spread = await part('orders_spread', () => orders(seed.spreadIds));
  report.web = await part('web', () => measureWeb(API_PORT, seed.detailId));
  report.web_mobile = await part('web_mobile', () =>
    measureLighthouse({ root, work, port: API_PORT, runs: option('lighthouse-runs', quick ? 1 : 5), seed }),
  );
  report.rss_mb = server.pid ? rssMb(server.pid) : null;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });
