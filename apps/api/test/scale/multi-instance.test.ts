import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPgDatabase } from '../pg-database.js';
import { startServer, type ServerProcess } from '../security/server-process.js';
import { hasNginx, startNginx } from '../nginx.js';
import { multipart } from '../multipart.js';
import { testImage } from '../fixtures.js';
import { servedBeforeExpiry } from '../cache-reads.js';
import { journal } from '../../src/db/migrations-folder.js';
import { WORKER_OLD_SPACE_MB } from '../../src/cluster.js';

/**
 * Two API processes behind one load balancer share PostgreSQL and Redis: a shopper may hit either,
 * limits count across both, changes show on both, and starting both at once on an empty database
 * gives one schema and one catalogue.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl && redisUrl)('two instances on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPgDatabase(pgUrl as string);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl as string,
      // A key prefix of this run's own, so counters of other runs on the same Redis do not mix in.
      REDIS_PREFIX: database.name,
      SEED: 'demo',
      UPLOAD_STORE: 'db',
      LOGIN_RATE_LIMIT_MAX: '4',
      LOG_LEVEL: 'warn',
    };
    // Both start at the same moment against the empty database.
    [a, b] = await Promise.all([startServer(env, { timeoutMs: 120_000 }), startServer(env, { timeoutMs: 120_000 })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const call = async (server: ServerProcess, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${path}`, init);
    return {
      status: res.status,
      body: (await res.json().catch(() => null)) as Record<string, unknown> | unknown[] | null,
      headers: res.headers,
    };
  };
  const json = (body: unknown, token?: string): RequestInit => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
  });

  it('migrated once and seeded one demo catalogue', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const counts = await client.query<{ departments: string; products: string; migrations: string }>(
      'select (select count(*) from departments) as departments, (select count(*) from products) as products, (select count(*) from drizzle.__drizzle_migrations) as migrations',
    );
    await client.end();
    expect(counts.rows[0]).toEqual({ departments: '8', products: '200', migrations: String(journal().entries.length) });
  });

  it('the instance that seeded prints the demo sign-in as plain lines, apart from the JSON log', () => {
    const printed = [a, b].filter((server) => server.output().includes('with the demo shop:'));
    expect(printed).toHaveLength(1);
    const lines = printed[0]?.output().split('\n') ?? [];
    expect(lines).toContain(`EGP Shop is ready at ${printed[0]?.url} with the demo shop:`);
    expect(lines).toContain('  admin (dashboard):  admin@shop.local  password: Admin123!');
    expect(lines).toContain('  shopper:            shopper@shop.local  password: Shopper123!');
    expect(lines).toContain('  coupon:             WELCOME10 (10% off, once per shopper)');
  });

  it('a shopper signs in on one, fills the cart on the other and orders on the first', async () => {
    const email = `multi-${Date.now()}@example.com`;
    const registered = await call(a, '/api/user/register', {
      method: 'POST',
      ...json({
        name: 'Multi Shopper',
        email,
        phone: '01012345678',
        password: 'Passw0rd!',
        confirm_password: 'Passw0rd!',
      }),
    });
    expect(registered.status).toBe(201);
    const login = await call(a, '/api/user/login', { method: 'POST', ...json({ email, password: 'Passw0rd!' }) });
    const token = (login.body as { token: string }).token;
    const list = await call(b, '/api/product?page=1');
    const product = (list.body as { products: { _id: string; stock: number; cod: boolean }[] }).products.find(
      (p) => p.stock > 0 && p.cod,
    );
    expect(product).toBeDefined();
    const added = await call(b, '/api/cart/incItem', {
      method: 'PUT',
      ...json({ product_id: product?._id, flag: 1 }, token),
    });
    expect(added.status).toBe(200);
    const address = {
      street: 'Tahrir St',
      building: '5',
      city: 'Cairo',
      state: 'Cairo',
      phone: '01012345678',
      zipCode: '11511',
      country: 'Egypt',
    };
    const order = await call(a, '/api/order', {
      method: 'POST',
      ...json({ deliveryAddress: address, paymentMethod: 'cash' }, token),
    });
    expect(order.status).toBe(201);
    const cart = await call(b, '/api/cart', { headers: { 'x-access-token': token } });
    expect((cart.body as { products: unknown[] }).products).toHaveLength(0);
  });

  it('counts sign-in attempts across both instances', async () => {
    const attempt = (server: ServerProcess) =>
      call(server, '/api/user/login', {
        method: 'POST',
        ...json({ email: 'nobody@example.com', password: 'Wrong1!xx' }),
      });
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await attempt(server)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await attempt(b)).status).toBe(429);
  });

  it('serves an admin’s price change from the other instance once its news comes', async () => {
    const admin = await call(a, '/api/user/login', {
      method: 'POST',
      ...json({ email: 'admin@shop.local', password: 'Admin123!' }),
    });
    const token = (admin.body as { token: string }).token;
    const list = await call(b, '/api/product?page=1');
    const product = (list.body as { products: Record<string, unknown>[] }).products[0] as {
      _id: string;
      name: string;
      price: number;
      stock: number;
      cod: boolean;
      brand: string;
      description: string;
      weight: number;
      category: { _id: string };
      department: { _id: string };
    };
    // Cached on b: the fixtures' announcements may still be arriving, and each empties the cache.
    await expect
      .poll(async () => (await call(b, `/api/product/one/${product._id}`)).headers.get('x-cache'))
      .toBe('hit');
    const newPrice = product.price + 111;
    const form = multipart({
      id: product._id,
      name: product.name,
      description: product.description,
      brand: product.brand,
      price: newPrice,
      stock: product.stock,
      weight: product.weight,
      cod: product.cod,
      category: product.category._id,
      department: product.department._id,
    });
    const updated = await fetch(`${a.url}/api/product`, {
      method: 'PUT',
      body: new Uint8Array(form.payload),
      headers: { ...form.headers, 'x-access-token': token },
    });
    expect(updated.status).toBe(200);
    const seen = await servedBeforeExpiry(
      async () => ((await call(b, `/api/product/one/${product._id}`)).body as { price: number }).price === newPrice,
    );
    expect(seen).toBe(true);
  });

  it('serves an image uploaded through one instance from the other', async () => {
    const admin = await call(b, '/api/user/login', {
      method: 'POST',
      ...json({ email: 'admin@shop.local', password: 'Admin123!' }),
    });
    const token = (admin.body as { token: string }).token;
    const categories = (await call(a, '/api/category')).body as { _id: string }[];
    const form = multipart({}, [{ data: await testImage('png', 77), filename: 'new.png', contentType: 'image/png' }]);
    const uploaded = await fetch(`${a.url}/api/category/img/${categories[0]?._id}`, {
      method: 'POST',
      body: new Uint8Array(form.payload),
      headers: { ...form.headers, 'x-access-token': token },
    });
    expect(uploaded.status).toBe(200);
    const imagePath = ((await uploaded.json()) as { image_path: string }).image_path;
    const image = await fetch(`${b.url}${imagePath}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
  });

  it.runIf(hasNginx)(
    'balances over both behind the README’s nginx configuration, and fails over when one stops',
    async () => {
      const nginx = await startNginx([a.url, b.url]);
      try {
        await a.stop();
        const statuses = await Promise.all(
          Array.from({ length: 10 }, () => fetch(`${nginx.url}/api/product?page=1`).then((r) => r.status)),
        );
        expect(statuses.every((s) => s === 200)).toBe(true);
      } finally {
        nginx.stop();
      }
    },
  );
});

describe.runIf(pgUrl)('WORKERS=2 on one machine', () => {
  it('serves from a cluster of two processes and stops cleanly on SIGTERM', async () => {
    const database = await createPgDatabase(pgUrl as string);
    let server: ServerProcess | undefined;
    try {
      server = await startServer(
        { DATABASE_URL: database.url, WORKERS: '2', SEED: 'none', LOG_LEVEL: 'warn' },
        { timeoutMs: 90_000 },
      );
      const { url } = server;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${url}/api/department`).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
      // The primary's children that run the server (tsx may have started a compiler beside them).
      const workers = spawnSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'))
        .filter((argv) => argv.some((arg) => arg.endsWith('server.ts')));
      expect(workers).toHaveLength(2);
      for (const argv of workers) expect(argv).toContain(`--max-old-space-size=${WORKER_OLD_SPACE_MB}`);
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    } finally {
      // A failed expectation must not leave the cluster running (stop is idempotent).
      await server?.stop();
      await database.drop();
    }
  }, 120_000);
});
