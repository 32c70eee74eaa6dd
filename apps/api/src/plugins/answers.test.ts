import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerShopper, UNKNOWN_ID, type TestContext } from '../../test/harness.js';
import { createProduct, type ProductFixture } from '../../test/fixtures.js';
import { readUntilHit } from '../../test/cache-reads.js';

type Line = Record<string, unknown>;

const written: string[] = [];
let t: TestContext;
let product: ProductFixture;
beforeAll(async () => {
  t = await createTestApp({}, { write: (line) => written.push(line) });
  product = await createProduct(t.app.db, { stock: 5 });
});
afterAll(() => t.close());

/** Every line the app wrote about one request, once its answer has had time to finish. */
async function linesOf(reqId: unknown): Promise<Line[]> {
  const of = () => written.map((text) => JSON.parse(text) as Line).filter((line) => line.reqId === reqId);
  for (let i = 0; i < 50 && of().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 20));
  return of();
}

/** The one line of a request: asserts there is exactly one, and that it is the request line. */
async function onlyLineOf(reqId: unknown): Promise<Line> {
  const lines = await linesOf(reqId);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ msg: 'request', level: 30 });
  return lines[0]!;
}

describe('the request log', () => {
  it('writes one line for an answered request, with its route, status, time and id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/department?lang=en' });
    expect(res.statusCode).toBe(200);
    const line = await onlyLineOf(res.headers['x-request-id']);
    expect(line).toMatchObject({
      method: 'GET',
      url: '/api/department?lang=en',
      route: '/api/department',
      statusCode: 200,
      cacheHit: false,
    });
    expect(line.responseTime).toBeTypeOf('number');
    expect(line).not.toHaveProperty('userId');
  });

  it('names the signed-in user', async () => {
    const shopper = await registerShopper(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    expect(res.statusCode).toBe(200);
    expect(await onlyLineOf(res.headers['x-request-id'])).toMatchObject({ route: '/api/cart', userId: shopper.id });
  });

  it('writes one line for refusals too, with the id their body repeats', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/product/one/${UNKNOWN_ID}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
    expect(await onlyLineOf(missing.json().requestId)).toMatchObject({
      route: '/api/product/one/:id',
      statusCode: 404,
    });

    const unknownRoute = await t.app.inject({ method: 'GET', url: '/api/nope' });
    const unrouted = await onlyLineOf(unknownRoute.json().requestId);
    expect(unrouted).toMatchObject({ url: '/api/nope', statusCode: 404 });
    expect(unrouted).not.toHaveProperty('route');

    const invalid = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'x' } });
    expect(await onlyLineOf(invalid.json().requestId)).toMatchObject({ route: '/api/user/login', statusCode: 400 });

    // Fastify answers an undecodable URL before any hook runs.
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/product/one/%E0%A4%A' });
    expect(await onlyLineOf(badUrl.headers['x-request-id'])).toMatchObject({ statusCode: 400 });
  });

  it('keeps no secret an address carries: signed links, provider secrets, client secrets', async () => {
    const secret = 'S3cr3tV4lue';
    const addresses = [
      `/api/order/confirm/${secret}`,
      `/api/user/password-reset/${UNKNOWN_ID}/${secret}`,
      `/api/messaging/cequens/dlr/${secret}?status=2`,
      `/api/messaging/reminders/stop/${secret}`,
      `/api/payment/offline/intent?client_secret=${secret}&x=1`,
      `/api/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${secret}&hub.challenge=1`,
      `/confirm/${secret}`,
      `/ar/password-reset/${UNKNOWN_ID}/${secret}`,
    ];
    for (const url of addresses) {
      const res = await t.app.inject({ method: 'GET', url });
      const line = await onlyLineOf(res.headers['x-request-id']);
      expect(JSON.stringify(line), url).not.toContain(secret);
      expect(line.url, url).toBe(url.replace(secret, '…'));
    }
  });

  it('writes one line for an answer from the response cache', async () => {
    const { hit } = await readUntilHit(
      (url) => t.app.inject({ method: 'GET', url }),
      `/api/product/one/${product.id}?via=inject`,
    );
    expect(await onlyLineOf(hit.headers['x-request-id'])).toMatchObject({
      url: `/api/product/one/${product.id}?via=inject`,
      route: '/api/product/one/:id',
      statusCode: 200,
      cacheHit: true,
    });
  });

  it('writes one line for a cached answer sent over a real connection', async () => {
    const server = await t.sibling();
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const url = `/api/product/one/${product.id}?via=socket`;
    const read = async (u: string) => {
      const res = await fetch(`${base}${u}`);
      const body = await res.text();
      return { headers: Object.fromEntries(res.headers), json: () => JSON.parse(body) as unknown };
    };
    const { stored, hit } = await readUntilHit(read, url);
    const hitLine = await onlyLineOf(hit.headers['x-request-id']);
    expect(hitLine).toMatchObject({
      method: 'GET',
      url,
      route: '/api/product/one/:id',
      statusCode: 200,
      cacheHit: true,
    });
    expect(hitLine.responseTime).toBeTypeOf('number');
    expect(await onlyLineOf(stored.headers['x-request-id'])).toMatchObject({ url, statusCode: 200, cacheHit: false });
  });
});
