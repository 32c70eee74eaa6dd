// Runs every search shape the benchmark loads (and a few more) through the real search service and prints each SQL statement's
// EXPLAIN ANALYZE plan and time, so a slow shape can be read without load or cache in the way. Each statement runs
// RUNS times and the fastest counts: on a shared machine the minimum is the figure other work disturbs least.
// Usage: DATABASE_URL=… tsx bench/explain-search.ts [--plans] [--plain] [text…]   (a database seeded by
// bench/bulk-seed.ts; texts given are searched instead of the shapes below, such as a slow query of the bench's mix;
// --plain: through the plain engine rather than the postings, modules/search/engine.ts)
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { SearchQuery } from '@shop/contracts';
import * as schema from '../apps/api/src/db/schema.js';
import { ENGINES } from '../apps/api/src/modules/search/engine.js';

export const SEARCH_SHAPES: [string, Partial<SearchQuery> & { name: string }][] = [
  ['search_word', { name: 'samsung' }],
  ['search_two_words', { name: 'samsung kettle' }],
  ['search_typo', { name: 'samsnug' }],
  ['search_price_asc', { name: 'kettle', sortBy: 'Price: Low to High' }],
  ['search_price_desc', { name: 'kettle', sortBy: 'Price: High to Low' }],
  ['search_rating', { name: 'kettle', sortBy: 'Avg. Customer review' }],
  ['search_arabic', { name: 'غلايه سامسونج' }],
  ['search_arabic_typo', { name: 'غلايا' }],
  ['search_arabic_word', { name: 'غلايه' }],
  ['search_arabic_two_typos', { name: 'غلايا سامسونح' }],
  ['search_mixed', { name: 'ثلاجة samsung' }],
  ['search_letter', { name: 's' }],
];

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 1,
  options: '-c pg_trgm.word_similarity_threshold=0.3',
});
const statements: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
const search = ENGINES[process.argv.includes('--plain') ? 'plain' : 'postings']({ db });
const showPlans = process.argv.includes('--plans');
const RUNS = 7;

async function explain(sql: string, params: unknown[]): Promise<{ ms: number; plan: string[] }> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  const plan = rows.map((r) => r['QUERY PLAN']);
  return { ms: Number(plan.find((line) => line.startsWith('Execution Time'))?.match(/[\d.]+/)?.[0]), plan };
}

const texts = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const shapes = texts.length
  ? texts.map((text): (typeof SEARCH_SHAPES)[number] => [text, { name: text }])
  : SEARCH_SHAPES;

for (const [name, query] of shapes) {
  statements.length = 0;
  const { products } = await search.search({ includeOutOfStock: true, ...query });
  const times: string[] = [];
  for (const { sql, params } of [...statements]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await explain(sql, params));
    const fastest = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    times.push(`${fastest.ms.toFixed(2)} ms`);
    if (showPlans) console.log(`\n-- ${name}\n${fastest.plan.join('\n')}`);
  }
  console.log(`${name.padEnd(20)} ${String(products.length).padStart(3)} results  ${times.join(' + ')}`);
}
await pool.end();
