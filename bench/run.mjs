// `npm run bench`: seeds N products, starts the production server, loads it with wrk side by side with
// nginx serving the same bytes, places concurrent orders, measures the web app, and reports.
// Options: --products N (100000) · --quick (10,000 products, short runs) · --duration S · --connections C · --no-build · --no-web
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from './fresh-database.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => args.includes(`--${name}`);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const quick = flag('quick');
const products = option('products', quick ? 10_000 : 100_000);
const duration = option('duration', quick ? 4 : 10);
const connections = option('connections', 64);
const API_PORT = 3400;
/** What Chromium sends: the shop answers Brotli. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const NGINX_PORT = 3401;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
// nginx's workers run as an unprivileged user: they must be able to read the served files.
fs.chmodSync(work, 0o755);
/** @type {(() => unknown)[]} */
const cleanups = [];
const log = (/** @type {unknown[]} */ ...m) => console.log('bench:', ...m);

/** Installs the Debian package unless what it provides is here. @param {boolean} present @param {string} debianPackage */
function ensurePackage(present, debianPackage) {
  if (present) return;
  log(`installing ${debianPackage}`);
  execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function prepareDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return { kind: 'pglite', env: { DATA_DIR: path.join(work, 'data') } };
  const url = await freshDatabase(base, 'bench');
  return { kind: 'postgres', env: { DATABASE_URL: url, DATA_DIR: path.join(work, 'data') } };
}

/** Another run's server on our port would answer in our place (a shared machine): refuse to start instead. */
/** @param {number} port */
async function ensurePortFree(port) {
  const answered = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is in use (another bench run?): stop it first`);
}

/** @param {string} url */
async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Production mode as `npm start` runs it on this machine: one process per core (node:cluster) when the
 * database is PostgreSQL (PGlite can be opened by one process only), each with a pool large enough that
 * none of the `connections` clients spread over the processes waits for a database connection.
 */
/** @param {{ env: Record<string, string | undefined> }} db @param {number} workers */
function startServer(db, workers) {
  const env = {
    ...process.env,
    ...db.env,
    NODE_ENV: 'production',
    PORT: String(API_PORT),
    SEED: 'none',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    LOGIN_RATE_LIMIT_MAX: '1000000',
    WORKERS: String(workers),
    DB_POOL_MAX: String(Math.ceil(connections / workers)),
  };
  log(`API: ${workers} process(es), ${env.DB_POOL_MAX} database connections each`);
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => child.kill('SIGTERM'));
  return child;
}

/**
 * The answer's bytes as they travel (fetch would decode them).
 * @param {string} url @param {string} acceptEncoding
 * @returns {Promise<{ status: number, encoding: string | undefined, body: Buffer }>}
 */
const rawGet = (url, acceptEncoding) =>
  new Promise((resolve, reject) =>
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject),
  );

/** @param {string} dir */
function startNginx(dir) {
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `load_module ${BROTLI_STATIC_MODULE};
worker_processes auto; daemon off; pid ${work}/nginx.pid; error_log ${work}/nginx-error.log;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 100000; default_type application/json; types { text/html html; }
  brotli_static on; gzip_static on;
  server { listen 127.0.0.1:${NGINX_PORT}; root ${dir}; location / { try_files $uri =404; } } }`,
  );
  const child = spawn('nginx', ['-c', conf, '-p', work], { stdio: 'inherit' });
  cleanups.push(() => child.kill('SIGQUIT'));
  return child;
}

/** Both servers are asked as a browser asks, so both send the same Brotli bytes. @param {string} url */
function wrk(url, conns = connections, seconds = duration) {
  const out = execFileSync(
    'wrk',
    [
      '-t2',
      `-c${conns}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
      '-s',
      path.join(root, 'bench/wrk-report.lua'),
      url,
    ],
    { encoding: 'utf8' },
  );
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no report for ${url}`);
  const r = JSON.parse(line.slice(9));
  return {
    rps: r.requests / (r.duration_us / 1e6),
    p50_ms: r.p50_us / 1000,
    p95_ms: r.p95_us / 1000,
    p99_ms: r.p99_us / 1000,
    errors: r.errors + r.non2xx,
  };
}

/** @param {number} pid */
function rssMb(pid) {
  const pids = [
    pid,
    ...execFileSync('sh', ['-c', `pgrep -P ${pid} || true`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number),
  ];
  const sizes = pids.map((p) => {
    try {
      const kb = fs.readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
      return kb ? Number(kb) / 1024 : 0;
    } catch {
      return 0;
    }
  });
  return Math.round(Math.max(...sizes));
}

// The shoppers' HTTP client: node:http on kept-alive sockets, a lighter load generator than fetch, so
// that on a 2-core machine the CPU goes to the shop rather than to its simulated customers.
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
cleanups.push(() => agent.destroy());

/**
 * @typedef {{ method?: string, headers?: Record<string, string>, body?: string }} Init
 * @param {string} pathname @param {Init} [init] @returns {Promise<{ status: number | undefined, body: any }>}
 */
function request(pathname, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: API_PORT,
        path: pathname,
        method,
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          let parsed = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: the status says enough.
          }
          resolve({ status: res.statusCode, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {string} pathname @param {Init} [init] @returns {ReturnType<typeof request>} */
async function api(pathname, init = {}, attempt = 1) {
  try {
    return await request(pathname, init);
  } catch (err) {
    // An idle keep-alive socket the server closed just as it was reused: the request never arrived. A POST
    // is not sent again (it may have arrived: an order placed twice would read as oversell).
    const resent =
      init.method !== 'POST' &&
      err instanceof Error &&
      'code' in err &&
      ['ECONNRESET', 'EPIPE'].includes(String(err.code));
    if (resent && attempt < 3) return api(pathname, init, attempt + 1);
    throw err;
  }
}

/** Registers `connections` shoppers, each with a session token. */
async function registerShoppers() {
  /** @type {string[]} */
  const tokens = [];
  for (let i = 0; i < connections; i++) {
    const email = `bench${i}-${Date.now()}@example.com`;
    const r = await api('/api/user/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Bench Shopper',
        email,
        phone: '01012345678',
        password: 'Bench123!',
        confirm_password: 'Bench123!',
      }),
    });
    tokens.push(r.body.token);
  }
  return tokens;
}

/** Every shopper puts one unit of the product in the cart and orders it, again and again, for `seconds`. */
/** @param {string[]} shoppers @param {number} productId @param {number} seconds */
async function placeOrders(shoppers, productId, seconds) {
  const address = {
    street: 'Tahrir St',
    building: '5',
    city: 'Cairo',
    state: 'Cairo',
    phone: '01012345678',
    zipCode: '11511',
    country: 'Egypt',
  };
  const stockOf = async () => (await api(`/api/product/one/${productId}`)).body.stock;
  const before = await stockOf();
  let placed = 0;
  let refused = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    shoppers.map(async (token) => {
      const headers = { 'x-access-token': token };
      while (Date.now() < until) {
        await api('/api/cart/incItem', {
          method: 'PUT',
          headers,
          body: JSON.stringify({ product_id: productId, flag: 1 }),
        });
        const r = await api('/api/order', {
          method: 'POST',
          headers,
          body: JSON.stringify({ deliveryAddress: address, paymentMethod: 'cash' }),
        });
        if (r.status === 201) placed++;
        else refused++;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const left = await stockOf();
  return { per_s: Math.round((placed / elapsed) * 10) / 10, placed, refused, oversold: before - left - placed };
}

/** The middle value of repeated samples. @param {number[]} samples */
const median = (samples) => [...samples].sort((x, y) => x - y)[Math.floor(samples.length / 2)] ?? -1;

/** Page loads per figure: one sample of a page load varies by a third from the next. */
const WEB_SAMPLES = 5;

/** @param {number} detailId */
async function measureWeb(detailId) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  cleanups.push(() => browser.close());
  /**
   * A first visit (a new context: nothing cached) with a phone-speed CPU (4x slowdown): when its largest
   * picture or text was painted, and the bytes that crossed the network for it, as the browser counts them.
   * @param {string} pathname @param {number} width
   */
  async function visit(pathname, width) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event) => (transferred += event.encodedDataLength));
    await page.goto(`http://127.0.0.1:${API_PORT}${pathname}`, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries.at(-1)?.startTime ?? -1);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(-1), 3000);
        }),
    );
    await context.close();
    return { lcp: Number(lcp), transferred };
  }
  /** @param {string} pathname @param {number} width */
  async function samples(pathname, width) {
    const runs = [];
    for (let i = 0; i < WEB_SAMPLES; i++) runs.push(await visit(pathname, width));
    return {
      lcp_ms: Math.round(median(runs.map((r) => r.lcp))),
      transfer_kb: round(median(runs.map((r) => r.transferred)) / 1024),
    };
  }
  const home = await samples('/', 1366);
  const product = await samples(`/product/one/${detailId}`, 1366);
  const homePhone = await samples('/', 390);
  return {
    samples: WEB_SAMPLES,
    home_transfer_kb: homePhone.transfer_kb,
    lcp_home_ms: home.lcp_ms,
    lcp_product_ms: product.lcp_ms,
    lcp_home_phone_ms: homePhone.lcp_ms,
  };
}

const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;

async function main() {
  const hasCommand = (/** @type {string} */ command) => spawnSync('which', [command]).status === 0;
  ensurePackage(hasCommand('wrk'), 'wrk');
  ensurePackage(hasCommand('nginx'), 'nginx-light');
  ensurePackage(fs.existsSync(BROTLI_STATIC_MODULE), 'libnginx-mod-http-brotli-static');
  if (!flag('no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const db = await prepareDatabase();
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
  const server = startServer(db, workers);
  await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
  const enc = encodeURIComponent;
  /** @type {[string, string][]} */
  const endpoints = [
    ['list', '/api/product?page=1&includeOutOfStock=true'],
    ['detail', `/api/product/one/${seed.detailId}`],
    ['category', `/api/product?category=${seed.categoryId}&includeOutOfStock=true`],
    ['search_word', '/api/product/search?name=samsung&includeOutOfStock=true'],
    ['search_two_words', `/api/product/search?name=${enc('samsung kettle')}&includeOutOfStock=true`],
    ['search_typo', '/api/product/search?name=samsnug&includeOutOfStock=true'],
    ['search_price_asc', `/api/product/search?name=kettle&sortBy=${enc('Price: Low to High')}&includeOutOfStock=true`],
    ['search_price_desc', `/api/product/search?name=kettle&sortBy=${enc('Price: High to Low')}&includeOutOfStock=true`],
    ['search_rating', `/api/product/search?name=kettle&sortBy=${enc('Avg. Customer review')}&includeOutOfStock=true`],
    ['search_arabic', `/api/product/search?name=${enc('غلايه سامسونج')}&includeOutOfStock=true`],
    ['search_arabic_typo', `/api/product/search?name=${enc('غلايا')}&includeOutOfStock=true`],
  ];
  // The storefront's pages as the server renders them (HTML with the app's markup and state).
  /** @type {[string, string][]} */
  const pages = [
    ['home', '/'],
    ['category', `/product/category/${seed.categoryId}`],
    ['product', `/product/one/${seed.detailId}`],
  ];
  const staticDir = path.join(work, 'static');
  fs.mkdirSync(staticDir);
  /**
   * The files nginx serves with the same bytes as the API's answer at `url`: as sent to a browser
   * (Brotli, `file.br`, beside the plain `file` its static module needs).
   * @param {string} file @param {string} url
   */
  const copyOf = async (file, url) => {
    for (const [suffix, encoding] of [
      ['', 'identity'],
      ['.br', ACCEPT_ENCODING],
    ]) {
      const res = await rawGet(`http://127.0.0.1:${API_PORT}${url}`, encoding);
      if (res.status !== 200) throw new Error(`${file}: ${url} answered ${res.status}`);
      if (suffix && res.encoding !== 'br') throw new Error(`${file}: ${url} was not sent compressed`);
      fs.writeFileSync(path.join(staticDir, `${file}${suffix}`), res.body);
    }
  };
  for (const [name, url] of endpoints) await copyOf(`${name}.json`, url);
  for (const [name, url] of pages) await copyOf(`${name}.html`, url);
  startNginx(staticDir);
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/list.json`);

  // The machine may be shared: its load beside the figures says how far they can be trusted.
  const [loadBefore = 0] = os.loadavg();
  /**
   * Each address against nginx serving its bytes: the rate, latencies and the ratio to nginx's rate.
   * @param {[string, string][]} list [name, address] pairs @param {string} extension of the copies nginx serves
   */
  const measure = (list, extension) =>
    list.map(([name, url]) => {
      const file = `${name}.${extension}`;
      wrk(`http://127.0.0.1:${API_PORT}${url}`, connections, 1);
      const a = wrk(`http://127.0.0.1:${API_PORT}${url}`);
      const n = wrk(`http://127.0.0.1:${NGINX_PORT}/${file}`);
      log(
        `${file}: ${Math.round(a.rps)} rps, p99 ${round(a.p99_ms)} ms (nginx ${Math.round(n.rps)} rps, p99 ${round(n.p99_ms)} ms)`,
      );
      return {
        name,
        rps: Math.round(a.rps),
        p50_ms: round(a.p50_ms),
        p95_ms: round(a.p95_ms),
        p99_ms: round(a.p99_ms),
        bytes: fs.statSync(path.join(staticDir, `${file}.br`)).size,
        ceiling_rps: Math.round(n.rps),
        ceiling_p99_ms: round(n.p99_ms),
        ratio: Math.round((a.rps / n.rps) * 1000) / 1000,
        errors: a.errors,
      };
    });
  const results = measure(endpoints, 'json');
  const ssr = measure(pages, 'html');

  log('placing orders');
  const shoppers = await registerShoppers();
  // A second of warm-up first, as for the reads: the order path compiled and every connection's statements prepared.
  await placeOrders(shoppers, seed.orderProductId, 1);
  const orders = await placeOrders(shoppers, seed.orderProductId, duration);
  const web = flag('no-web') ? null : await measureWeb(seed.detailId);
  const [loadAfter = 0] = os.loadavg();
  const load = { before: round(loadBefore), after: round(loadAfter) };
  const report = {
    products,
    db: db.kind,
    workers,
    cores: os.availableParallelism(),
    load,
    date: new Date().toISOString(),
    duration_s: duration,
    connections,
    endpoints: results,
    ssr,
    orders,
    web,
    rss_mb: server.pid ? rssMb(server.pid) : null,
  };

  const lines = [
    `| endpoint | req/s | p50 ms | p95 ms | p99 ms | bytes | nginx req/s | nginx p99 ms | ratio |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...[...results, ...ssr.map((r) => ({ ...r, name: `ssr ${r.name}` }))].map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.bytes} | ${r.ceiling_rps} | ${r.ceiling_p99_ms} | ${r.ratio} |`,
    ),
    '',
    `orders: ${orders.per_s}/s (${orders.placed} placed, ${orders.refused} refused), oversold: ${orders.oversold}`,
    web
      ? `web: home ${web.home_transfer_kb} KB transferred (first visit, 390 px); LCP (4x CPU slowdown, median of ${web.samples}) home ${web.lcp_home_ms} ms, product ${web.lcp_product_ms} ms, home on a phone ${web.lcp_home_phone_ms} ms`
      : 'web: skipped',
    `API RSS at the end: ${report.rss_mb} MB`,
    `machine: ${report.cores} cores, load average ${load.before} before the reads, ${load.after} at the end`,
  ];
  console.log(
    `\n## Benchmark: ${products} products on ${db.kind}, ${workers} API process(es), ${connections} connections, ${duration} s per run\n`,
  );
  console.log(lines.join('\n'));
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(root, 'bench/results/latest.md'), `${lines.join('\n')}\n`);
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
