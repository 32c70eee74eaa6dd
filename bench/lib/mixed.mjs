import { ACCEPT_ENCODING, httpClient } from './http-client.mjs';
import { openLoop } from './open-loop.mjs';
import { checkout } from './shoppers.mjs';
import { latencySummary, round } from './stats.mjs';

/** @typedef {ReturnType<typeof import('./queries.mjs').queryMix>} QueryMix */

/** How a shopper's browser asks, its answer's body left unread (drained): the generator spends nothing on it. */
const BROWSER = /** @type {const} */ ({ headers: { 'accept-encoding': ACCEPT_ENCODING }, read: 'none' });

/** The latency no request of a sustained stage may pass at p99 (unless --mixed-limit), and the failures it may have at most. */
export const P99_LIMIT_MS = 100;
const ERROR_LIMIT = 0.01;
/** Shoppers arriving each second in the first stage, and how much each stage adds. */
const FIRST_RATE = 2;
const GROWTH = 1.5;
const MAX_STAGES = 16;
/** Stages that halve the gap between the last rate sustained and the first not. */
const REFINE = 2;
/** Walks in each language before the first stage, untimed. */
const WARM_UP_WALKS = 5;
/** A share of shoppers that buys: about what an online shop converts. */
const BUYERS = 0.02;
/** Half the shop's visitors read it in Arabic (/ar/… addresses). */
const ARABIC = 0.5;
/** A category's page asks for all its products at once (catalogApi.ts's categoryProductsArgs). */
const CATEGORY_LIMIT = 48;
/**
 * Most visits go to a few products (those the home page and the categories show first, those on sale): this share
 * of browsing shoppers looks at one of the POPULAR first products of the sample, the others at any of it.
 */
const POPULAR_SHARE = 0.95;
const POPULAR = 50;
/** The reads the response cache may answer again: a search of the mix is never asked twice, so it is apart. */
const REPEATED_READS = ['home', 'category', 'product', 'reviews'];

/**
 * Simulated shoppers, arriving at a fixed rate (open loop), each walking the storefront as a first visit does: the
 * home page rendered on the server with the scripts and stylesheets it links, then, as the app navigates in the
 * browser, a category's products, a product with its reviews, and a search (a query of the mix, never asked
 * before) from the API; about 2% put the product in the cart and check out. A shopper's requests follow one
 * another as each answer arrives, without pauses: a pause would change how many shoppers are inside at once, not
 * what each costs the server. Each stage lasts `seconds` at its arrival rate and the next has GROWTH times as
 * many, until some kind of request's p99 passes the limit (P99_LIMIT_MS unless given; or more than ERROR_LIMIT
 * fail); REFINE stages more narrow the gap, and the highest rate sustained is what the machine serves. A few untimed
 * walks come first. Each stage reports the share of each kind of catalogue read the server answered from its
 * response cache (its X-Cache header), and `catalogue_hit_share` over the reads that repeat (REPEATED_READS). The generator is node:http; its share of a core is measured and reported per stage
 * (`generator_cpu`), as it competes with the server for the 2 cores.
 * @param {{ port: number, seconds: number, mix: QueryMix, buyers: string[], p99LimitMs: number,
 *   seed: { categoryIds: string[], browseIds: string[], spreadIds: string[] } }} options `buyers`: session tokens
 *   for the checkouts, one checkout at a time each (a buyer who finds none free is counted, as `no_buyer`)
 */
export async function measureMixed({ port, seconds, mix, buyers, seed, p99LimitMs }) {
  const client = httpClient(port);
  const assets = { '': await linkedAssets(port, '/'), '/ar': await linkedAssets(port, '/ar') };
  const free = [...buyers];
  const popularIds = seed.browseIds.slice(0, POPULAR);
  /** @param {string} id */
  const categoryUrl = (id) => `/api/product?page=1&limit=${CATEGORY_LIMIT}&includeOutOfStock=true&category=${id}`;
  /** @param {string[]} ids */
  const pick = (ids) => /** @type {string} */ (ids[Math.floor(Math.random() * ids.length)]);

  /**
   * A shopper's walk up to the checkout, each request told to `get` with its kind.
   * @param {(kind: string, url: string, from?: number) => Promise<void>} get
   * @param {'' | '/ar'} language @param {string} productId @param {string} search @param {number} due
   */
  async function browse(get, language, productId, search, due) {
    await get('home', language || '/', due);
    await Promise.all(assets[language].map((asset) => get('asset', asset)));
    await get('category', categoryUrl(pick(seed.categoryIds)));
    await Promise.all([
      get('product', `/api/product/one/${productId}`),
      get('reviews', `/api/review/product/${productId}`),
    ]);
    await get('search', search);
  }

  /** One stage: `rate` shoppers a second for `seconds`, each walking the path. @param {number} rate */
  async function stage(rate) {
    /** @type {Record<string, number[]>} */
    const latencies = {};
    const counts = { requests: 0, errors: 0, checkouts: 0, no_buyer: 0 };
    /** @type {Record<string, { hits: number, reads: number }>} */
    const cache = {};
    /** @param {string} kind @param {number} ms @param {boolean} ok */
    const timed = (kind, ms, ok) => {
      (latencies[kind] ??= []).push(ms);
      counts.requests++;
      if (!ok) counts.errors++;
    };
    /** @param {string} kind @param {string} url @param {number} [from] when the request was due */
    const get = async (kind, url, from = performance.now()) => {
      const res = await client.api(url, BROWSER).catch(() => null);
      timed(kind, performance.now() - from, res !== null && res.status < 400);
      if (kind === 'asset') return;
      const seen = (cache[kind] ??= { hits: 0, reads: 0 });
      seen.reads++;
      if (res?.headers['x-cache'] === 'hit') seen.hits++;
    };
    const count = Math.round(rate * seconds);
    const queries = mix.take(count);
    const cpuBefore = process.cpuUsage();
    const { elapsed_s, behind_ms } = await openLoop({
      rate,
      count,
      arrive: async (i, due) => {
        const language = Math.random() < ARABIC ? '/ar' : '';
        const buys = Math.random() < BUYERS;
        // A buyer's product has stock enough for every order of the run.
        const popular = Math.random() < POPULAR_SHARE;
        const productId = pick(buys ? seed.spreadIds : popular ? popularIds : seed.browseIds);
        await browse(get, language, productId, /** @type {{ url: string }} */ (queries[i]).url, due);
        if (!buys) return;
        const token = free.pop();
        if (!token) {
          counts.no_buyer++;
          return;
        }
        counts.checkouts++;
        await checkout(client, token, productId, timed);
        free.push(token);
      },
    });
    const cpu = process.cpuUsage(cpuBefore);
    const result = summary({ rate, latencies, ...counts, elapsed_s, behind_ms, cpu, p99LimitMs, cache });
    console.log(
      `bench: mixed ${rate} shoppers/s: ${result.rps} req/s, worst p99 ${result.p99_ms} ms (${result.worst}), errors ${result.errors}, cache hits ${result.catalogue_hit_share}, generator ${result.generator_cpu} of a core`,
    );
    return result;
  }

  try {
    // A few walks in each language first, untimed: run alone (--only mixed), the first stage would otherwise time
    // the server's first page renders and first reads, at two shoppers a second its slowest requests.
    const untimed = async (/** @type {string} */ _kind, /** @type {string} */ url) => {
      await client.api(url, BROWSER);
    };
    for (const language of /** @type {const} */ (['', '/ar']))
      for (const { url } of mix.take(WARM_UP_WALKS)) await browse(untimed, language, pick(seed.browseIds), url, 0);
    // A shop open for a while has been asked for its categories and its popular products already: the stages
    // measure a cache in use, not one filling.
    for (const id of seed.categoryIds) await untimed('category', categoryUrl(id));
    for (const id of popularIds) {
      await untimed('product', `/api/product/one/${id}`);
      await untimed('reviews', `/api/review/product/${id}`);
    }
    /** @type {Awaited<ReturnType<typeof stage>>[]} */
    const stages = [];
    let good = 0;
    let bad = 0;
    for (let rate = FIRST_RATE; stages.length < MAX_STAGES; rate = Math.ceil(rate * GROWTH)) {
      const result = await stage(rate);
      stages.push(result);
      if (!result.sustained) {
        bad = rate;
        break;
      }
      good = rate;
    }
    // Narrowed down between the last rate sustained and the first not, a stage or two more.
    for (let i = 0; i < REFINE && bad && bad - good > 1; i++) {
      const rate = Math.round((good + bad) / 2);
      const result = await stage(rate);
      stages.push(result);
      if (result.sustained) good = rate;
      else bad = rate;
    }
    const best = stages.find((s) => s.shoppers_per_s === good && s.sustained);
    return {
      shoppers_per_s: good,
      rps: best?.rps ?? 0,
      p99_ms: best?.p99_ms ?? null,
      catalogue_hit_share: best?.catalogue_hit_share ?? null,
      p99_limit_ms: p99LimitMs,
      stage_s: seconds,
      buyers_share: BUYERS,
      arabic_share: ARABIC,
      assets: assets[''].length,
      stages,
    };
  } finally {
    client.close();
  }
}

/**
 * A stage's figures: by kind of request p50/p95/p99, the worst p99, and whether the stage is sustained.
 * @param {{ rate: number, latencies: Record<string, number[]>, requests: number, errors: number, checkouts: number,
 *   no_buyer: number, elapsed_s: number, behind_ms: number, cpu: NodeJS.CpuUsage, p99LimitMs: number,
 *   cache: Record<string, { hits: number, reads: number }> }} stage
 */
function summary({
  rate,
  latencies,
  requests,
  errors,
  checkouts,
  no_buyer,
  elapsed_s,
  behind_ms,
  cpu,
  p99LimitMs,
  cache,
}) {
  const share = (/** @type {{ hits: number, reads: number }[]} */ seen) => {
    const reads = seen.reduce((sum, s) => sum + s.reads, 0);
    return reads ? round(seen.reduce((sum, s) => sum + s.hits, 0) / reads, 3) : null;
  };
  const byKind = Object.fromEntries(Object.entries(latencies).map(([kind, ms]) => [kind, latencySummary(ms)]));
  const [worst = '', { p99_ms = 0 } = {}] = Object.entries(byKind).sort(([, a], [, b]) => b.p99_ms - a.p99_ms)[0] ?? [];
  return {
    shoppers_per_s: rate,
    rps: Math.round(requests / elapsed_s),
    p99_ms,
    worst,
    errors,
    checkouts,
    no_buyer,
    // How late the generator started its latest arrival: a large figure says the stage's rate was not what it meant.
    behind_ms,
    generator_cpu: round((cpu.user + cpu.system) / 1e6 / elapsed_s, 3),
    sustained: p99_ms <= p99LimitMs && errors <= requests * ERROR_LIMIT,
    catalogue_hit_share: share(REPEATED_READS.flatMap((kind) => cache[kind] ?? [])),
    cache_hit_share: Object.fromEntries(Object.entries(cache).map(([kind, seen]) => [kind, share([seen])])),
    by_kind: byKind,
  };
}

/**
 * The scripts and stylesheets a home page links from the shop itself, which a first visit downloads.
 * @param {number} port @param {string} page
 */
async function linkedAssets(port, page) {
  const html = await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
  const links = /<(?:script[^>]*\ssrc|link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*\shref)="(\/[^"]+)"/g;
  // A page the server rendered names the app's modules on its boot script, which loads them once the page is painted.
  const app = /\sdata-(?:entry|modules)="([^"]*)"/g;
  return [
    ...new Set([
      ...[...html.matchAll(links)].map((m) => /** @type {string} */ (m[1])),
      ...[...html.matchAll(app)].flatMap((m) => /** @type {string} */ (m[1]).split(' ').filter(Boolean)),
    ]),
  ];
}
