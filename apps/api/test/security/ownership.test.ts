import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, users } from '../../src/db/schema.js';
import { createTestApp, type TestContext } from '../harness.js';
import { ADDRESS, buildWorld, routeKey, toInject, userDigest, type Req, type Subject, type World } from './helpers.js';
import { caseFor, isStaffAccess } from './routes.js';
import { Tally } from './report.js';

/**
 * Another shopper's orders, addresses, cart, favourites and reviews can be neither read nor changed.
 * Every route is called by the other shopper with a request aimed at their own things, and then again
 * with each of the owner's ids swapped into each id the request carries: the owner's rows must not
 * change and no answer may carry the owner's private data.
 */

let t: TestContext;
const tally = new Tally('ownership');
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
});
afterAll(async () => {
  tally.save();
  await t.close();
});

const ID_LIKE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|pi_test_\w+)$/i;

/** Where a request carries a value: a path param, a query field, a JSON leaf or a form field. */
type Slot = { in: 'params' | 'query' | 'form'; key: string } | { in: 'json'; path: (string | number)[] };

function jsonSlots(value: unknown, path: (string | number)[] = []): Slot[] {
  if (typeof value === 'string') return ID_LIKE.test(value) ? [{ in: 'json', path }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => jsonSlots(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => jsonSlots(v, [...path, k]));
  return [];
}

/** Every id the request carries, plus every path param and every field named like a credential. */
function slotsOf(req: Req, credentials: string[]): Slot[] {
  const isSlot = (value: string) => ID_LIKE.test(value) || credentials.includes(value);
  return [
    ...Object.keys(req.params ?? {}).map((key): Slot => ({ in: 'params', key })),
    ...Object.entries(req.query ?? {})
      .filter(([, v]) => [v].flat().some(isSlot))
      .map(([key]): Slot => ({ in: 'query', key })),
    ...Object.entries(req.form?.fields ?? {})
      .filter(([, v]) => isSlot(v))
      .map(([key]): Slot => ({ in: 'form', key })),
    ...jsonSlots(req.json),
    ...(typeof req.json === 'object' && req.json
      ? Object.entries(req.json)
          .filter(([, v]) => typeof v === 'string' && credentials.includes(v) && !ID_LIKE.test(v))
          .map(([k]): Slot => ({ in: 'json', path: [k] }))
      : []),
  ];
}

function setIn(target: unknown, path: (string | number)[], value: string): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(target)) return target.map((v, i) => (i === head ? setIn(v, rest, value) : v));
  const object = (target ?? {}) as Record<string, unknown>;
  return { ...object, [String(head)]: setIn(object[String(head)], rest, value) };
}

function withValue(req: Req, slot: Slot, value: string): Req {
  switch (slot.in) {
    case 'params':
      return { ...req, params: { ...req.params, [slot.key]: value } };
    case 'query':
      return { ...req, query: { ...req.query, [slot.key]: value } };
    case 'form':
      return req.form ? { ...req, form: { ...req.form, fields: { ...req.form.fields, [slot.key]: value } } } : req;
    case 'json':
      return { ...req, json: setIn(req.json, slot.path, value) };
  }
}

const slotName = (slot: Slot) => (slot.in === 'json' ? `json.${slot.path.join('.')}` : `${slot.in}.${slot.key}`);
const idsOf = (s: Subject) => [s.account.id, s.orderId, s.addressId, s.sessionId, s.reviewId, s.intentId];
/** What only the owner (and the people they gave it to) may see. */
const privateOf = (s: Subject) => [
  s.account.email,
  s.phone,
  s.marker,
  s.orderId,
  s.addressId,
  s.sessionId,
  s.intentId,
  s.clientSecret,
  s.resetToken,
];

describe("another shopper's ids", () => {
  it('reach nothing of the owner through any route: no change to their rows, none of their data in any answer', async () => {
    const leaks: string[] = [];
    let tried = 0;
    let world: World | null = null;
    for (const route of t.routes) {
      const expectation = caseFor(route.method, route.url);
      // HEAD runs its GET's handler; the GET is attacked.
      if (!expectation || route.method === 'HEAD') continue;
      world ??= await buildWorld(t.app);
      const template = await expectation.request(world, world.other);
      const slots = slotsOf(template, [world.other.clientSecret, world.other.resetToken]);
      if (!slots.length) continue;
      const ownerBefore = await userDigest(t.app, world.owner.account.id);
      let stale = false;
      for (const slot of slots) {
        for (const id of idsOf(world.owner)) {
          tried++;
          const res = await t.app.inject(toInject(route, withValue(template, slot, id), world.other.account.headers));
          const problems: string[] = [];
          if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
          const seen = privateOf(world.owner).filter((secret) => secret !== id && res.body.includes(secret));
          if (seen.length) problems.push(`answer shows ${seen.join(', ')}`);
          if ((await userDigest(t.app, world.owner.account.id)) !== ownerBefore)
            problems.push("changed the owner's rows");
          if (!tally.check(routeKey(route), !problems.length))
            leaks.push(
              `${routeKey(route)} ${slotName(slot)}=${id}: ${problems.join('; ')} (${res.statusCode} ${res.body.slice(0, 100)})`,
            );
          // The other shopper changed something of their own: the next route gets a fresh world.
          if (res.statusCode < 300 && !['GET', 'HEAD'].includes(route.method)) stale = true;
        }
      }
      if (stale) world = null;
    }
    expect(leaks).toEqual([]);
    // Sanity: the id-taking routes were found (reviews, orders, payments, favourites, cart, reset links, catalogue...).
    expect(tried).toBeGreaterThan(100);
  }, 120_000);
});

describe('reads', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app);
  });

  it.each([
    ['GET /api/cart', 'cart'],
    ['GET /api/favourite', 'favourites'],
    ['GET /api/address', 'addresses'],
    ['GET /api/order', 'orders'],
  ])('%s shows the caller their own %s only', async (key) => {
    const [method, url] = key.split(' ') as [string, string];
    const res = await t.app.inject({ method: method as 'GET', url, headers: world.other.account.headers });
    const body = res.body;
    const ok =
      res.statusCode === 200 &&
      !privateOf(world.owner).some((p) => body.includes(p)) &&
      !body.includes(world.ownerOnly.id);
    tally.check(key, ok);
    expect(res.statusCode).toBe(200);
    for (const secret of privateOf(world.owner)) expect(body).not.toContain(secret);
    expect(body).not.toContain(world.ownerOnly.id);
    // The caller's own rows are there: the check above is not passing on an empty answer.
    if (key !== 'GET /api/cart' && key !== 'GET /api/favourite') expect(body).toContain(world.other.marker);
    else expect(body).toContain(world.product.id);
  });

  it("a product's reviews name their authors but never their e-mail or phone", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/review/product/${world.product.id}` });
    const ok =
      res.statusCode === 200 && !res.body.includes(world.owner.account.email) && !res.body.includes(world.owner.phone);
    tally.check('GET /api/review/product/:id', ok);
    expect(res.json()).toHaveLength(2);
    expect(res.body).not.toContain(world.owner.account.email);
    expect(res.body).not.toContain(world.owner.phone);
  });
});

describe('mass assignment', () => {
  it('extra fields naming another user, a role, a price or a status are ignored by every route', async () => {
    const problems: string[] = [];
    let world: World | null = null;
    for (const route of t.routes) {
      const expectation = caseFor(route.method, route.url);
      if (!expectation || route.method === 'HEAD' || isStaffAccess(expectation.access)) continue;
      world ??= await buildWorld(t.app);
      const template = await expectation.request(world, world.other);
      if (!template.json || typeof template.json !== 'object' || Array.isArray(template.json)) continue;
      const owner = world.owner.account.id;
      const extra: Record<string, unknown> = {
        userId: owner,
        user_id: owner,
        user: owner,
        owner,
        _id: owner,
        role: true,
        isAdmin: true,
        tokenVersion: 0,
        status: 'paid',
        bill: 0.01,
        price: 0.01,
        stock: 999_999,
        verified: true,
      };
      const json = { ...extra, ...(template.json as Record<string, unknown>) };
      const ownerBefore = await userDigest(t.app, owner);
      const priceBefore = (
        await t.app.db.select({ price: products.price }).from(products).where(eq(products.id, world.product.id))
      )[0]?.price;
      const res = await t.app.inject(toInject(route, { ...template, json }, world.other.account.headers));
      const [other] = await t.app.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, world.other.account.id));
      const priceAfter = (
        await t.app.db.select({ price: products.price }).from(products).where(eq(products.id, world.product.id))
      )[0]?.price;
      const found: string[] = [];
      if (res.statusCode >= 500) found.push(`status ${res.statusCode}`);
      if (other?.role) found.push('made the caller an admin');
      if ((await userDigest(t.app, owner)) !== ownerBefore) found.push("changed the owner's rows");
      if (priceAfter !== priceBefore) found.push('changed a price');
      if (res.body.includes('"role":true')) found.push('answered with an admin role');
      if (!tally.check(routeKey(route), !found.length)) problems.push(`${routeKey(route)}: ${found.join('; ')}`);
      // A success changed the world (a review written, the caller's account deleted): the next route gets a fresh one.
      if (res.statusCode < 300) world = null;
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('a registration asking to be an admin makes a shopper', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'Sneaky Person',
        email: `sneaky${Date.now()}@example.com`,
        phone: '01012345678',
        password: 'Passw0rd!',
        confirm_password: 'Passw0rd!',
        role: true,
        isAdmin: true,
      },
    });
    const ok = res.statusCode === 201 && res.json().user.role === false;
    tally.check('POST /api/user/register', ok);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe(false);
  });

  it('an order ignores a client-sent bill and prices: the server computes them', async () => {
    const world = await buildWorld(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: world.other.account.headers,
      payload: {
        deliveryAddress: ADDRESS,
        paymentMethod: 'cash',
        bill: 0.01,
        itemsTotal: 0.01,
        products: [{ product_id: world.product.id, quantity: 1, price: 0.01 }],
      },
    });
    const order = res.json()[0] as { bill: number; products: { productBrief: { price: number } }[] };
    const ok = res.statusCode === 201 && order.bill === world.product.price / 100 + 30;
    tally.check('POST /api/order', ok);
    expect(res.statusCode).toBe(201);
    expect(order.bill).toBe(world.product.price / 100 + 30);
    expect(order.products[0]?.productBrief.price).toBe(world.product.price / 100);
  });
});
