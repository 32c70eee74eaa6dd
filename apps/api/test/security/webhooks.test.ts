import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { toPiastres } from '@shop/contracts';
import { auditLogs, orders, orderStatusHistory } from '../../src/db/schema.js';
import { createTestApp, type TestContext } from '../harness.js';
import { buildWorld, changedTables, hex, tableDigest, type World } from './helpers.js';
import { Tally } from './report.js';

/**
 * Payment webhooks under attack and on a bad day: forged or replayed signatures are refused and change
 * nothing; the same event twice (even at the same instant) changes nothing the second time; events out
 * of order never move an order backwards; an amount or currency that does not match is refused and
 * logged; a validly signed but malformed event is refused without a 5xx.
 */

let t: TestContext;
const tally = new Tally('webhooks');
const ROUTE = 'POST /api/payment/webhook';
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  tally.route(ROUTE);
});
afterAll(async () => {
  tally.save();
  await t.close();
});

interface EventOptions {
  id?: string;
  amount?: number;
  currency?: string;
  object?: unknown;
  secret?: string;
  at?: Date;
}

function signedEvent(w: World, type: string, opts: EventOptions = {}) {
  const object = opts.object ?? {
    id: `pi_${hex(8)}`,
    object: 'payment_intent',
    amount: opts.amount ?? w.product.price,
    currency: opts.currency ?? 'egp',
    metadata: { order_id: w.owner.orderId },
    last_payment_error: type.endsWith('failed') ? { message: 'Your card was declined.' } : null,
  };
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${hex(8)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? w.webhookSecret,
    timestamp: Math.floor((opts.at ?? t.clock.now()).getTime() / 1000),
  });
  return { payload, signature };
}

const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });

const statusOf = async (orderId: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const historyOf = async (orderId: string) =>
  (
    await t.app.db
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
  ).map((h) => h.status);
const auditsFor = async (action: string, orderId: string) =>
  (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, action))).filter(
    (l) => (l.data as { orderId?: string } | null)?.orderId === orderId,
  );

describe('forged and replayed events', () => {
  it('are refused with 400 and change nothing', async () => {
    const w = await buildWorld(t.app);
    const good = signedEvent(w, 'payment_intent.succeeded');
    const [, goodSig] = good.signature.match(/v1=([0-9a-f]+)/) ?? [];
    const stamp = Math.floor(t.clock.now().getTime() / 1000);
    const attempts: [string, string, string | undefined][] = [
      ['no signature', good.payload, undefined],
      ['empty signature', good.payload, ''],
      [
        'wrong secret',
        good.payload,
        signedEvent(w, 'payment_intent.succeeded', { secret: 'whsec_attacker' }).signature,
      ],
      ['body changed after signing', good.payload.replace(String(w.product.price), '1'), good.signature],
      ['signature of another event', signedEvent(w, 'payment_intent.succeeded').payload, good.signature],
      [
        'six minutes old (replay)',
        good.payload,
        signedEvent(w, 'x', { at: new Date(t.clock.now().getTime() - 6 * 60_000) }).signature.replace(
          /v1=[0-9a-f]+/,
          `v1=${goodSig}`,
        ),
      ],
      [
        'replayed with its own old signature',
        signedEvent(w, 'payment_intent.succeeded', {
          at: new Date(t.clock.now().getTime() - 6 * 60_000),
          id: 'evt_old',
        }).payload,
        signedEvent(w, 'payment_intent.succeeded', {
          at: new Date(t.clock.now().getTime() - 6 * 60_000),
          id: 'evt_old',
        }).signature,
      ],
      ['ten minutes ahead', good.payload, `t=${stamp + 600},v1=${goodSig}`],
      ['only a v0 signature', good.payload, `t=${stamp},v0=${goodSig}`],
      ['timestamp without signature', good.payload, `t=${stamp}`],
      ['garbage header', good.payload, "t=1,v1=' OR 1=1 --"],
      ['a huge header', good.payload, `t=${stamp},${'v1=00,'.repeat(1000)}`],
    ];
    const before = await tableDigest(t.app);
    const wrong: string[] = [];
    for (const [label, payload, signature] of attempts) {
      const res = await deliver(payload, signature);
      if (!tally.check(ROUTE, res.statusCode === 400))
        wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await tableDigest(t.app))).toEqual([]);
    expect(await statusOf(w.owner.orderId)).toBe('pending');
    // The genuine event still goes through: the refusals above are about the forgery, not the event.
    const res = await deliver(good.payload, good.signature);
    tally.check(ROUTE, res.statusCode === 200);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(w.owner.orderId)).toBe('paid');
  });
});

describe('duplicates', () => {
  it('the same event delivered ten times at once is applied once', async () => {
    const w = await buildWorld(t.app);
    const event = signedEvent(w, 'payment_intent.succeeded');
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event.payload, event.signature)));
    tally.add(10, results.filter((r) => r.statusCode !== 200).length);
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(200));
    expect(await historyOf(w.owner.orderId)).toEqual(['pending', 'paid']);
    expect(await auditsFor('payment_succeeded', w.owner.orderId)).toHaveLength(1);
  });

  it('five different success events for one order at once move it to paid once', async () => {
    const w = await buildWorld(t.app);
    const events = Array.from({ length: 5 }, () => signedEvent(w, 'payment_intent.succeeded'));
    const results = await Promise.all(events.map((e) => deliver(e.payload, e.signature)));
    tally.add(5, results.filter((r) => r.statusCode !== 200).length);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await historyOf(w.owner.orderId)).toEqual(['pending', 'paid']);
  });
});

describe('events out of order', () => {
  it('a late "processing" or "failed" never moves a paid order back', async () => {
    const w = await buildWorld(t.app);
    for (const type of [
      'payment_intent.succeeded',
      'payment_intent.processing',
      'payment_intent.payment_failed',
      'payment_intent.processing',
    ]) {
      const e = signedEvent(w, type);
      const res = await deliver(e.payload, e.signature);
      tally.check(ROUTE, res.statusCode === 200);
      expect(res.statusCode).toBe(200);
    }
    expect(await statusOf(w.owner.orderId)).toBe('paid');
    expect(await historyOf(w.owner.orderId)).toEqual(['pending', 'paid']);
  });

  it('a late success leaves a shipped order shipped and a cancelled one cancelled', async () => {
    const w = await buildWorld(t.app);
    const paid = signedEvent(w, 'payment_intent.succeeded');
    expect((await deliver(paid.payload, paid.signature)).statusCode).toBe(200);
    const moves: [string, string[]][] = [
      [w.owner.orderId, ['shipped']],
      [w.other.orderId, ['cancelled']],
    ];
    for (const [orderId, steps] of moves) {
      for (const status of steps) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/order/${orderId}/status`,
          headers: w.admin.headers,
          payload: { status, ...(status === 'shipped' ? { trackingNumber: 'EG-1' } : {}) },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    for (const [orderId, steps] of moves) {
      const object = {
        id: `pi_${hex(8)}`,
        object: 'payment_intent',
        amount: w.product.price,
        currency: 'egp',
        metadata: { order_id: orderId },
      };
      const e = signedEvent(w, 'payment_intent.succeeded', { object });
      const res = await deliver(e.payload, e.signature);
      const final = steps.at(-1);
      tally.check(ROUTE, res.statusCode === 200 && (await statusOf(orderId)) === final);
      expect(res.statusCode).toBe(200);
      expect(await statusOf(orderId)).toBe(final);
    }
  });

  it('a success event cannot turn a cash order into a paid card order', async () => {
    const w = await buildWorld(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: w.other.account.headers,
      payload: {
        deliveryAddress: {
          street: 'Nile St',
          building: '1',
          city: 'Giza',
          state: 'Giza',
          phone: '01012345678',
          zipCode: '12511',
          country: 'Egypt',
        },
        paymentMethod: 'cash',
      },
    });
    expect(placed.statusCode).toBe(201);
    const cash = placed.json()[0] as { _id: string; bill: number; status: string };
    const object = {
      id: `pi_${hex(8)}`,
      object: 'payment_intent',
      amount: toPiastres(cash.bill),
      currency: 'egp',
      metadata: { order_id: cash._id },
    };
    const e = signedEvent(w, 'payment_intent.succeeded', { object });
    await deliver(e.payload, e.signature);
    // The cash order stays as it was placed, waiting for its shopper's confirmation.
    expect(cash.status).toBe('awaiting_confirmation');
    tally.check(ROUTE, (await statusOf(cash._id)) === cash.status);
    expect(await statusOf(cash._id)).toBe(cash.status);
  });
});

describe('amounts that do not match', () => {
  it.each([
    ['too little', { amount: 1 }],
    ['too much', { amount: 10_000_000 }],
    ['another currency', { currency: 'usd' }],
  ])('%s: refused, the order stays pending, and the refusal is logged', async (_label, opts) => {
    const w = await buildWorld(t.app);
    const e = signedEvent(w, 'payment_intent.succeeded', opts);
    const res = await deliver(e.payload, e.signature);
    const logged = await auditsFor('amount_mismatch', w.owner.orderId);
    tally.check(ROUTE, res.statusCode === 400 && logged.length === 1);
    expect(res.statusCode).toBe(400);
    expect(await statusOf(w.owner.orderId)).toBe('pending');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toMatch(/Refused payment event/);
  });
});

describe('validly signed but malformed events', () => {
  it('are answered without a 5xx and change no order', async () => {
    const w = await buildWorld(t.app);
    const objects: [string, unknown][] = [
      ['no object', undefined],
      ['null object', null],
      ['an array', []],
      [
        'amount as text',
        {
          id: 'pi_x',
          object: 'payment_intent',
          amount: String(w.product.price),
          currency: 'egp',
          metadata: { order_id: w.owner.orderId },
        },
      ],
      ['no amount or currency', { id: 'pi_x', object: 'payment_intent', metadata: { order_id: w.owner.orderId } }],
      ['no metadata', { id: 'pi_x', object: 'payment_intent', amount: w.product.price, currency: 'egp' }],
      [
        'metadata as text',
        { id: 'pi_x', object: 'payment_intent', amount: w.product.price, currency: 'egp', metadata: 'x' },
      ],
      [
        'an injected order id',
        {
          id: "pi_x' or '1'='1",
          object: 'payment_intent',
          amount: w.product.price,
          currency: 'egp',
          metadata: { order_id: "' or '1'='1" },
        },
      ],
      [
        'no intent id',
        { object: 'payment_intent', amount: w.product.price, currency: 'egp', metadata: { order_id: w.owner.orderId } },
      ],
    ];
    const wrong: string[] = [];
    for (const [label, object] of objects) {
      const payload = JSON.stringify({
        id: `evt_${hex(8)}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: object === undefined ? {} : { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: w.webhookSecret,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      const res = await deliver(payload, signature);
      if (!tally.check(ROUTE, res.statusCode < 500))
        wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
    expect(await statusOf(w.owner.orderId)).toBe('pending');
    const [paidRows] = [
      await t.app.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, w.owner.orderId), eq(orderStatusHistory.status, 'paid'))),
    ];
    expect(paidRows).toHaveLength(0);
  });

  it('an event for no known order is acknowledged and logged once, however often it comes', async () => {
    const w = await buildWorld(t.app);
    const object = {
      id: `pi_${hex(8)}`,
      object: 'payment_intent',
      amount: 500,
      currency: 'egp',
      metadata: { order_id: '00000000-0000-4000-8000-000000000000' },
    };
    const e = signedEvent(w, 'payment_intent.succeeded', { object, id: `evt_unknown_${hex()}` });
    const results = [await deliver(e.payload, e.signature), await deliver(e.payload, e.signature)];
    const logged = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'unknown_order'))).filter((l) =>
      JSON.stringify(l.data).includes(object.id),
    );
    tally.check(ROUTE, results.every((r) => r.statusCode === 200) && logged.length === 1);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(logged).toHaveLength(1);
  });
});
