import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  registerShopper,
  TEST_METRICS_TOKEN,
  UNKNOWN_ID,
  type TestContext,
} from '../../test/harness.js';
import { createProduct } from '../../test/fixtures.js';
import { readFromCache, readUntilHit } from '../../test/cache-reads.js';
import { ADDRESS } from '../../test/security/helpers.js';
import { offlineWebhookSecret, signWebhook } from '../modules/payments/offline-provider.js';
import { messages } from '../db/schema.js';

const scrape = (t: TestContext, token = TEST_METRICS_TOKEN) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one series in Prometheus' text format, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('wants the bearer token: 401 without it or with another, an admin session included', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await scrape(t, 'not-the-metrics-token-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(t)).statusCode).toBe(200);
  });

  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: `/api/product/one/${UNKNOWN_ID}` })).statusCode).toBe(404);
    const text = (await scrape(t)).body;
    expect(
      sample(text, 'shop_http_requests_total', { method: 'GET', route: '/api/product/one/:id', status: '404' }),
    ).toBe(3);
    expect(
      sample(text, 'shop_http_request_duration_seconds_count', { route: '/api/product/one/:id', status: '404' }),
    ).toBe(3);
    expect(text).not.toContain(UNKNOWN_ID);
  });

  it('counts orders placed and refused, and response-cache hits and misses', async () => {
    const before = (await scrape(t)).body;
    const product = await createProduct(t.app.db, { stock: 5 });
    const shopper = await registerShopper(t.app);
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: shopper.headers,
        payload: { deliveryAddress: ADDRESS, paymentMethod: 'cash' },
      });
    expect((await order()).statusCode).toBe(400); // an empty cart
    await t.app.inject({
      method: 'PUT',
      url: '/api/cart/incItem',
      headers: shopper.headers,
      payload: { product_id: product.id, flag: 1 },
    });
    expect((await order()).statusCode).toBe(201);
    const url = `/api/product/one/${product.id}`;
    const { reads } = await readUntilHit((u) => t.app.inject({ method: 'GET', url: u }), url);
    const after = (await scrape(t)).body;
    const grew = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(grew('shop_orders_total', { outcome: 'placed' })).toBe(1);
    expect(grew('shop_orders_total', { outcome: 'refused' })).toBe(1);
    expect(reads.miss).toBeGreaterThan(0);
    expect(grew('shop_response_cache_total', { result: 'miss' })).toBe(reads.miss);
    expect(grew('shop_response_cache_total', { result: 'hit' })).toBe(reads.hit);
  });

  it('counts answers from the response cache in the request series, over a real connection', async () => {
    const server = await t.sibling();
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const product = await createProduct(t.app.db, { stock: 5 });
    const route = { method: 'GET', route: '/api/product/one/:id', status: '200' };
    const scrapeServer = async () =>
      (
        await server.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        })
      ).body;
    const before = await scrapeServer();
    let sent = 0;
    const { reads } = await readUntilHit(async (u) => {
      sent++;
      const res = await fetch(`${base}${u}`);
      await res.arrayBuffer();
      return { headers: Object.fromEntries(res.headers), json: () => null };
    }, `/api/product/one/${product.id}`);
    let after = await scrapeServer();
    const grew = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    // An answer is counted once it has finished leaving, which may be just after the client has it.
    for (let i = 0; i < 50 && grew('shop_http_requests_total', route) < sent; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await scrapeServer();
    }
    expect(reads.hit).toBeGreaterThan(0);
    expect(grew('shop_response_cache_total', { result: 'hit' })).toBe(reads.hit);
    expect(grew('shop_http_requests_total', route)).toBe(sent);
    expect(grew('shop_http_request_duration_seconds_count', route)).toBe(sent);
  });

  it('counts payment events by provider and outcome', async () => {
    const payload = JSON.stringify({
      id: 'evt_metrics_1',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: 'pi_metrics_1',
          amount: 100,
          currency: 'egp',
          metadata: { order_id: UNKNOWN_ID },
          last_payment_error: { message: 'declined' },
        },
      },
    });
    const signature = signWebhook(payload, offlineWebhookSecret(t.app.config), t.clock.now());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(sample((await scrape(t)).body, 'shop_payments_total', { provider: 'offline', outcome: 'failed' })).toBe(1);
  });

  it('reports the event-loop lag, the mail queue and (on PostgreSQL) the connection pool', async () => {
    await t.app.messageSender.flush();
    const text = (await scrape(t)).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^shop_mail_queue_length 0$/m);
    // Read from the queue table at each scrape: two unsent rows, then one once the other is sent.
    const queued = await t.app.db
      .insert(messages)
      .values([1, 2].map((n) => ({ kind: 'confirmed', to: `queued${n}@example.com`, language: 'en' })))
      .returning({ id: messages.id });
    expect((await scrape(t)).body).toMatch(/^shop_mail_queue_length 2$/m);
    await t.app.db
      .update(messages)
      .set({ sentAt: t.clock.now() })
      .where(eq(messages.id, queued[0]?.id ?? 0));
    expect((await scrape(t)).body).toMatch(/^shop_mail_queue_length 1$/m);
    if (t.app.dbKind === 'postgres')
      expect(sample(text, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: '' });
  });
  afterAll(() => t.close());

  it('is not there', async () => {
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('request ids', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are on every answer and in every error body', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/department' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.app.inject({ method: 'GET', url: `/api/product/one/${UNKNOWN_ID}` });
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
    const unknownRoute = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknownRoute.json().requestId).toBe(unknownRoute.headers['x-request-id']);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().requestId).toBe(invalid.headers['x-request-id']);
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/product/one/%E0%A4%A' });
    expect(badUrl.headers['x-request-id']).toBeTruthy();
  });

  it('take a sane id from the caller (a load balancer) and replace anything else', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/department',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    for (const hostile of ['x'.repeat(65), 'two words', 'a\u00e9b', '"><script>']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/department', headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).not.toBe(hostile);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are each answer’s own, also for answers from the response cache', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/department' });
    const second = await readFromCache((url) => t.app.inject({ method: 'GET', url }), '/api/department');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database (and Redis, when configured) answers', async () => {
    const t = await createTestApp(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {});
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', db: 'ok' });
    await t.close();
  });

  it('answers 503 while the configured Redis is down, though /api/health stays 200', async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', db: 'ok', redis: 'down' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await t.close();
  });
});
