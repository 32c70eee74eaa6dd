import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { NOUNS, NOUNS_AR } from './catalogue.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './web.mjs';
import { median, round } from './stats.mjs';

const run = promisify(execFile);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The searched noun of the catalogue's (Laptop, لابتوب): every brand makes one, so its first page is full. */
const SEARCHED = 2;

/** The pages measured, in the order the report lists them. */
export const LIGHTHOUSE_PAGES = ['home', 'category', 'department', 'product', 'search'];

/**
 * Lighthouse (the npm package) on each server-rendered storefront page in English and Arabic, `runs` times each,
 * with its default mobile preset (4x CPU slowdown, simulated slow 4G) in Debian's Chromium; the median of each
 * figure over the runs. Each run is its own lighthouse process and browser, as `npx lighthouse` would be. The search
 * is a word of the catalogue's in the page's language.
 * @param {{ root: string, work: string, port: number, runs: number, seed: { categoryId: string, departmentId: string, detailId: string } }} options
 */
export async function measureLighthouse({ root, work, port, runs, seed }) {
  /** @type {Record<string, { en: string, ar: string }>} */
  const pages = Object.fromEntries(
    Object.entries({
      home: '/',
      category: `/product/category/${seed.categoryId}`,
      department: `/department/${seed.departmentId}`,
      product: `/product/one/${seed.detailId}`,
    }).map(([page, pathname]) => [page, { en: pathname, ar: `/ar${pathname}` }]),
  );
  pages.search = {
    en: `/searchResults/${encodeURIComponent(NOUNS[SEARCHED] ?? '')}`,
    ar: `/ar/searchResults/${encodeURIComponent(NOUNS_AR[SEARCHED] ?? '')}`,
  };
  /** @type {Record<string, Record<string, LighthouseFigures>>} */
  const out = {};
  for (const [page, addresses] of Object.entries(pages)) {
    /** @type {Record<string, LighthouseFigures>} */
    const languages = (out[page] = {});
    for (const language of /** @type {const} */ (['en', 'ar'])) {
      // The Arabic home is /ar, without the slash.
      const url = `http://127.0.0.1:${port}${addresses[language].replace(/\/$/, '') || '/'}`;
      /** @type {LighthouseFigures[]} */
      const reports = [];
      for (let i = 0; i < runs; i++) reports.push(await withRetries(() => lighthouse(root, work, url)));
      const figure = (/** @type {(r: LighthouseFigures) => number} */ of) => median(reports.map(of));
      const cls = figure((r) => r.cls);
      const figures = {
        performance: figure((r) => r.performance),
        accessibility: figure((r) => r.accessibility),
        best_practices: figure((r) => r.best_practices),
        seo: figure((r) => r.seo),
        lcp_ms: Math.round(figure((r) => r.lcp_ms)),
        cls: round(cls, 3),
        tbt_ms: Math.round(figure((r) => r.tbt_ms)),
      };
      languages[language] = figures;
      console.log(`bench: lighthouse ${page} ${language}: ${JSON.stringify(figures)}`);
    }
  }
  return { runs, preset: 'mobile (4x CPU slowdown, simulated slow 4G)', ...out };
}

/** Runs a page is tried at most: Lighthouse now and then fails to record a load's trace (NO_NAVSTART). */
const ATTEMPTS = 3;

/**
 * A Lighthouse run, tried again when it fails: one bad trace must not end a bench of half an hour. A page that
 * fails every time still does.
 * @template T @param {() => Promise<T>} attempt @returns {Promise<T>}
 */
async function withRetries(attempt) {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      if (tried === ATTEMPTS) throw err;
      console.log(`bench: lighthouse failed (${String(err).split('\n')[0]}), trying again`);
    }
  }
}

/** @typedef {{ performance: number, accessibility: number, best_practices: number, seo: number, lcp_ms: number, cls: number, tbt_ms: number }} LighthouseFigures */

/**
 * One Lighthouse run: the four category scores out of 100 and the three metrics.
 * @param {string} root @param {string} work @param {string} url @returns {Promise<LighthouseFigures>}
 */
async function lighthouse(root, work, url) {
  const file = path.join(work, 'lighthouse.json');
  await run(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${file}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 2 ** 20 },
  );
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const score = (/** @type {string} */ category) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const metric = (/** @type {string} */ audit) => Number(report.audits[audit]?.numericValue ?? -1);
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    lcp_ms: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt_ms: metric('total-blocking-time'),
  };
}
