import fs from 'node:fs';
import path from 'node:path';
import { copyAnswer, startNginx } from './nginx.mjs';
import { log, waitFor } from './server.mjs';
import { round } from './stats.mjs';
import { wrk } from './wrk.mjs';

/** @typedef {import('./http-client.mjs').Client} Client */

/**
 * The cached case: each address asked again and again (so answered from the response cache after the first time),
 * beside nginx serving the same bytes from files, as the ceiling. Catalogue reads and repeated searches from the API,
 * and the storefront's pages as the server renders them.
 * @param {{ root: string, work: string, port: number, client: Client, nginxPort: number, connections: number,
 *   seconds: number, seed: { detailId: string, categoryId: string } }} options `client` asks the API for the bytes
 *   nginx is to serve
 * @returns {Promise<{ endpoints: Row[], ssr: Row[] }>}
 */
export async function measureEndpoints({ root, work, port, client, nginxPort, connections, seconds, seed }) {
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
  /** @type {[string, string][]} */
  const pages = [
    ['home', '/'],
    ['category', `/product/category/${seed.categoryId}`],
    ['product', `/product/one/${seed.detailId}`],
  ];
  const staticDir = path.join(work, 'static');
  fs.mkdirSync(staticDir, { recursive: true });
  const api = `http://127.0.0.1:${port}`;
  /** @type {Record<string, number>} */
  const bytes = {};
  for (const [name, url] of endpoints) bytes[`${name}.json`] = await copyAnswer(client, staticDir, `${name}.json`, url);
  for (const [name, url] of pages) bytes[`${name}.html`] = await copyAnswer(client, staticDir, `${name}.html`, url);
  const nginx = startNginx(work, staticDir, nginxPort);
  try {
    await waitFor(`http://127.0.0.1:${nginxPort}/list.json`);
    /**
     * Each address against nginx serving its bytes: the rate, latencies and the ratio to nginx's rate.
     * @param {[string, string][]} list [name, address] pairs @param {string} extension of the copies nginx serves
     */
    const measure = (list, extension) =>
      list.map(([name, url]) => {
        const file = `${name}.${extension}`;
        wrk(root, `${api}${url}`, { connections, seconds: 1 });
        const a = wrk(root, `${api}${url}`, { connections, seconds });
        const n = wrk(root, `http://127.0.0.1:${nginxPort}/${file}`, { connections, seconds });
        log(
          `${file}: ${Math.round(a.rps)} rps, p99 ${round(a.p99_ms)} ms (nginx ${Math.round(n.rps)} rps, p99 ${round(n.p99_ms)} ms)`,
        );
        return {
          name,
          rps: Math.round(a.rps),
          p50_ms: round(a.p50_ms),
          p95_ms: round(a.p95_ms),
          p99_ms: round(a.p99_ms),
          bytes: bytes[file] ?? 0,
          ceiling_rps: Math.round(n.rps),
          ceiling_p99_ms: round(n.p99_ms),
          ratio: round(a.rps / n.rps, 3),
          errors: a.errors,
        };
      });
    return { endpoints: measure(endpoints, 'json'), ssr: measure(pages, 'html') };
  } finally {
    nginx.kill('SIGQUIT');
  }
}

/** @typedef {{ name: string, rps: number, p50_ms: number, p95_ms: number, p99_ms: number, bytes: number,
 *   ceiling_rps: number, ceiling_p99_ms: number, ratio: number, errors: number }} Row */
