import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { cartItems, orderItems, orders, products, users } from '../../src/db/schema.js';
import { createTokenService } from '../../src/lib/tokens.js';
import { ADDRESS, createProduct } from '../fixtures.js';
import { hex, TEST_JWT_SECRET } from '../security/helpers.js';
import { startServer, type ServerProcess } from '../security/server-process.js';
import { startPrivatePostgres } from '../private-postgres.js';
import { TEST_COD_SETTINGS } from '../harness.js';
import { saveCodSettings } from '../../src/modules/confirmations/settings.js';

/**
 * Two instances take orders while everything goes wrong underneath: PostgreSQL ends connections in the middle of
 * transactions, one instance is killed and started again, PostgreSQL restarts. Shoppers behave as the web app does:
 * each attempt keeps its Idempotency-Key and is sent again, to either instance, after a 503 or a lost connection.
 * At the end both instances are healthy, the one never killed never restarted, every acknowledged order is in the
 * database, no shopper has two, and the stock adds up. PostgreSQL is a server of the test's own, which it restarts.
 */
const base = process.env.TEST_DATABASE_URL;
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
});

const SHOPPERS = 48;
/** One more shopper, who sends one checkout to both instances at once, then again to each. */
const TWICE = 1;
const STOCK = 1000;
const TRY_FOR_MS = 90_000;

interface Outcome {
  shopper: string;
  acknowledged?: string;
  statuses: (number | string)[];
}

describe.runIf(Boolean(base))('orders under chaos (PostgreSQL of its own)', () => {
  it('keeps every acknowledged order, places each once, and both instances end healthy', async () => {
    const postgres = await startPrivatePostgres();
    cleanups.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database shop');
    await admin.end();
    const url = postgres.url.replace(/\/postgres$/, '/shop');

    const env = { DATABASE_URL: url, DB_POOL_MAX: '4' };
    const started = await Promise.all([startServer(env), startServer(env)]);
    const [first, b] = started as [ServerProcess, ServerProcess];
    let a = first;
    for (const server of started) cleanups.push(() => fs.rmSync(server.dataDir, { recursive: true, force: true }));
    cleanups.push(
      () => a.stop('SIGKILL'),
      () => b.stop('SIGKILL'),
    );

    // Shoppers with one line each in their carts, written straight to the database.
    const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
    cleanups.push(() => database.close());
    // Every checkout here delivers to one phone: the shop lets it have any number of cash orders open.
    await saveCodSettings(database.db, TEST_COD_SETTINGS, new Date());
    const catalogue = await Promise.all([1, 2, 3].map(() => createProduct(database.db, { stock: STOCK })));
    const tokens = createTokenService(TEST_JWT_SECRET, () => new Date());
    const shoppers = await database.db
      .insert(users)
      .values(
        Array.from({ length: SHOPPERS + TWICE }, (_, i) => ({
          name: `Chaos ${i}`,
          email: `chaos-${i}-${hex()}@example.com`,
          phone: '01012345678',
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(cartItems).values(
      shoppers.map((shopper, i) => ({
        userId: shopper.id,
        productId: (catalogue[i % catalogue.length] ?? catalogue[0])!.id,
        quantity: 1 + (i % 3),
      })),
    );

    const twice = shoppers.pop();
    if (!twice) throw new Error('no shopper');
    const sameKey = (server: ServerProcess) =>
      fetch(`${server.url}/api/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-access-token': tokens.issue({ sub: twice.id, tv: 0 }).token,
          'idempotency-key': `twice-${twice.id}`,
        },
        body: JSON.stringify({ deliveryAddress: ADDRESS, paymentMethod: 'cash' }),
      }).then(async (res) => ({ status: res.status, id: ((await res.json()) as { _id: string }[])[0]?._id }));
    const atOnce = await Promise.all([sameKey(a), sameKey(b)]);
    const afterwards = [await sameKey(b), await sameKey(a)];
    const answers = [...atOnce, ...afterwards];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.id)).size, 'one order, sent four times to two instances').toBe(1);

    /** One shopper's checkout: the same key to whichever instance, until it is answered or refused. */
    const checkout = async (shopper: { id: string }, i: number): Promise<Outcome> => {
      const token = tokens.issue({ sub: shopper.id, tv: 0 }).token;
      const key = `chaos-${shopper.id}`;
      const outcome: Outcome = { shopper: shopper.id, statuses: [] };
      const deadline = Date.now() + TRY_FOR_MS;
      for (let attempt = i; Date.now() < deadline; attempt++) {
        const server = attempt % 2 ? b : a;
        const status = await fetch(`${server.url}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': token, 'idempotency-key': key },
          body: JSON.stringify({ deliveryAddress: ADDRESS, paymentMethod: 'cash' }),
          signal: AbortSignal.timeout(15_000),
        }).then(
          async (res) => {
            if (res.status === 201) outcome.acknowledged = ((await res.json()) as { _id: string }[])[0]?._id;
            else await res.arrayBuffer();
            return res.status;
          },
          (err: Error) => err.name,
        );
        outcome.statuses.push(status);
        if (typeof status === 'number' && status !== 503) return outcome;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return outcome;
    };

    // Checkouts start one every 150 ms, so they span what follows.
    const outcomes = Promise.all(
      shoppers.map(async (shopper, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 150));
        return checkout(shopper, i);
      }),
    );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    // 1. PostgreSQL ends connections in the middle of transactions, and idle ones, for a second.
    await pause(1000);
    let ended = 0;
    for (const until = Date.now() + 1000; Date.now() < until; await pause(20)) {
      const res = await killer.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state like 'idle%'`,
      );
      ended += res.rows[0]?.n ?? 0;
    }
    await killer.end();
    // 2. Instance A is killed in the middle of its work, and started again.
    await pause(500);
    await a.stop('SIGKILL');
    const restartedA = startServer(env, { dataDir: a.dataDir });
    // 3. PostgreSQL restarts while A is starting and B is serving.
    await pause(1000);
    postgres.restart();
    a = await restartedA;
    const results = await outcomes;

    // Both instances serve; B lived through it all in its first worker.
    for (const server of [a, b])
      expect((await fetch(`${server.url}/api/health`)).status, `${server.url} healthy`).toBe(200);
    expect(b.child.exitCode).toBeNull();
    expect(b.output()).not.toContain('starting another');
    expect(ended, 'connections ended by PostgreSQL').toBeGreaterThan(0);

    const odd = results.filter(
      (r) => !r.acknowledged || r.statuses.some((s) => s !== 201 && s !== 503 && typeof s === 'number'),
    );
    expect(
      odd.map((r) => r.statuses.join(' ')),
      'every checkout answered 201 in the end, never a 500',
    ).toEqual([]);
    const acknowledged = results.map((r) => r.acknowledged!);
    const placed = await database.db
      .select({ id: orders.id, userId: orders.userId, status: orders.status })
      .from(orders);
    // Each acknowledged order is there, and nobody has a second: the retries found the first.
    expect(placed.map((o) => o.id).sort()).toEqual([...acknowledged, answers[0]?.id].sort());
    expect(new Set(placed.map((o) => o.userId)).size).toBe(SHOPPERS + TWICE);
    // The stock on the shelf and in the orders is what there was.
    const inOrders = await database.db
      .select({ productId: orderItems.productId, n: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(ne(orders.status, 'cancelled'))
      .groupBy(orderItems.productId);
    const shelf = await database.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(
        inArray(
          products.id,
          catalogue.map((p) => p.id),
        ),
      );
    for (const product of shelf)
      expect(product.stock + (inOrders.find((o) => o.productId === product.id)?.n ?? 0), 'stock accounted').toBe(STOCK);
    console.log(
      `chaos: ${SHOPPERS} orders, ${results.reduce((n, r) => n + r.statuses.length - 1, 0)} retries, ${ended} connections ended by PostgreSQL`,
    );
  }, 240_000);
});
