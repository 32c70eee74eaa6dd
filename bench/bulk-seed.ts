// Fills a fresh database with N products for the benchmark through COPY, in chunks with a progress bar, and
// writes what the bench needs to know about it (ids to visit and buy, how long it took, how big it is).
// Usage: tsx bench/bulk-seed.ts <products> <out.json>   (DATABASE_URL or DATA_DIR picks the database)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import sharp from 'sharp';
import { openDatabase, type Database } from '../apps/api/src/db/client.js';
import { fsImageStore } from '../apps/api/src/lib/image-store.js';
import { toWebp, imageUrl } from '../apps/api/src/lib/images.js';
import { productNames } from './lib/catalogue.mjs';
import { PGLITE_MAX_PRODUCTS } from './lib/database.mjs';

const total = Number(process.argv[2] ?? 100_000);
const outFile = process.argv[3] ?? 'bench-seed.json';
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const CHUNK = 25_000;
/** The products the spread orders buy from: as many as there are buyers' choices, each with stock no run exhausts. */
const SPREAD = 1000;
const SPREAD_STOCK = 100_000;
const spreadStep = Math.max(1, Math.floor(total / SPREAD));
/** Product pages the mixed traffic visits: enough that most visits miss the response cache. */
const BROWSE_SAMPLE = 5000;

const COLUMNS =
  'name, name_ar, description, brand, price, stock, weight, cod, category_id, department_id, image_paths, rating, num_reviews, created_at';

function progress(done: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r  seeding [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
}

async function makeImages(): Promise<string[]> {
  const store = fsImageStore(path.join(dataDir, 'uploads'));
  const names: string[] = [];
  for (let i = 0; i < 12; i++) {
    const hue = (i * 30) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="hsl(${hue},60%,85%)"/><circle cx="300" cy="300" r="170" fill="hsl(${hue},55%,45%)"/></svg>`;
    const image = await toWebp(await sharp(Buffer.from(svg)).png().toBuffer());
    await store.put(image);
    names.push(imageUrl(image.name));
  }
  return names;
}

/** PostgreSQL's pool under drizzle: a COPY, or settings that must hold for several statements, want a client of it. */
const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

/** Products `from`…`to` (numbered from 1) as CSV lines in COPY's order of COLUMNS. */
function csvRows(from: number, to: number, places: { id: string; department_id: string }[], images: string[]) {
  const now = Date.now();
  const lines: string[] = [];
  for (let g = from; g <= to; g++) {
    const { name, nameAr, brand } = productNames(g);
    const place = places[g % places.length]!;
    const spread = g % spreadStep === 0 && g / spreadStep <= SPREAD;
    const stock = spread ? SPREAD_STOCK : g % 13 === 0 ? 0 : 1 + (g % 50);
    lines.push(
      [
        quote(name),
        quote(nameAr),
        quote(`A dependable choice for everyday use, sold with the official local warranty. Item ${g}`),
        quote(brand),
        1000 + ((g * 7919) % 5_000_000),
        stock,
        0.1 + (g % 200) / 10,
        // What the orders buy is paid in cash on delivery, as the bench's buyers pay.
        spread || g % 10 !== 0,
        place.id,
        place.department_id,
        quote(`{${images[g % images.length]}}`),
        Math.min(5, (g % 11) / 2),
        g % 200,
        new Date(now - g * 1000).toISOString(),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Loads the products in chunks, one COPY each: on PostgreSQL over as many connections as there are cores (the
 * search columns are computed as rows arrive, which is what costs), in this process for PGlite. Each COPY is
 * one statement, so the trigger that remembers the names' words for typo search runs once per chunk.
 */
async function copyProducts(database: Database, places: { id: string; department_id: string }[], images: string[]) {
  const copy = `COPY products (${COLUMNS}) FROM STDIN WITH (FORMAT csv)`;
  let next = 1;
  let done = 0;
  const chunks = async (load: (csv: string) => Promise<void>) => {
    while (next <= total) {
      const from = next;
      const to = Math.min(total, from + CHUNK - 1);
      next = to + 1;
      await load(csvRows(from, to, places, images));
      done += to - from + 1;
      progress(done);
    }
  };
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await chunks(async (csv) => {
      await client.query(copy.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([csv]) });
    });
  } else {
    // A pool of its own: COPY keeps its connection for a stream, which the shop's pipelined connections refuse.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: os.availableParallelism() });
    await Promise.all(
      Array.from({ length: os.availableParallelism() }, async () => {
        const client = await pool.connect();
        try {
          await client.query('set statement_timeout = 0');
          await chunks((csv) => pipeline(Readable.from([csv]), client.query(copyFrom(copy))));
        } finally {
          client.release();
        }
      }),
    ).finally(() => pool.end());
  }
  process.stdout.write('\n');
}

/**
 * Runs `work` without the indexes of the products and of their search postings (those no constraint needs), then
 * builds them again from their definitions: building a GIN index over a million rows at once is many times faster
 * than growing it row by row, and so is a B-tree over the postings' millions.
 */
async function withoutIndexes(database: Database, work: () => Promise<void>) {
  const { db } = database;
  const { rows } = await db.execute<{ name: string; def: string }>(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    where i.indrelid in ('products'::regclass, 'search_postings'::regclass) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
  for (const { name } of rows) await db.execute(sql.raw(`drop index ${name}`));
  await work();
  const started = Date.now();
  // One connection for all of them, so the settings hold (the pool's statement limit would stop a large build).
  const run = async (statements: string[]) => {
    if (database.kind === 'pglite') {
      for (const statement of statements) await db.execute(sql.raw(statement));
      return;
    }
    const client = await poolOf(database).connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      client.release();
    }
  };
  // PGlite has no statement limit, and the memory of its WebAssembly to keep.
  const settings =
    database.kind === 'postgres' ? ['set statement_timeout = 0', "set maintenance_work_mem = '1GB'"] : [];
  await run([...settings, ...rows.map((row) => row.def)]);
  console.log(`  built ${rows.length} indexes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * PostgreSQL's count of the database's size on disk, and the memory it caches pages in (`shared_buffers`): a
 * database larger than that reads many of its pages from the kernel's cache, a few microseconds each.
 */
async function postgresSizes(database: Database): Promise<{ size: number; buffers: number }> {
  const { rows } = await database.db.execute<{ bytes: string; buffers: string }>(
    sql`select pg_database_size(current_database()) as bytes,
      pg_size_bytes(current_setting('shared_buffers')) as buffers`,
  );
  return { size: Number(rows[0]?.bytes ?? 0) / 2 ** 20, buffers: Number(rows[0]?.buffers ?? 0) / 2 ** 20 };
}

/** The size of a directory's files, such as PGlite's once it is closed. */
function directoryMb(dir: string): number {
  const bytes = (d: string): number =>
    fs.readdirSync(d, { withFileTypes: true }).reduce((sum, entry) => {
      const file = path.join(d, entry.name);
      return sum + (entry.isDirectory() ? bytes(file) : fs.statSync(file).size);
    }, 0);
  return bytes(dir) / 2 ** 20;
}

async function main() {
  if (!process.env.DATABASE_URL && total > PGLITE_MAX_PRODUCTS)
    throw new Error(`PGlite holds at most ${PGLITE_MAX_PRODUCTS} products for the bench: set DATABASE_URL`);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
  const { db } = database;
  const images = await makeImages();

  await db.execute(sql`insert into departments (name) select 'Department ' || g from generate_series(1, 8) g`);
  await db.execute(sql`
    insert into categories (name, department_id, image_path)
    select 'Category ' || g, d.id, ${images[0]} from generate_series(1, 30) g
    join (select id, row_number() over (order by name) - 1 as idx from departments) d on d.idx = g % 8`);
  const places = (
    await db.execute<{ id: string; department_id: string }>(sql`select id, department_id from categories order by name`)
  ).rows;
  await withoutIndexes(database, () => copyProducts(database, places, images));

  const [orderProduct] = (
    await db.execute<{ id: string }>(sql`
      insert into products (name, description, brand, price, stock, weight, cod, category_id, department_id, image_paths)
      select 'Bench Order Item', 'Bought by the order benchmark', 'Bench', 10000, 1000000, 1, true, id, department_id, array[${images[0]}]
      from categories limit 1 returning id`)
  ).rows;
  const detail = (
    await db.execute<{ id: string }>(
      sql`select id from products where stock > 0 order by created_at desc limit 1 offset 5`,
    )
  ).rows[0];
  // As autovacuum leaves a shop that has taken its products in: statistics, and the pages marked all-visible that
  // let a category's list and counts read its index alone.
  await db.execute(sql`vacuum analyze`);
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const ids = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ id: string }>(query)).rows.map((row) => row.id);
  const sizes = database.kind === 'postgres' ? await postgresSizes(database) : null;
  const seed = {
    seed_s: seconds,
    detailId: detail?.id,
    categoryId: places[0]?.id,
    departmentId: places[0]?.department_id,
    categoryIds: places.map((place) => place.id),
    orderProductId: orderProduct?.id,
    // Random ids (uuid v4) in id order: a sample from all over the catalogue, read from the primary key.
    browseIds: await ids(sql`select id from products where stock > 0 order by id limit ${BROWSE_SAMPLE}`),
    spreadIds: await ids(sql`select id from products where stock = ${SPREAD_STOCK} order by id`),
  };
  await database.close();
  const dbMb = Math.round(sizes?.size ?? directoryMb(path.join(dataDir, 'pglite')));
  const buffersMb = sizes ? Math.round(sizes.buffers) : null;
  fs.writeFileSync(outFile, JSON.stringify({ ...seed, db_mb: dbMb, db_buffers_mb: buffersMb }));
  console.log(`  seeded ${total} products in ${seconds} s; the database takes ${dbMb} MB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
