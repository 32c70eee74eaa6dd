import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.js';
import {
  auditLogs,
  cartItems,
  categories,
  departments,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  users,
} from '../../src/db/schema.js';
import { createTokenService } from '../../src/lib/tokens.js';
import { ADDRESS, hex, TEST_JWT_SECRET } from './helpers.js';
import { createPgDatabase } from '../pg-database.js';
import { startServer, type ServerProcess } from './server-process.js';
import { TEST_COD_SETTINGS } from '../harness.js';
import { saveCodSettings } from '../../src/modules/confirmations/settings.js';
import { Tally } from './report.js';

/**
 * The server killed with SIGKILL in the middle of a stream of order placements, on PostgreSQL: after
 * a restart every order is whole (its lines, its history, its audit row, its shopper's empty cart)
 * and the stock on the shelf plus the stock in orders is exactly what there was.
 */

const base = process.env.TEST_DATABASE_URL;
const tally = new Tally('crash');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  tally.save();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const SHOPPERS = 120;
const STOCK = { plenty: 10_000, scarce: 40 };

interface Setup {
  database: Database;
  plenty: string;
  scarce: string;
  shoppers: { id: string; token: string }[];
}

async function seed(database: Database): Promise<Setup> {
  const { db } = database;
  // Every checkout here delivers to one phone: the shop lets it have any number of cash orders open.
  await saveCodSettings(db, TEST_COD_SETTINGS, new Date());
  const [department] = await db
    .insert(departments)
    .values({ name: `Crash ${hex()}` })
    .returning();
  if (!department) throw new Error('no department');
  const [category] = await db.insert(categories).values({ name: 'Crash', departmentId: department.id }).returning();
  if (!category) throw new Error('no category');
  const product = (name: string, stock: number) => ({
    name,
    description: 'Crash test',
    brand: 'Test',
    price: 5_000,
    stock,
    weight: 1,
    cod: true,
    categoryId: category.id,
    departmentId: department.id,
    imagePaths: [],
  });
  const [plenty, scarce] = await db
    .insert(products)
    .values([product('Plenty', STOCK.plenty), product('Scarce', STOCK.scarce)])
    .returning();
  if (!plenty || !scarce) throw new Error('no products');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: SHOPPERS }, (_v, i) => ({
        name: 'Crash',
        email: `crash${i}-${hex()}@example.com`,
        phone: '01012345678',
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  await db.insert(cartItems).values(
    rows.flatMap((u) => [
      { userId: u.id, productId: plenty.id, quantity: 2 },
      { userId: u.id, productId: scarce.id, quantity: 1 },
    ]),
  );
  const tokens = createTokenService(TEST_JWT_SECRET, () => new Date());
  return {
    database,
    plenty: plenty.id,
    scarce: scarce.id,
    shoppers: rows.map((u) => ({ id: u.id, token: tokens.issue({ sub: u.id, tv: 0 }).token })),
  };
}

/** Everything that must hold whatever moment the process died at; returns what is wrong. */
async function inconsistencies(s: Setup, acknowledged: Set<string>): Promise<string[]> {
  const { db } = s.database;
  const problems: string[] = [];
  const ids = s.shoppers.map((u) => u.id);
  const placed = await db.select().from(orders).where(inArray(orders.userId, ids));
  const lines = placed.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            placed.map((o) => o.id),
          ),
        )
    : [];
  const history = placed.length
    ? await db
        .select()
        .from(orderStatusHistory)
        .where(
          inArray(
            orderStatusHistory.orderId,
            placed.map((o) => o.id),
          ),
        )
    : [];
  const audits = await db
    .select({ data: auditLogs.data })
    .from(auditLogs)
    .where(sql`${auditLogs.action} = 'order_placed'`);
  const audited = new Set(audits.map((a) => (a.data as { orderId?: string } | null)?.orderId));
  const carts = await db.select().from(cartItems).where(inArray(cartItems.userId, ids));
  const stock = new Map(
    (
      await db
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(inArray(products.id, [s.plenty, s.scarce]))
    ).map((p) => [p.id, p.stock]),
  );

  for (const [id, initial] of [
    [s.plenty, STOCK.plenty],
    [s.scarce, STOCK.scarce],
  ] as const) {
    const inOrders = lines.filter((l) => l.productId === id).reduce((n, l) => n + l.quantity, 0);
    if ((stock.get(id) ?? -1) + inOrders !== initial)
      problems.push(`product ${id}: shelf ${stock.get(id)} + orders ${inOrders} != ${initial}`);
    if ((stock.get(id) ?? -1) < 0) problems.push(`product ${id}: negative stock`);
  }
  for (const order of placed) {
    const own = lines.filter((l) => l.orderId === order.id);
    const shape = own
      .map((l) => `${l.productId === s.plenty ? 'plenty' : 'scarce'}x${l.quantity}`)
      .sort()
      .join(',');
    if (shape !== 'plentyx2,scarcex1') problems.push(`order ${order.id} has lines ${shape}`);
    // A cash order waits for its shopper's confirmation (modules/confirmations).
    if (order.status !== 'awaiting_confirmation') problems.push(`order ${order.id} is ${order.status}`);
    if (order.bill !== order.itemsTotal + order.shipping + order.codFee || order.itemsTotal !== 15_000)
      problems.push(`order ${order.id} bill ${order.bill}`);
    if (history.filter((h) => h.orderId === order.id).length !== 1) problems.push(`order ${order.id} history`);
    if (!audited.has(order.id)) problems.push(`order ${order.id} not in the audit log`);
  }
  for (const shopper of s.shoppers) {
    const theirs = placed.filter((o) => o.userId === shopper.id).length;
    const cart = carts.filter((c) => c.userId === shopper.id);
    if (theirs > 1) problems.push(`shopper ${shopper.id} has ${theirs} orders`);
    if (theirs === 1 && cart.length) problems.push(`shopper ${shopper.id} ordered but still has a cart`);
    if (
      theirs === 0 &&
      cart
        .map((c) => c.quantity)
        .sort()
        .join() !== '1,2'
    )
      problems.push(`shopper ${shopper.id} lost their cart`);
  }
  for (const id of acknowledged)
    if (!placed.some((o) => o.id === id)) problems.push(`acknowledged order ${id} is gone`);
  return problems;
}

describe.runIf(Boolean(base))('SIGKILL in the middle of order placements (PostgreSQL)', () => {
  it('after a restart every order is whole and no stock is lost or duplicated', async () => {
    if (!base) return;
    const pgdb = await createPgDatabase(base);
    cleanups.push(() => pgdb.drop());
    let server: ServerProcess = await startServer({ DATABASE_URL: pgdb.url, DB_POOL_MAX: '10' });
    const dataDir = server.dataDir;
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop('SIGKILL'));
    const database = await openDatabase({ databaseUrl: pgdb.url, poolMax: 4 });
    cleanups.push(() => database.close());
    const s = await seed(database);
    tally.route('POST /api/order');

    // Eight checkouts at a time, until the process dies under them.
    const acknowledged = new Set<string>();
    let answered = 0;
    let broken = 0;
    let killed = false;
    const queue = [...s.shoppers];
    const stream = async () => {
      for (let shopper = queue.shift(); shopper; shopper = queue.shift()) {
        try {
          const res = await fetch(`${server.url}/api/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-access-token': shopper.token },
            body: JSON.stringify({ deliveryAddress: ADDRESS, paymentMethod: 'cash' }),
            signal: AbortSignal.timeout(10_000),
          });
          const body = (await res.json()) as { _id?: string }[];
          answered++;
          if (res.status === 201 && body[0]?._id) acknowledged.add(body[0]._id);
          if (answered === 25 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        } catch {
          // The connection died with the process: the order may or may not have been committed.
          broken++;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, stream));
    // Every checkout of the stream was an attempt the crash could have torn in half.
    tally.add(answered + broken);
    expect(killed).toBe(true);
    expect((await server.exited).signal).toBe('SIGKILL');
    // The kill landed mid-stream: some checkouts were cut off.
    expect(broken).toBeGreaterThan(0);

    server = await startServer({ DATABASE_URL: pgdb.url, DB_POOL_MAX: '10' }, { dataDir: server.dataDir });
    cleanups.push(() => server.stop('SIGKILL'));
    const afterRestart = await inconsistencies(s, acknowledged);
    tally.check('POST /api/order', afterRestart.length === 0);
    expect(afterRestart).toEqual([]);

    // And the shop carries on: a shopper who never got through orders now.
    const placedIds = new Set((await database.db.select({ userId: orders.userId }).from(orders)).map((o) => o.userId));
    const waiting = s.shoppers.find((u) => !placedIds.has(u.id));
    if (!waiting) throw new Error('every shopper got through before the kill');
    const res = await fetch(`${server.url}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': waiting.token },
      body: JSON.stringify({ deliveryAddress: ADDRESS, paymentMethod: 'cash' }),
    });
    expect(res.status).toBe(201);
    acknowledged.add(((await res.json()) as { _id: string }[])[0]?._id ?? '');
    const afterMore = await inconsistencies(s, acknowledged);
    tally.check('POST /api/order', res.status === 201 && afterMore.length === 0);
    expect(afterMore).toEqual([]);
    const stopped = await server.stop('SIGTERM');
    expect(stopped.code).toBe(0);
  }, 240_000);
});
