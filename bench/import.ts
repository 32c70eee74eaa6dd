// Times the dashboard's CSV product import on PostgreSQL: 100,000 new products, then the same 100,000
// exported, every price changed, and imported back (100,000 updates). Each run is on a fresh database;
// the dry run (the upload's check) and applying it (the background job) are timed apart.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/import.ts [--rows 100000] [--runs 3]
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { PRODUCT_CSV_COLUMNS, type ProductImport } from '@shop/contracts';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { categories, departments, users } from '../apps/api/src/db/schema.js';
import { multipart } from '../apps/api/test/multipart.js';
import { freshDatabase } from './fresh-database.mjs';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const rows = option('rows', 100_000);
const runs = option('runs', 3);
const base = process.env.DATABASE_URL ?? '';
if (!base) throw new Error('DATABASE_URL must name a PostgreSQL server: the timing is for PostgreSQL');
const PUBLIC_URL = 'https://shop.example.eg';

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** `rows` new products over 8 departments and 30 categories, as a spreadsheet of the export's columns would hold them. */
function newProductsFile(places: { department: string; category: string }[]): Buffer {
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const place = places[i % places.length] ?? { department: '', category: '' };
    const cells: Record<(typeof PRODUCT_CSV_COLUMNS)[number], string> = {
      id: '',
      name: `Bench Kettle ${i}`,
      nameAr: `غلاية تجريبية ${i}`,
      description: 'Boils a litre and a half in three minutes, with a light that says when, and turns itself off.',
      descriptionAr: 'تغلي لترًا ونصف في ثلاث دقائق، ولها ضوء يدل على ذلك، وتطفئ نفسها.',
      brand: ['Tornado', 'Fresh', 'Kenwood', 'Philips'][i % 4] ?? '',
      department: place.department,
      category: place.category,
      price: (100 + (i % 5000) + 0.5).toFixed(2),
      compareAtPrice: i % 3 ? '' : (6000 + (i % 5000)).toFixed(2),
      saleEndsOn: '',
      stock: String(i % 50),
      stockAtExport: '',
      weight: String(0.5 + (i % 20) / 10),
      cod: String(i % 10 !== 0),
      warranty: '',
      warrantyAr: '',
      images: `${PUBLIC_URL}/uploads/${(i % 12).toString(16).padStart(32, '0')}.webp`,
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((column) => quote(cells[column])).join(','));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const seconds = (from: number) => (performance.now() - from) / 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function once() {
  const database = await openDatabase({ databaseUrl: await freshDatabase(base, 'import_bench'), poolMax: 10 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-import-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
    SEED: 'none',
    PAYMENT_PROVIDER: 'offline',
  });
  const app = await buildApp({ config, database });
  try {
    const { db } = database;
    const [admin] = await db
      .insert(users)
      .values({
        name: 'Bench',
        email: 'bench@example.com',
        phone: '01000000000',
        passwordHash: 'x',
        role: true,
        staffRole: 'owner',
      })
      .returning();
    if (!admin) throw new Error('no admin');
    const headers = { 'x-access-token': app.tokens.issue({ sub: admin.id, tv: 0 }).token };
    const made = await db
      .insert(departments)
      .values(Array.from({ length: 8 }, (_, i) => ({ name: `Department ${i}` })))
      .returning();
    const cats = await db
      .insert(categories)
      .values(Array.from({ length: 30 }, (_, i) => ({ name: `Category ${i}`, departmentId: made[i % 8]?.id ?? '' })))
      .returning();
    const places = cats.map((c) => ({
      department: made.find((d) => d.id === c.departmentId)?.name ?? '',
      category: c.name,
    }));

    /** Uploads (the dry run), applies, and waits for the job: the seconds of each. */
    const importFile = async (file: Buffer) => {
      const form = multipart({}, [{ field: 'file', filename: 'bench.csv', contentType: 'text/csv', data: file }]);
      let started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/products/imports',
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const check = seconds(started);
      const job = res.json<ProductImport>();
      started = performance.now();
      await app.inject({ method: 'POST', url: `/api/admin/products/imports/${job._id}/apply`, headers });
      await app.productImports.flush();
      const apply = seconds(started);
      const done = (await app.inject({ url: `/api/admin/products/imports/${job._id}`, headers })).json<ProductImport>();
      if (done.status !== 'done') throw new Error(`the import ended ${done.status}`);
      return { check, apply, total: check + apply, megabytes: file.length / 1024 / 1024, result: done.result };
    };

    const added = await importFile(newProductsFile(places));
    const exported = (await app.inject({ url: '/api/admin/products/export', headers })).body;
    // Every price up by one pound: each row an update.
    const changed = Buffer.from(
      exported.replace(/,(\d+)\.(\d\d),/g, (_, egp: string, pt: string) => `,${Number(egp) + 1}.${pt},`),
    );
    const updated = await importFile(changed);
    return { added, updated };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 1; run <= runs; run++) {
  const result = await once();
  results.push(result);
  for (const [what, r] of Object.entries(result))
    console.log(
      `run ${run} ${what}: ${rows} rows (${r.megabytes.toFixed(1)} MB) dry run ${r.check.toFixed(1)} s + apply ${r.apply.toFixed(1)} s = ${r.total.toFixed(1)} s ${JSON.stringify(r.result)}`,
    );
}
for (const what of ['added', 'updated'] as const)
  console.log(
    `median of ${runs} ${what}: dry run ${median(results.map((r) => r[what].check)).toFixed(1)} s, apply ${median(results.map((r) => r[what].apply)).toFixed(1)} s, total ${median(results.map((r) => r[what].total)).toFixed(1)} s`,
  );
