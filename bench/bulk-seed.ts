// Fills a fresh database with N products for the benchmark, in batches with a progress bar.
// Usage: tsx bench/bulk-seed.ts <products> <out.json>   (DATABASE_URL or DATA_DIR picks the database)
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../apps/api/src/db/client.js';
import { fsImageStore } from '../apps/api/src/lib/image-store.js';
import { toWebp, imageUrl } from '../apps/api/src/lib/images.js';

const total = Number(process.argv[2] ?? 100_000);
const outFile = process.argv[3] ?? 'bench-seed.json';
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const BATCH = 10_000;

const BRANDS = [
  'Samsung',
  'Apple',
  'Xiaomi',
  'Oppo',
  'Realme',
  'Huawei',
  'Lenovo',
  'Dell',
  'HP',
  'Sony',
  'LG',
  'Toshiba',
  'Tornado',
  'Fresh',
  'Sharp',
  'Philips',
  'Braun',
  'Nivea',
  'Adidas',
  'Nike',
  'Puma',
  'Cottonil',
  'Activ',
  'Juhayna',
  'Edita',
  'Pampers',
  'Lego',
  'Kenwood',
  'Moulinex',
  'Zanussi',
];
const NOUNS = [
  'Galaxy Phone',
  'Smart Watch',
  'Laptop',
  'Tablet',
  'Headphones',
  'Speaker',
  'Kettle',
  'Blender',
  'Air Fryer',
  'Microwave',
  'Refrigerator',
  'Washing Machine',
  'Vacuum Cleaner',
  'Iron',
  'Hair Dryer',
  'Shaver',
  'T-Shirt',
  'Sneakers',
  'Jacket',
  'Backpack',
  'Perfume',
  'Face Cream',
  'Shampoo',
  'Juice Pack',
  'Biscuits',
  'Diapers',
  'Building Blocks',
  'Football',
  'Yoga Mat',
  'Monitor',
];
const ADJECTIVES = ['Pro', 'Max', 'Lite', 'Plus', 'Ultra', 'Mini', 'Classic', 'Smart', 'Eco', 'Prime'];
// Brand, noun and adjective vary independently (every brand makes every product), so two-word searches have
// matches. Arabic names, index for index with the English ones, so Arabic search has as much to sift as English search.
const BRANDS_AR = [
  'سامسونج',
  'أبل',
  'شاومي',
  'أوبو',
  'ريلمي',
  'هواوي',
  'لينوفو',
  'ديل',
  'إتش بي',
  'سوني',
  'إل جي',
  'توشيبا',
  'تورنيدو',
  'فريش',
  'شارب',
  'فيليبس',
  'براون',
  'نيفيا',
  'أديداس',
  'نايكي',
  'بوما',
  'قطونيل',
  'أكتيف',
  'جهينة',
  'إيديتا',
  'بامبرز',
  'ليجو',
  'كينوود',
  'مولينكس',
  'زانوسي',
];
const NOUNS_AR = [
  'هاتف جالاكسي',
  'ساعة ذكية',
  'لابتوب',
  'تابلت',
  'سماعات',
  'سماعة',
  'غلاية',
  'خلاط',
  'قلاية هوائية',
  'ميكروويف',
  'ثلاجة',
  'غسالة',
  'مكنسة كهربائية',
  'مكواة',
  'سشوار',
  'ماكينة حلاقة',
  'تيشيرت',
  'كوتشي',
  'جاكيت',
  'شنطة ظهر',
  'برفان',
  'كريم وجه',
  'شامبو',
  'عصير',
  'بسكويت',
  'حفاضات',
  'مكعبات',
  'كورة',
  'مات يوجا',
  'شاشة',
];
const ADJECTIVES_AR = ['برو', 'ماكس', 'لايت', 'بلس', 'ألترا', 'ميني', 'كلاسيك', 'سمارت', 'إيكو', 'برايم'];

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

/** A constant text array literal, parenthesised so it can be subscripted (the values are ours, not input). */
const textArray = (values: string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`);

// The schema writes its GIN search indexes through (fastupdate off), which would double the load time: while loading
// they buffer new entries in their pending lists, merged in one pass at the end.
const SEARCH_INDEXES = ['products_search_idx', 'products_name_trgm_idx', 'search_words_trgm_idx'];
async function bufferSearchIndexes(db: Awaited<ReturnType<typeof openDatabase>>['db'], buffer: boolean) {
  for (const index of SEARCH_INDEXES) {
    await db.execute(sql.raw(`alter index ${index} set (fastupdate = ${buffer})`));
    if (!buffer) await db.execute(sql.raw(`select gin_clean_pending_list('${index}')`));
  }
}

async function main() {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
  const { db } = database;
  const images = await makeImages();
  await bufferSearchIndexes(db, true);

  await db.execute(sql`insert into departments (name) select 'Department ' || g from generate_series(1, 8) g`);
  await db.execute(sql`
    insert into categories (name, department_id, image_path)
    select 'Category ' || g, d.id, ${images[0]} from generate_series(1, 30) g
    join (select id, row_number() over (order by name) - 1 as idx from departments) d on d.idx = g % 8`);

  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.execute(sql`
      insert into products (name, name_ar, description, brand, price, stock, weight, cod, category_id, department_id, image_paths, rating, num_reviews, created_at)
      select ${textArray(BRANDS)}[1 + g % ${BRANDS.length}] || ' ' || ${textArray(NOUNS)}[1 + (g / 30) % ${NOUNS.length}] || ' ' || ${textArray(ADJECTIVES)}[1 + (g / 900) % ${ADJECTIVES.length}] || ' ' || (g % 997),
             ${textArray(NOUNS_AR)}[1 + (g / 30) % ${NOUNS_AR.length}] || ' ' || ${textArray(BRANDS_AR)}[1 + g % ${BRANDS_AR.length}] || ' ' || ${textArray(ADJECTIVES_AR)}[1 + (g / 900) % ${ADJECTIVES_AR.length}] || ' ' || (g % 997),
             'A dependable choice for everyday use, sold with the official local warranty. Item ' || g,
             ${textArray(BRANDS)}[1 + g % ${BRANDS.length}],
             1000 + (g::bigint * 7919 % 5000000)::int,
             case when g % 13 = 0 then 0 else 1 + g % 50 end,
             0.1 + (g % 200) / 10.0,
             g % 10 <> 0,
             c.id, c.department_id,
             array[${textArray(images)}[1 + g % ${images.length}]],
             least(5, (g % 11) / 2.0),
             g % 200,
             now() - g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g
      join (select id, department_id, row_number() over (order by name) - 1 as idx from categories) c on c.idx = g % 30`);
    progress(to);
  }
  process.stdout.write('\n');
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
  const category = (await db.execute<{ id: string }>(sql`select id from categories order by name limit 1`)).rows[0];
  await bufferSearchIndexes(db, false);
  await db.execute(sql`analyze`);
  await database.close();
  fs.writeFileSync(
    outFile,
    JSON.stringify({ detailId: detail?.id, categoryId: category?.id, orderProductId: orderProduct?.id }),
  );
  console.log(`  seeded ${total} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
