import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { PRODUCT_CSV_COLUMNS } from '@shop/contracts';
import {
  addresses,
  banners,
  cartItems,
  categories,
  coupons,
  departments,
  favourites,
  orderItems,
  orders,
  orderStatusHistory,
  passwordResets,
  productImports,
  products,
  reviews,
  sessions,
  testPaymentIntents,
  users,
} from '../../src/db/schema.js';
import { toWebp } from '../../src/lib/images.js';
import { hashPassword } from '../../src/modules/users/service.js';
import { offlineWebhookSecret } from '../../src/modules/payments/offline-provider.js';
import { GOOD_CARD, PASSWORD, uniqueEmail, type Account } from '../harness.js';
import { ADDRESS, testImage } from '../fixtures.js';
import { multipart, type FilePart } from '../multipart.js';
import { USER_AGENTS } from '../user-agents.js';

/** The harness's JWT secret: tests that forge tokens need it. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

let passwordHash: Promise<string> | undefined;

/**
 * A signed-in user written straight to the database: no argon2 hash per user (one, shared) and no
 * HTTP round trip, so tests can make hundreds. Its password is PASSWORD.
 */
export async function quickUser(
  app: FastifyInstance,
  opts: { role?: boolean; name?: string; phone?: string } = {},
): Promise<Account> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = uniqueEmail(opts.role ? 'admin' : 'shopper');
  const [row] = await app.db
    .insert(users)
    .values({
      name: opts.name ?? 'Mona Ali',
      email,
      phone: opts.phone ?? '01012345678',
      passwordHash: await passwordHash,
      role: opts.role ?? false,
      staffRole: opts.role ? 'owner' : null,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!row) throw new Error('user insert returned no row');
  const { token } = app.tokens.issue({ sub: row.id, tv: row.tokenVersion });
  return { id: row.id, email, token, headers: { 'x-access-token': token } };
}

/** Many shoppers in one insert, for the concurrency tests. */
export async function quickShoppers(app: FastifyInstance, n: number): Promise<Account[]> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const values = Array.from({ length: n }, () => ({
    name: 'Racer',
    email: uniqueEmail('racer'),
    phone: '01012345678',
    passwordHash: hash,
  }));
  const rows = await app.db
    .insert(users)
    .values(values)
    .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
  return rows.map((row) => {
    const { token } = app.tokens.issue({ sub: row.id, tv: row.tokenVersion });
    return { id: row.id, email: row.email ?? '', token, headers: { 'x-access-token': token } };
  });
}

export const hex = (bytes = 4) => randomBytes(bytes).toString('hex');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export { ADDRESS, GOOD_CARD };

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** One shopper and everything they own: the ids another shopper will try to reach. */
export interface Subject {
  account: Account;
  phone: string;
  /** A string only this shopper's own data contains (their address's street). */
  marker: string;
  orderId: string;
  addressId: string;
  /** Another device the shopper is signed in on. */
  sessionId: string;
  reviewId: string;
  intentId: string;
  /** Credentials, not ids: whoever holds them may use them (like Stripe's client secret, a mailed reset link). */
  clientSecret: string;
  resetToken: string;
}

export interface World {
  owner: Subject;
  other: Subject;
  admin: Account;
  department: Row<typeof departments>;
  category: Row<typeof categories>;
  /** In both shoppers' carts and favourites, reviewed by both, ordered by both. */
  product: Row<typeof products>;
  /** In nobody's cart: free to add, favour, review, update or delete. */
  spare: Row<typeof products>;
  /** Only in the owner's cart and favourites. */
  ownerOnly: Row<typeof products>;
  /** No category uses it: deletable. */
  emptyDepartment: Row<typeof departments>;
  /** No product uses it: deletable. */
  emptyCategory: Row<typeof categories>;
  /** A coupon nobody has used. */
  coupon: Row<typeof coupons>;
  /** The shop's only home banner: free to change or delete. */
  banner: Row<typeof banners>;
  /** A checked product import of a file with no rows: applying it changes no product. */
  productImport: Row<typeof productImports>;
  imageName: string;
  webhookSecret: string;
}

/** The owner, another shopper and an admin, a small catalogue, and for each shopper a cart, favourites, a review, an address, a pending card order with its payment intent and a live reset link. */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  const { db } = app;
  const ownerPhone = '01099999999';
  const otherPhone = '01188888888';
  const [owner, other, admin] = [
    await quickUser(app, { name: 'Owner Person', phone: ownerPhone }),
    await quickUser(app, { name: 'Other Person', phone: otherPhone }),
    await quickUser(app, { role: true, name: 'Admin Person', phone: '01277777777' }),
  ];
  const [department, emptyDepartment] = await db
    .insert(departments)
    .values([{ name: `Dept ${hex()}` }, { name: `Empty dept ${hex()}` }])
    .returning();
  if (!department || !emptyDepartment) throw new Error('no department');
  const [category, emptyCategory] = await db
    .insert(categories)
    .values([
      { name: `Cat ${hex()}`, departmentId: department.id },
      { name: `Empty cat ${hex()}`, departmentId: department.id },
    ])
    .returning();
  if (!category || !emptyCategory) throw new Error('no category');
  const productValues = (name: string) => ({
    name: `${name} ${hex()}`,
    description: 'A sturdy everyday item',
    brand: 'Generic',
    price: 10_000,
    stock: 5,
    weight: 1,
    cod: true,
    categoryId: category.id,
    departmentId: department.id,
    imagePaths: ['/uploads/test.webp'],
  });
  const [product, spare, ownerOnly] = await db
    .insert(products)
    .values([productValues('Product'), productValues('Spare'), productValues('Owned')])
    .returning();
  if (!product || !spare || !ownerOnly) throw new Error('no product');

  const people = [
    { account: owner, phone: ownerPhone },
    { account: other, phone: otherPhone },
  ];
  await db
    .insert(cartItems)
    .values([
      ...people.map((p) => ({ userId: p.account.id, productId: product.id, quantity: 1 })),
      { userId: owner.id, productId: ownerOnly.id, quantity: 1 },
    ]);
  await db
    .insert(favourites)
    .values([
      ...people.map((p) => ({ userId: p.account.id, productId: product.id })),
      { userId: owner.id, productId: ownerOnly.id },
    ]);
  const reviewRows = await db
    .insert(reviews)
    .values(
      people.map((p) => ({
        productId: product.id,
        userId: p.account.id,
        rating: 4,
        title: 'Fine',
        comment: 'Does the job',
      })),
    )
    .returning({ id: reviews.id });
  const markers = people.map(() => `Secret street ${hex(6)}`);
  const addressRows = await db
    .insert(addresses)
    .values(people.map((p, i) => ({ userId: p.account.id, ...ADDRESS, street: markers[i] ?? '', phone: p.phone })))
    .returning({ id: addresses.id });
  // Each shopper is signed in on a second device, which they may sign out from their list.
  const sessionRows = await db
    .insert(sessions)
    .values(
      people.map((p) => ({
        userId: p.account.id,
        tokenHash: hex(32),
        tokenVersion: sql<number>`(select ${users.tokenVersion} from ${users} where ${users.id} = ${p.account.id})`,
        userAgent: USER_AGENTS.chromeAndroid,
        expiresAt: new Date(app.clock.now().getTime() + 24 * 60 * 60_000),
      })),
    )
    .returning({ id: sessions.id });
  const orderRows = await db
    .insert(orders)
    .values(
      people.map((p, i) => ({
        userId: p.account.id,
        status: 'pending',
        paymentMethod: 'visa',
        itemsTotal: product.price,
        shipping: 0,
        codFee: 0,
        bill: product.price,
        deliveryAddress: { ...ADDRESS, street: markers[i] ?? '', phone: p.phone },
      })),
    )
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    orderRows.map((o) => ({
      orderId: o.id,
      productId: product.id,
      name: product.name,
      price: product.price,
      imagePaths: product.imagePaths,
      quantity: 1,
    })),
  );
  await db.insert(orderStatusHistory).values(orderRows.map((o) => ({ orderId: o.id, status: 'pending' })));
  const intentRows = await db
    .insert(testPaymentIntents)
    .values(
      orderRows.map((o) => {
        const id = `pi_test_${hex(12)}`;
        return {
          id,
          clientSecret: `${id}_secret_${hex(16)}`,
          orderId: o.id,
          amount: product.price,
          currency: 'egp',
          status: 'requires_payment_method',
        };
      }),
    )
    .returning();
  for (const intent of intentRows)
    await db.update(orders).set({ paymentIntentId: intent.id }).where(eq(orders.id, intent.orderId));
  const resetTokens = people.map(() => randomBytes(32).toString('base64url'));
  await db.insert(passwordResets).values(
    people.map((p, i) => ({
      userId: p.account.id,
      tokenHash: sha256(resetTokens[i] ?? ''),
      expiresAt: new Date(app.clock.now().getTime() + 10 * 60_000),
    })),
  );

  const image = await toWebp(await testImage('png', 7));
  await app.images.put(image);

  const subjects = people.map((p, i): Subject => {
    const order = orderRows[i];
    const intent = intentRows.find((row) => row.orderId === order?.id);
    const review = reviewRows[i];
    const address = addressRows[i];
    const session = sessionRows[i];
    if (!order || !intent || !review || !address || !session) throw new Error('world is incomplete');
    return {
      account: p.account,
      phone: p.phone,
      marker: markers[i] ?? '',
      orderId: order.id,
      addressId: address.id,
      sessionId: session.id,
      reviewId: review.id,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      resetToken: resetTokens[i] ?? '',
    };
  });
  const [ownerSubject, otherSubject] = subjects;
  const [coupon] = await db
    .insert(coupons)
    .values({ code: `WORLD${hex()}`, kind: 'percent', value: 10 })
    .returning();
  // The world's only banner: a shop keeps at most 50, and every route's world would add one.
  await db.delete(banners);
  const [banner] = await db
    .insert(banners)
    .values({
      position: 1,
      image: '/banners/banner-fashion.svg',
      imageAr: '/banners/banner-fashion.ar.svg',
      alt: 'Sale',
      altAr: 'تخفيضات',
    })
    .returning();
  const [productImport] = await db
    .insert(productImports)
    .values({
      status: 'checked',
      fileName: 'world.csv',
      csv: Buffer.from(`${PRODUCT_CSV_COLUMNS.join(',')}\r\n`),
      report: {
        check: { add: 0, update: 0, unchanged: 0, reject: 0, newDepartments: [], newCategories: [] },
        rejections: [],
      },
      totalRows: 0,
      createdBy: admin.id,
    })
    .returning();
  if (!ownerSubject || !otherSubject || !coupon || !banner || !productImport) throw new Error('world is incomplete');
  return {
    owner: ownerSubject,
    other: otherSubject,
    admin,
    department,
    category,
    product,
    spare,
    ownerOnly,
    emptyDepartment,
    emptyCategory,
    coupon,
    banner,
    productImport,
    imageName: image.name,
    webhookSecret: offlineWebhookSecret(app.config),
  };
}

/** A request in parts, so tests can swap any id in it: path params, query, JSON body, multipart form or raw bytes. */
export interface Req {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  json?: unknown;
  form?: { fields: Record<string, string>; files: FilePart[] };
  raw?: { body: string | Buffer; contentType?: string };
  headers?: Record<string, string>;
}

export interface RouteRef {
  method: string;
  url: string;
}

export const routeKey = (route: RouteRef) => `${route.method} ${route.url}`;

/** encodeURIComponent that also takes lone surrogates (sent as the UTF-8 of U+FFFD, as a browser would). */
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

/** Fills a route pattern (`/api/review/:id`, `/api/docs/static/*`) with encoded params. */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
      return encodePart(value);
    })
    .replace('*', () => params['*'] ?? '');
}

export function queryString(query: Record<string, string | string[]> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) search.append(key, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The inject options for a request, sent with `auth` headers (a token, or none for a visitor). */
export function toInject(route: RouteRef, req: Req, auth: Record<string, string> = {}): InjectOptions {
  const headers: Record<string, string> = { ...auth, ...req.headers };
  let payload: InjectOptions['payload'];
  if (req.form) {
    const body = multipart(req.form.fields, req.form.files);
    payload = body.payload;
    Object.assign(headers, body.headers);
  } else if (req.raw) {
    payload = req.raw.body;
    if (req.raw.contentType) headers['content-type'] = req.raw.contentType;
  } else if (req.json !== undefined) {
    payload = JSON.stringify(req.json);
    headers['content-type'] = 'application/json';
  }
  return {
    method: route.method,
    url: fillPath(route.url, req.params) + queryString(req.query),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

const digestQueries = new WeakMap<FastifyInstance, string>();

/** Row digests, table by table: what a request changed, ignoring the audit log (refusals are logged on purpose). */
export async function tableDigest(app: FastifyInstance): Promise<Record<string, string>> {
  let query = digestQueries.get(app);
  if (!query) {
    const listed = await app.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_logs' order by 1`,
    );
    query = (listed.rows as { name: string }[])
      .map(
        ({ name }) =>
          `select '${name}' as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${name}" x`,
      )
      .join(' union all ');
    digestQueries.set(app, query);
  }
  const result = await app.db.execute(sql.raw(query));
  return Object.fromEntries((result.rows as { name: string; h: string }[]).map((r) => [r.name, r.h]));
}

/**
 * Waits for the background work earlier calls woke (messages, receipts, a product import) and runs it to its end:
 * a pass still sending an order's e-mail, or retrying the messages whose minute has passed, would otherwise write
 * while a later call is being checked for changing nothing.
 */
export async function settle(app: FastifyInstance): Promise<void> {
  await Promise.all([app.messageSender.flush(), app.receiptSender.flush(), app.productImports.flush()]);
}

/** Names of the tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** One digest of every row a user owns: their account, cart, favourites, addresses, reviews, reset links, orders and payments. */
export async function userDigest(app: FastifyInstance, userId: string): Promise<string> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error(`not a user id: ${userId}`);
  const rows = (table: string, where: string) =>
    `(select coalesce(string_agg(x::text, ',' order by x::text), '') from ${table} x where ${where})`;
  const byUser = `x.user_id = '${userId}'`;
  const byOrder = `x.order_id in (select id from orders where user_id = '${userId}')`;
  const parts = [
    rows('users', `x.id = '${userId}'`),
    ...['cart_items', 'favourites', 'addresses', 'reviews', 'password_resets', 'sessions', 'orders'].map((table) =>
      rows(table, byUser),
    ),
    ...['order_items', 'order_status_history', 'test_payment_intents'].map((table) => rows(table, byOrder)),
  ];
  const result = await app.db.execute(sql.raw(`select md5(concat_ws('|', ${parts.join(', ')})) as h`));
  return (result.rows as { h: string }[])[0]?.h ?? '';
}

/** A small valid PNG upload for the admin image routes. */
export async function pngPart(seed = 1, filename = 'photo.png'): Promise<FilePart> {
  return { data: await testImage('png', seed), filename, contentType: 'image/png' };
}

/** The JSON of a response, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
