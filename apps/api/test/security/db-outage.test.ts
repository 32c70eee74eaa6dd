import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { cartItems, categories, departments, products, users } from '../../src/db/schema.js';
import { createTokenService } from '../../src/lib/tokens.js';
import { errorsPlugin } from '../../src/plugins/errors.js';
import { hex, TEST_JWT_SECRET } from './helpers.js';
import { createPgDatabase } from '../pg-database.js';
import { startPgProxy, startServer } from './server-process.js';
import { Tally } from './report.js';

/**
 * PostgreSQL going away while requests flow: the API answers 503 (with Retry-After) during the outage,
 * never a 500 and never a hang, and recovers by itself afterwards, without a restart. The outage is a
 * TCP proxy between the API and PostgreSQL that the test cuts, so the machine's PostgreSQL is never
 * stopped. The mapping of driver errors to 503 is checked in-process on every database.
 */

const base = process.env.TEST_DATABASE_URL;
const tally = new Tally('db-outage');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  tally.save();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe('database errors become 503, not 500', () => {
  let app: FastifyInstance;
  const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  // What drizzle throws: its own error, the driver's in `cause`.
  const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
  const refused = () =>
    Object.assign(
      new AggregateError(
        [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
        '',
      ),
      {},
    );
  const cases: [string, () => Error, number][] = [
    ['Connection terminated unexpectedly', () => wrapped(pgError('Connection terminated unexpectedly')), 503],
    ['connection refused', () => wrapped(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')), 503],
    ['connection refused, as AggregateError', () => wrapped(refused()), 503],
    ['connection reset', () => pgError('read ECONNRESET', 'ECONNRESET'), 503],
    ['pool connect timeout', () => wrapped(pgError('timeout exceeded when trying to connect')), 503],
    ['connection timeout', () => wrapped(pgError('Connection terminated due to connection timeout')), 503],
    [
      'a client broken earlier',
      () => wrapped(pgError('Client has encountered a connection error and is not queryable')),
      503,
    ],
    [
      'admin shutdown (57P01)',
      () => wrapped(pgError('terminating connection due to administrator command', '57P01')),
      503,
    ],
    ['starting up (57P03)', () => wrapped(pgError('the database system is starting up', '57P03')), 503],
    ['too many connections (53300)', () => wrapped(pgError('sorry, too many clients already', '53300')), 503],
    ['deadlock (40P01)', () => wrapped(pgError('deadlock detected', '40P01')), 503],
    ['serialization failure (40001)', () => wrapped(pgError('could not serialize access', '40001')), 503],
    ['the pool already ended (shutting down)', () => pgError('Cannot use a pool after calling end on the pool'), 503],
    ['a unique violation', () => wrapped(pgError('duplicate key', '23505')), 409],
    ['an invalid uuid', () => wrapped(pgError('invalid input syntax for type uuid', '22P02')), 400],
    ['a bug', () => new TypeError("Cannot read properties of undefined (reading 'id')"), 500],
  ];

  it.each(cases)('%s', async (_label, make, status) => {
    if (!app) {
      app = Fastify({ logger: false });
      await app.register(errorsPlugin);
      let next: () => Error = () => new Error('unset');
      app.get('/boom', async () => {
        throw next();
      });
      app.decorate('setNext', (f: () => Error) => (next = f));
      await app.ready();
      cleanups.push(() => app.close());
    }
    (app as unknown as { setNext(f: () => Error): void }).setNext(make);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    const ok =
      res.statusCode === status &&
      typeof res.json().message === 'string' &&
      (status !== 503 || res.headers['retry-after'] !== undefined);
    tally.check(null, ok);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    if (status === 503) expect(res.headers['retry-after']).toBeDefined();
    // Nothing about the query or the driver reaches the client.
    expect(res.body).not.toMatch(/Failed query|ECONN|select/);
  });
});

interface Sample {
  at: number;
  phase: string;
  route: string;
  status: number | string;
}

/**
 * The test's budget: a server start on a loaded machine, the outages, and what is left in flight to answer. A request
 * is given no deadline of its own: during the outage a cart write may wait out the pool's 5 s connect timeout twice
 * (the token's check, then the write), which a loaded machine made over 12 s; the connect timeout is what ends a wait.
 */
const TEST_MS = 240_000;

describe.runIf(Boolean(base))('PostgreSQL going away while requests flow (PostgreSQL)', { timeout: TEST_MS }, () => {
  it('answers 503 during the outage and recovers by itself, without a restart', async () => {
    if (!base) return;
    const began = Date.now();
    const pgdb = await createPgDatabase(base);
    cleanups.push(() => pgdb.drop());
    const target = new URL(base);
    const proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(pgdb.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ DATABASE_URL: viaProxy.toString(), DB_POOL_MAX: '5' });
    cleanups.push(async () => fs.rmSync(server.dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop('SIGKILL'));

    // A product and a shopper with a cart, written straight to the database (not through the proxy).
    const database = await openDatabase({ databaseUrl: pgdb.url, poolMax: 2 });
    cleanups.push(() => database.close());
    const [department] = await database.db
      .insert(departments)
      .values({ name: `Outage ${hex()}` })
      .returning();
    if (!department) throw new Error('no department');
    const [category] = await database.db
      .insert(categories)
      .values({ name: 'Outage', departmentId: department.id })
      .returning();
    if (!category) throw new Error('no category');
    const [product] = await database.db
      .insert(products)
      .values({
        name: 'Lamp',
        description: 'Bright',
        brand: 'X',
        price: 1000,
        stock: 1000,
        weight: 1,
        categoryId: category.id,
        departmentId: department.id,
      })
      .returning();
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Outage', email: `outage-${hex()}@example.com`, phone: '01012345678', passwordHash: 'x' })
      .returning();
    if (!product || !user) throw new Error('no fixtures');
    await database.db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 1 });
    const token = createTokenService(TEST_JWT_SECRET, () => new Date()).issue({ sub: user.id, tv: 0 }).token;

    // Requests flow the whole time: catalogue reads, signed-in reads (the token check queries too) and cart writes.
    const samples: Sample[] = [];
    let phase = 'before';
    let flowing = true;
    const started = Date.now();
    const calls: { route: string; init: () => [string, RequestInit] }[] = [
      { route: 'GET /api/product', init: () => [`${server.url}/api/product?includeOutOfStock=true`, {}] },
      { route: 'GET /api/cart', init: () => [`${server.url}/api/cart`, { headers: { 'x-access-token': token } }] },
      {
        route: 'PUT /api/cart/incItem',
        init: () => [
          `${server.url}/api/cart/incItem`,
          {
            method: 'PUT',
            headers: { 'x-access-token': token, 'content-type': 'application/json' },
            body: JSON.stringify({ product_id: product.id, flag: 0 }),
          },
        ],
      },
      { route: 'GET /api/health', init: () => [`${server.url}/api/health`, {}] },
    ];
    const flow = (async () => {
      for (let i = 0; flowing; i++) {
        const call = calls[i % calls.length];
        if (!call) continue;
        const [url, init] = call.init();
        const sample: Sample = { at: Date.now() - started, phase, route: call.route, status: 'pending' };
        samples.push(sample);
        // Several in flight at once; one that never answers is still pending at the end, a failure.
        void fetch(url, init)
          .then(async (res) => {
            sample.status = res.status;
            if (res.status === 503) {
              const body = (await res.json()) as { message?: string; status?: string };
              if (!body.message && !body.status) sample.status = '503 without a body';
            } else await res.arrayBuffer();
          })
          .catch((err: Error) => (sample.status = `error ${err.name}`));
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    const during = async (name: string, ms: number) => {
      phase = name;
      await new Promise((r) => setTimeout(r, ms));
    };
    const waitForRecovery = async (name: string) => {
      phase = name;
      const deadline = Date.now() + 15_000;
      for (;;) {
        const recent = samples.filter((s) => s.phase === name && typeof s.status === 'number').slice(-8);
        if (recent.length === 8 && recent.every((s) => s.status === 200)) return Date.now();
        if (Date.now() > deadline) return null;
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    await during('before', 800);
    // 1. PostgreSQL restarts under the API: every backend of this database is terminated (57P01).
    const killer = new pg.Client({ connectionString: pgdb.url });
    await killer.connect();
    await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await killer.end();
    const recoveredFromRestart = await waitForRecovery('after terminate');
    // 2. PostgreSQL unreachable: connections dropped, new ones refused.
    await proxy.cut();
    // Health says what is wrong, and when to ask again.
    const health = await fetch(`${server.url}/api/health`);
    const said = { status: health.status, retryAfter: health.headers.get('retry-after'), body: await health.json() };
    await during('cut', 2_000);
    await proxy.restore();
    const recoveredFromCut = await waitForRecovery('after cut');
    // 3. A network that swallows packets: connections dropped, new ones never answered (the pool's connect timeout).
    proxy.blackhole();
    // Just past the pool's 5 s connect timeout.
    await during('blackhole', 5_600);
    await proxy.restore();
    const recoveredFromBlackhole = await waitForRecovery('after blackhole');
    await during('steady', 800);
    flowing = false;
    await flow;
    // Let the last requests settle, until all but the last 20 s of the test's budget is spent: each answers once the
    // pool's connect timeouts have run out, however slowly the machine gets there; one still pending then never will.
    const settle = began + TEST_MS - 20_000;
    while (samples.some((s) => s.status === 'pending') && Date.now() < settle)
      await new Promise((r) => setTimeout(r, 50));

    for (const s of samples) tally.route(s.route);
    const bad = samples.filter((s) => s.status !== 200 && s.status !== 503);
    const outage = samples.filter((s) => s.phase === 'cut' && s.at > 0);
    tally.add(samples.length, bad.length);
    const summary = (list: Sample[]) => list.slice(0, 12).map((s) => `${s.phase} ${s.route} ${s.status} @${s.at}`);
    expect(summary(bad), 'only 200 or 503, never a 500 or a hang').toEqual([]);
    expect(recoveredFromRestart, 'recovered after the backends were terminated').not.toBeNull();
    expect(recoveredFromCut, 'recovered after the cut').not.toBeNull();
    expect(said).toEqual({
      status: 503,
      retryAfter: '5',
      body: { status: 'unavailable', db: 'postgres', message: 'Database unavailable', requestId: expect.any(String) },
    });
    expect(recoveredFromBlackhole, 'recovered after the black hole').not.toBeNull();
    // During the cut the API said so: mostly 503s (a request already past the database may still succeed).
    const unavailable = outage.filter((s) => s.status === 503).length;
    expect(unavailable).toBeGreaterThan(outage.length / 2);
    expect(samples.filter((s) => s.phase === 'blackhole' && s.status === 503).length).toBeGreaterThan(0);
    expect(samples.filter((s) => s.phase === 'steady').every((s) => s.status === 200)).toBe(true);
    // The same process served it all: nothing restarted it.
    expect(server.child.exitCode).toBeNull();
    const stopped = await server.stop('SIGTERM');
    expect(stopped.code).toBe(0);
  });
});
