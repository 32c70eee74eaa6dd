import { randomUUID } from 'node:crypto';
import { count, inArray, like, sql } from 'drizzle-orm';
import { OWNER_ROLE } from '@shop/contracts';
import type { Db, Tx } from '../db/client.js';
import {
  banners,
  categories,
  coupons,
  departments,
  products,
  productVariants,
  reviews,
  searchSynonyms,
  users,
} from '../db/schema.js';
import { audit } from '../lib/audit.js';
import type { ImageStore } from '../lib/image-store.js';
import { imageUrl } from '../lib/images.js';
import { toPiastres } from '../lib/money.js';
import { hashPassword } from '../modules/users/service.js';
import { recomputeRatings } from '../modules/reviews/rating.js';
import { synonymRows } from '../modules/search/synonyms.js';
import { REVIEWERS } from './catalogue.js';
import { buildPlan, DEFAULT_PRODUCTS, type Plan } from './plan.js';
import { at, type TileSpec } from './products.js';
import { renderTiles } from './tiles.js';
import { DEMO_SYNONYMS } from './synonyms.js';
import { DEMO_BANNERS, demoBannerPictures } from './banners.js';
import { transaction } from '../db/transaction.js';

/** The demo coupon the seed creates, and the first start prints (`demoSignIn`). */
export const DEMO_COUPON = { code: 'WELCOME10', kind: 'percent', value: 10, perUserLimit: 1 } as const;

/** The demo accounts the seed creates, and the first start prints (`demoSignIn`). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@shop.local', password: 'Admin123!', phone: '01000000001' },
  { role: 'shopper', name: 'Mariam Adel', email: 'shopper@shop.local', password: 'Shopper123!', phone: '01100000002' },
] as const;
type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** Serialises seeding across instances sharing one PostgreSQL (db/client.ts uses 727001 for migrations). */
const SEED_LOCK = 727_002;

export interface SeedOptions {
  db: Db;
  images: ImageStore;
  /** One line per call: the seed's progress. */
  log: (line: string) => void;
  /** Fewer products for tests where the count does not matter (default 200). */
  products?: number;
}

export interface SeedResult {
  departments: number;
  categories: number;
  products: number;
  /** Rows of product_variants: the phones', tablets' and clothes' sizes, colours and capacities. */
  variants: number;
  reviews: number;
  images: number;
  /** The demo accounts this run created (an e-mail that was already registered keeps its password). */
  accounts: { email: string; password: string; role: DemoAccount['role'] }[];
  ms: number;
}

/** Thrown by seedDemo when the database already holds a catalogue and `replace` was not asked for. */
export class CatalogueNotEmptyError extends Error {
  constructor(readonly departments: number) {
    super(`The database already has a catalogue (${departments} departments)`);
  }
}

export async function countDepartments(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(departments);
  return row?.n ?? 0;
}

/** Seeds the demo catalogue on a first start; returns null when a catalogue exists (or another instance just seeded it). */
export async function seedIfEmpty(opts: SeedOptions): Promise<SeedResult | null> {
  // The common case, every later start: one cheap query and no image rendering.
  if ((await countDepartments(opts.db)) > 0) return null;
  return seed(opts, 'skip');
}

/** Seeds the demo catalogue; with `replace` the existing catalogue (departments, categories, products, reviews) goes first. */
export async function seedDemo(opts: SeedOptions & { replace?: boolean }): Promise<SeedResult> {
  return seed(opts, opts.replace ? 'replace' : 'fail');
}

/** Only 'skip' can end without seeding; 'fail' throws and 'replace' wipes instead. */
async function seed(opts: SeedOptions, whenNotEmpty: 'skip'): Promise<SeedResult | null>;
async function seed(opts: SeedOptions, whenNotEmpty: 'fail' | 'replace'): Promise<SeedResult>;
async function seed(opts: SeedOptions, whenNotEmpty: 'skip' | 'fail' | 'replace'): Promise<SeedResult | null> {
  const started = Date.now();
  const { log } = opts;
  const plan = buildPlan(opts.products ?? DEFAULT_PRODUCTS);
  log(`seeding: demo catalogue with ${plan.products.length} products`);

  // Images and password hashes are prepared before the transaction: rendering takes seconds and must not
  // hold the lock, and the db image store writes through its own connection (on PGlite, a query outside
  // an open transaction would wait for it forever). The plan is deterministic, so an instance that loses
  // the race below wrote byte-identical, content-named images: nothing is orphaned.
  const stored = await renderAndStore(plan, opts);
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));

  const result = await transaction(opts.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Checked again under the lock: another instance may have seeded while we rendered.
    const existing = await countDepartments(tx);
    if (existing > 0) {
      if (whenNotEmpty === 'skip') return null;
      if (whenNotEmpty === 'fail') throw new CatalogueNotEmptyError(existing);
      log('seeding: removing the existing catalogue');
      await wipeCatalogue(tx);
    }
    log('seeding: writing to the database');
    return insertPlan(tx, plan, stored, hashes);
  });
  if (!result) {
    log('seeding: skipped, another instance seeded the database meanwhile');
    return null;
  }

  const done = { ...result, images: stored.count, ms: Date.now() - started };
  log(
    `seeding: done in ${(done.ms / 1000).toFixed(1)} s: ${done.departments} departments, ${done.categories} categories, ` +
      `${done.products} products (${done.variants} variants), ${done.reviews} reviews, ${done.images} images`,
  );
  return done;
}

/**
 * The demo accounts and coupon as plain lines for the person who started the shop, printed apart from the JSON log,
 * where nobody starting the shop for the first time would look for a password.
 */
export function demoSignIn(done: SeedResult): string[] {
  const label = { admin: 'admin (dashboard)', shopper: 'shopper' } as const;
  return [
    ...DEMO_ACCOUNTS.map((account) => {
      const head = `  ${`${label[account.role]}:`.padEnd(19)} ${account.email}`;
      return done.accounts.some((a) => a.email === account.email)
        ? `${head}  password: ${account.password}`
        : `${head} was already registered; its password was left unchanged`;
    }),
    `  ${'coupon:'.padEnd(19)} ${DEMO_COUPON.code} (${DEMO_COUPON.value}% off, once per shopper)`,
  ];
}

interface StoredImages {
  categories: string[];
  products: string[][];
  count: number;
}

async function renderAndStore(plan: Plan, opts: SeedOptions): Promise<StoredImages> {
  // A tile shown by several products (a line in one colour) is rendered once.
  const unique: TileSpec[] = [];
  const seen = new Map<string, number>();
  const indexOf = (spec: TileSpec) => {
    const key = JSON.stringify(spec);
    const known = seen.get(key);
    if (known !== undefined) return known;
    seen.set(key, unique.length);
    return unique.push(spec) - 1;
  };
  const categoryRefs = plan.categories.map((c) => indexOf(c.image));
  const productRefs = plan.products.map((p) => p.images.map(indexOf));

  const step = Math.ceil(unique.length / 4);
  const rendered = await renderTiles(unique, (done) => {
    if (done % step === 0 || done === unique.length) opts.log(`seeding: images ${done}/${unique.length}`);
  });
  // One at a time: the db store is an insert per image, the fs store a small file each; both are quick.
  for (const image of rendered) await opts.images.put(image);

  const url = (index: number) => imageUrl(at(rendered, index).name);
  return {
    categories: categoryRefs.map(url),
    products: productRefs.map((refs) => refs.map(url)),
    count: rendered.length,
  };
}

/** Orders keep their line snapshots (order_items.product_id becomes null); carts, favourites and reviews go with the products. */
async function wipeCatalogue(tx: Tx): Promise<void> {
  // The demo's own banners link to departments that go now; the merchant's stay.
  await tx.delete(banners).where(like(banners.image, '/banners/%'));
  await tx.delete(products);
  await tx.delete(categories);
  await tx.delete(departments);
}

async function insertPlan(
  tx: Tx,
  plan: Plan,
  stored: StoredImages,
  hashes: string[],
): Promise<Omit<SeedResult, 'images' | 'ms'>> {
  const now = Date.now();
  const departmentIds = plan.departments.map(() => randomUUID());
  const categoryIds = plan.categories.map(() => randomUUID());
  const productIds = plan.products.map(() => randomUUID());

  await tx
    .insert(departments)
    .values(plan.departments.map(({ name, nameAr }, i) => ({ id: at(departmentIds, i), name, nameAr })));
  await tx.insert(categories).values(
    plan.categories.map((c, i) => ({
      id: at(categoryIds, i),
      name: c.name,
      nameAr: c.nameAr,
      departmentId: at(departmentIds, c.department),
      imagePath: at(stored.categories, i),
    })),
  );
  await tx.insert(products).values(
    plan.products.map((p, i) => ({
      id: at(productIds, i),
      name: p.name,
      nameAr: p.nameAr,
      description: p.description,
      descriptionAr: p.descriptionAr,
      brand: p.brand,
      price: toPiastres(p.priceEgp),
      stock: p.stock,
      weight: p.weight,
      cod: p.cod,
      warranty: p.warranty,
      warrantyAr: p.warrantyAr,
      categoryId: at(categoryIds, p.category),
      departmentId: at(departmentIds, p.department),
      imagePaths: at(stored.products, i),
      options: p.options,
      // A minute apart, newest first in plan order, so "newest" listings are stable and mix departments.
      createdAt: new Date(now - i * 60_000),
    })),
  );
  // As PUT /api/product/:id/variants writes them, in this one transaction: each row's trigger (db/sql/variant-totals.sql)
  // sets its product's price (and sale price) to the lowest variant's and its stock to the variants' total.
  const variantRows = plan.products.flatMap((p, i) =>
    p.variants.map((v, position) => ({
      productId: at(productIds, i),
      sku: v.sku,
      options: v.options,
      price: toPiastres(v.priceEgp),
      compareAtPrice: v.compareAtEgp === null ? null : toPiastres(v.compareAtEgp),
      stock: v.stock,
      imagePaths: v.images.map((image) => at(at(stored.products, i), image)),
      position,
    })),
  );
  if (variantRows.length) await tx.insert(productVariants).values(variantRows);

  const shopperHash = at(
    hashes,
    DEMO_ACCOUNTS.findIndex((a) => a.role === 'shopper'),
  );
  const demoUsers = [
    ...DEMO_ACCOUNTS.map((a, i) => ({
      ...a,
      passwordHash: at(hashes, i),
      role: a.role === 'admin',
    })),
    ...REVIEWERS.map((r) => ({ ...r, passwordHash: shopperHash, role: false })),
  ];
  // An e-mail someone already registered is left alone: seeding never takes over a real account.
  const created = await tx
    .insert(users)
    .values(
      demoUsers.map(({ name, email, phone, passwordHash, role }) => ({
        name,
        email,
        phone,
        passwordHash,
        role,
        staffRole: role ? OWNER_ROLE : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ email: users.email });
  const reviewerRows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        REVIEWERS.map((r) => r.email),
      ),
    );
  // Inserted just now or registered before: either way the row exists, inside this transaction.
  const reviewerIds = REVIEWERS.map(
    (r) =>
      at(
        reviewerRows.filter((row) => row.email === r.email),
        0,
      ).id,
  );

  const reviewRows = plan.reviews.map((r) => ({
    productId: at(productIds, r.product),
    userId: at(reviewerIds, r.reviewer),
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    createdAt: new Date(now - r.daysAgo * 86_400_000),
  }));
  if (reviewRows.length) await tx.insert(reviews).values(reviewRows);
  await recomputeRatings(
    tx,
    reviewRows.map((r) => r.productId),
  );

  // A code to try the checkout's coupon box with; one the admin already has is left as it is.
  await tx.insert(coupons).values(DEMO_COUPON).onConflictDoNothing();

  // The demo's common synonyms, unless the merchant has a list already (seeding again keeps theirs).
  const [synonyms] = await tx.select({ n: count() }).from(searchSynonyms);
  if (!synonyms?.n) await tx.insert(searchSynonyms).values(synonymRows(DEMO_SYNONYMS));

  // The demo's home banners, unless the merchant has banners already (seeding again keeps theirs).
  const [bannerCount] = await tx.select({ n: count() }).from(banners);
  if (!bannerCount?.n)
    await tx.insert(banners).values(
      DEMO_BANNERS.map(({ picture, department, page, ...banner }, i) => {
        const index = plan.departments.findIndex((d) => d.name === department);
        return {
          ...banner,
          ...demoBannerPictures(picture),
          link: index >= 0 ? `/department/${at(departmentIds, index)}` : (page ?? ''),
          position: i + 1,
        };
      }),
    );

  await audit(tx, {
    type: 'admin',
    action: 'seed_demo',
    message: `Demo catalogue seeded: ${plan.products.length} products in ${plan.categories.length} categories`,
    data: { products: plan.products.length, categories: plan.categories.length },
  });

  const createdEmails = new Set(created.map((c) => c.email));
  return {
    departments: plan.departments.length,
    categories: plan.categories.length,
    products: plan.products.length,
    variants: variantRows.length,
    reviews: reviewRows.length,
    accounts: DEMO_ACCOUNTS.filter((a) => createdEmails.has(a.email)).map(({ email, password, role }) => ({
      email,
      password,
      role,
    })),
  };
}
