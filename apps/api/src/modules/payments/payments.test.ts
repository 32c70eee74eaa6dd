import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { say, type Order, REFUND_SETTLE_MS } from '@shop/contracts';
import { auditLogs, cartItems, orders, paymentEvents, payments, products } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  GOOD_CARD,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS as address, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import { loadConfig } from '../../config.js';
import { stripeProvider } from './stripe-provider.js';
import { offlineWebhookSecret, PROCESSING_DELAY_MS, signWebhook } from './offline-provider.js';
import { startFawrySimulator } from './fawry/simulator.js';
import { OutcomeUnknown } from './provider.js';
import { unwantedRequestId, writeRequest } from './refund-request.js';
import { AfterCommit } from '../orders/lifecycle.js';
import { giveBackLeft } from './give-back-recovery.js';

let t: TestContext;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = offlineWebhookSecret(t.app.config);
});
afterAll(() => t.close());

const cardOrder = (user: Account, lines: [ProductFixture, number][], method = 'visa'): Promise<Order> =>
  placeOrderOf(t.app, user, lines, address, method);
const createIntent = (account: Account | null, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: account?.headers ?? {},
    payload: { order_id: orderId },
  });
async function secretFor(user: Account, orderId: string): Promise<string> {
  const res = await createIntent(user, orderId);
  if (res.statusCode !== 200) throw new Error(`intent failed: ${res.body}`);
  return (res.json() as { clientSecret: string }).clientSecret;
}
const confirm = (clientSecret: string, card: { number: string; exp: string; cvc: string }) =>
  t.app.inject({ method: 'POST', url: '/api/payment/offline/confirm', payload: { clientSecret, card } });
const intent = (clientSecret: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/offline/intent?client_secret=${encodeURIComponent(clientSecret)}` });
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];
/** The shopper cancels the order from /Orders: a newer order would not, with its payment under way. */
const cancelByShopper = async (user: Account, orderId: string) =>
  (await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: user.headers, payload: {} }))
    .statusCode;
const auditsFor = async (action: string, orderId: string) =>
  (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, action))).filter(
    (l) => (l.data as { orderId?: string } | null)?.orderId === orderId,
  );

/** A Stripe-format event, signed with Stripe's own SDK helper (not our signer) so both sides are checked. */
function stripeEvent(
  type: string,
  orderId: string,
  amount: number,
  opts: { id?: string; signWith?: string; at?: Date; intentId?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: opts.intentId ?? `pi_${randomBytes(8).toString('hex')}`,
        object: 'payment_intent',
        amount,
        currency: 'egp',
        metadata: { order_id: orderId },
        last_payment_error: null,
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.signWith ?? secret,
    timestamp: Math.floor((opts.at ?? t.clock.now()).getTime() / 1000),
  });
  return { payload, signature };
}
/** Stripe's charge.refunded, sent for every refund of the charge: `refunded` is all it has given back so far. */
function chargeRefunded(intentId: string, amount: number, refunded: number) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'charge.refunded',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: `ch_${randomBytes(8).toString('hex')}`,
        object: 'charge',
        payment_intent: intentId,
        amount,
        amount_refunded: refunded,
        currency: 'egp',
        refunded: refunded >= amount,
        metadata: {},
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return { payload, signature };
}
const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

describe('configuration', () => {
  it('tells the web app which provider is active, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'offline',
      methods: ['card'],
      hostedCheckout: false,
      offers: [{ method: 'card', provider: 'offline' }],
      instalments: [],
    });
  });

  it('signs events exactly like Stripe does', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const at = new Date('2026-01-01T00:00:00Z');
    expect(signWebhook(payload, 'whsec_abc', at)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_abc', timestamp: at.getTime() / 1000 }),
    );
  });

  it('uses STRIPE_WEBHOOK_SECRET for the test provider when it is set', async () => {
    const other = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_configured_for_tests' });
    try {
      expect(offlineWebhookSecret(other.app.config)).toBe('whsec_configured_for_tests');
    } finally {
      await other.close();
    }
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
  });
});

describe('with Stripe keys', () => {
  it('uses the Stripe provider: its publishable key, no test routes, webhooks checked with STRIPE_WEBHOOK_SECRET', async () => {
    const keyed = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_stripe_tests',
    });
    try {
      const config = await keyed.app.inject({ method: 'GET', url: '/api/payment/config' });
      expect(config.json()).toEqual({
        provider: 'stripe',
        methods: ['card'],
        hostedCheckout: false,
        publishableKey: 'pk_test_offline',
        offers: [{ method: 'card', provider: 'stripe' }],
        instalments: [],
      });
      expect(
        (
          await keyed.app.inject({
            method: 'POST',
            url: '/api/payment/offline/confirm',
            payload: { clientSecret: 'x', card: GOOD_CARD },
          })
        ).statusCode,
      ).toBe(404);
      const payload = JSON.stringify({
        id: 'evt_keyed',
        object: 'event',
        type: 'charge.succeeded',
        data: { object: {} },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_stripe_tests' });
      const res = await keyed.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode).toBe(200);
      const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: secret });
      expect(
        (
          await keyed.app.inject({
            method: 'POST',
            url: '/api/payment/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': forged },
            payload,
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await keyed.close();
    }
  });

  it('the card chosen again after a Fawry reference gets a new Stripe intent, not the cancelled one replayed', async () => {
    // Stripe as its idempotency keys make it answer: the same key, the first answer again.
    const intents = new Map<string, { id: string; client_secret: string; status: string }>();
    const keys: string[] = [];
    const create = vi.spyOn(Stripe.resources.PaymentIntents.prototype, 'create').mockImplementation((async (
      _params: unknown,
      options?: { idempotencyKey?: string },
    ) => {
      const key = options?.idempotencyKey ?? randomBytes(8).toString('hex');
      keys.push(key);
      const id = `pi_${randomBytes(8).toString('hex')}`;
      const intent = intents.get(key) ?? { id, client_secret: `${id}_secret_x`, status: 'requires_payment_method' };
      intents.set(key, intent);
      return intent;
    }) as never);
    const cancel = vi.spyOn(Stripe.resources.PaymentIntents.prototype, 'cancel').mockImplementation((async (
      id: string,
    ) => {
      const intent = [...intents.values()].find((each) => each.id === id);
      if (intent) intent.status = 'canceled';
      return intent;
    }) as never);
    const fawry = await startFawrySimulator({ merchantCode: 'fawry_m', securityKey: 'fawry_k' });
    const keyed = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_stripe_tests',
      FAWRY_MERCHANT_CODE: 'fawry_m',
      FAWRY_SECURITY_KEY: 'fawry_k',
      FAWRY_API_URL: fawry.url,
    });
    try {
      const user = await registerShopper(keyed.app);
      const order = await placeOrderOf(keyed.app, user, [[await createProduct(keyed.app.db), 1]], address, 'visa');
      const start = async (method: string) => {
        const res = await keyed.app.inject({
          method: 'POST',
          url: '/api/payment/create-payment-intent',
          headers: user.headers,
          payload: { order_id: order._id, method },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { clientSecret: string }).clientSecret;
      };
      const first = await start('card');
      await start('fawry');
      const again = await start('card');
      expect(again).not.toBe(first);
      expect([...intents.values()].find((each) => each.client_secret === again)?.status).toBe(
        'requires_payment_method',
      );
      expect(keys).toEqual([`order-${order._id}-1`, `order-${order._id}-3`]);
    } finally {
      create.mockRestore();
      cancel.mockRestore();
      await keyed.close();
      await fawry.close();
    }
  });

  it('a refund a stopped process made and never recorded: the pass reads the intent’s refunds at Stripe and records it, asking none', async () => {
    const intentId = `pi_${randomBytes(8).toString('hex')}`;
    const create = vi
      .spyOn(Stripe.resources.PaymentIntents.prototype, 'create')
      .mockResolvedValue({ id: intentId, client_secret: `${intentId}_secret_x` } as never);
    const cancel = vi.spyOn(Stripe.resources.PaymentIntents.prototype, 'cancel').mockResolvedValue({} as never);
    const refunds = vi.spyOn(Stripe.resources.Refunds.prototype, 'create').mockResolvedValue({} as never);
    const listed: unknown[] = [];
    const keyed = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_stripe_tests',
    });
    try {
      const user = await registerShopper(keyed.app);
      const order = await placeOrderOf(keyed.app, user, [[await createProduct(keyed.app.db), 1]], address, 'visa');
      const started = await keyed.app.inject({
        method: 'POST',
        url: '/api/payment/create-payment-intent',
        headers: user.headers,
        payload: { order_id: order._id, method: 'card' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const cancelled = await keyed.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/cancel`,
        headers: user.headers,
        payload: {},
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [row] = await keyed.app.db.select().from(orders).where(eq(orders.id, order._id));
      const bill = row?.bill ?? 0;
      // Paid after all; the process records the payment, writes its refund request down, Stripe refunds it, and the
      // process stops before recording that (and the charge.refunded webhook never comes).
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: intentId, amount: bill, currency: 'egp', metadata: { order_id: order._id } } },
      });
      const stop = vi.spyOn(AfterCommit.prototype, 'run').mockResolvedValue();
      try {
        const paid = await keyed.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_stripe_tests' }),
          },
          payload,
        });
        expect(paid.statusCode, paid.body).toBe(200);
      } finally {
        stop.mockRestore();
      }
      expect(await writeRequest(keyed.app.db, unwantedRequestId(intentId), keyed.clock.now(), null)).toBe('first');
      const list = vi.spyOn(Stripe.resources.Refunds.prototype, 'list').mockImplementation(((params: unknown) => {
        listed.push(params);
        return (async function* () {
          yield { id: 're_failed', amount: bill, status: 'failed' };
          yield { id: 're_given', amount: bill, status: 'succeeded' };
        })();
      }) as never);
      try {
        await giveBackLeft(keyed.app);
        expect(listed).toEqual([]);
        keyed.clock.advance(REFUND_SETTLE_MS + 60_000);
        await giveBackLeft(keyed.app);
        await giveBackLeft(keyed.app);
      } finally {
        list.mockRestore();
      }
      expect(listed).toEqual([expect.objectContaining({ payment_intent: intentId })]);
      expect(refunds).not.toHaveBeenCalled();
      const [payment] = await keyed.app.db.select().from(payments).where(eq(payments.providerRef, intentId));
      expect(payment).toMatchObject({ state: 'refunded', giveBack: 'paid_after_cancel' });
      const given = (
        await keyed.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'paid_after_cancel_refunded'))
      ).filter((l) => (l.data as { orderId?: string } | null)?.orderId === order._id);
      expect(given).toHaveLength(1);
    } finally {
      create.mockRestore();
      cancel.mockRestore();
      refunds.mockRestore();
      await keyed.close();
    }
  });

  it('refuses to start with a Stripe key but no webhook secret', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_offline' });
    expect(() => stripeProvider(Object.create(t.app, { config: { value: config } }) as typeof t.app)).toThrow(
      'STRIPE_WEBHOOK_SECRET is required',
    );
  });
});

describe('create-payment-intent', () => {
  it('gives the owner of a pending card order a client secret, the same one each time', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 300 }), 2]]);
    const first = await createIntent(user, order._id);
    expect(first.statusCode).toBe(200);
    const { clientSecret } = first.json() as { clientSecret: string };
    expect(clientSecret).toMatch(/^pi_test_[0-9a-f]{24}_secret_[A-Za-z0-9_-]+$/);
    expect((await createIntent(user, order._id)).json()).toEqual({ clientSecret });
    const view = (await intent(clientSecret)).json();
    expect(view).toEqual({
      id: clientSecret.split('_secret_')[0],
      status: 'requires_payment_method',
      amount: 60000,
      currency: 'egp',
    });
    expect((await orderRow(order._id))?.paymentIntentId).toBe(view.id);
  });

  it('resumes the same payment of the same order whatever state it is in: after a decline, while processing, once paid', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 120 }), 1]]);
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/payment/status/${order._id}`, headers: user.headers })).json();
    const clientSecret = await secretFor(user, order._id);
    // Declined, then the page is reloaded: the same payment, still payable.
    expect((await confirm(clientSecret, { ...GOOD_CARD, number: '4000 0000 0000 0002' })).json()).toMatchObject({
      status: 'requires_payment_method',
    });
    expect(await status()).toMatchObject({ status: 'pending', payment: { state: 'failed' } });
    expect(await secretFor(user, order._id)).toBe(clientSecret);
    // Being paid again: under way once more, so the order holds its lines out of the cart again.
    expect(await status()).toMatchObject({ status: 'pending', payment: { state: 'started' } });
    // Processing, then reloaded: the same payment, which the page goes on watching rather than paying again.
    expect((await confirm(clientSecret, { ...GOOD_CARD, number: '4000 0000 0000 3220' })).json()).toMatchObject({
      status: 'processing',
    });
    expect(await secretFor(user, order._id)).toBe(clientSecret);
    expect((await intent(clientSecret)).json()).toMatchObject({ status: 'processing' });
    // Paid meanwhile: nothing more to start, and the order says so, which sends the page on to /success.
    await expect.poll(async () => (await status()).status, { timeout: 15_000 }).toBe('paid');
    const again = await createIntent(user, order._id);
    expect(again.statusCode).toBe(409);
    expect(await status()).toMatchObject({ status: 'paid', payment: { state: 'paid' } });
  });

  it('concurrent requests for one order wait for each other and all get its one intent', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db), 1]]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => createIntent(user, order._id)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => (r.json() as { clientSecret: string }).clientSecret)).size).toBe(1);
    expect(await auditsFor('intent_created', order._id)).toHaveLength(1);
  });

  it('refuses visitors (401), admins (403), other shoppers’ and unknown orders (404), and orders not awaiting a card payment (409)', async () => {
    const owner = await registerShopper(t.app);
    const stranger = await registerShopper(t.app);
    const admin = await createAdmin(t.app);
    const product = await createProduct(t.app.db);
    const order = await cardOrder(owner, [[product, 1]]);
    expect((await createIntent(null, order._id)).statusCode).toBe(401);
    expect((await createIntent(admin, order._id)).statusCode).toBe(403);
    expect((await createIntent(stranger, order._id)).statusCode).toBe(404);
    expect((await createIntent(owner, '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d')).statusCode).toBe(404);
    const cash = await cardOrder(owner, [[product, 1]], 'cash');
    const res = await createIntent(owner, cash._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is not waiting for a card payment');
    // The card order was replaced by the cash one, so it is cancelled now.
    expect((await createIntent(owner, order._id)).statusCode).toBe(409);
  });
});

describe('the test cards', () => {
  it('4242 4242 4242 4242 succeeds: the order is paid and the ordered products leave the cart', async () => {
    const user = await registerShopper(t.app);
    const bought = await createProduct(t.app.db, { price: 99.99, stock: 5 });
    const order = await cardOrder(user, [[bought, 2]]);
    const later = await createProduct(t.app.db);
    await t.app.db.insert(cartItems).values({ userId: user.id, productId: later.id, quantity: 1 });
    const clientSecret = await secretFor(user, order._id);

    const res = await confirm(clientSecret, GOOD_CARD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', amount: 19998, currency: 'egp' });
    expect(res.json()).not.toHaveProperty('last_payment_error');
    expect((await orderRow(order._id))?.status).toBe('paid');
    const cart = await t.app.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(cart.map((c) => c.productId)).toEqual([later.id]);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/order', headers: user.headers })).json() as Order[];
    expect(mine[0]?.statusHistory.map((h) => h.status)).toEqual(['pending', 'paid']);
    expect(await auditsFor('payment_succeeded', order._id)).toHaveLength(1);
    expect((await intent(clientSecret)).json().status).toBe('succeeded');
    // A paid intent cannot be confirmed again.
    expect((await confirm(clientSecret, GOOD_CARD)).statusCode).toBe(400);
  });

  it.each([
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000000000000002', 'Your card was declined.'],
  ])(
    '%s is declined with requires_payment_method and the provider’s message, then a good card pays',
    async (number, message) => {
      const user = await registerShopper(t.app);
      const order = await cardOrder(user, [[await createProduct(t.app.db), 1]]);
      const clientSecret = await secretFor(user, order._id);
      const res = await confirm(clientSecret, { ...GOOD_CARD, number });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'requires_payment_method', last_payment_error: { message } });
      expect((await intent(clientSecret)).json()).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { message },
      });
      const failed = await auditsFor('payment_failed', order._id);
      expect(failed).toHaveLength(1);
      expect(failed[0]?.message).toContain(message);
      expect((await orderRow(order._id))?.status).toBe('pending');
      expect((await confirm(clientSecret, GOOD_CARD)).json().status).toBe('succeeded');
      expect((await orderRow(order._id))?.status).toBe('paid');
      expect((await intent(clientSecret)).json()).not.toHaveProperty('last_payment_error');
    },
  );

  it('a well-formed number that is not a test card is declined, as Stripe does in test mode', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db), 1]]);
    const res = await confirm(await secretFor(user, order._id), { ...GOOD_CARD, number: '4012888888881881' });
    expect(res.json().status).toBe('requires_payment_method');
    expect(res.json().last_payment_error.message).toContain('used a non test card');
  });

  it('4000 0000 0000 3220 is processing, then succeeds about 2 seconds later', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db), 1]]);
    const clientSecret = await secretFor(user, order._id);
    // Before the confirm, whose answer may come late on a busy machine: its two seconds start inside it.
    const started = Date.now();
    const res = await confirm(clientSecret, { ...GOOD_CARD, number: '4000000000003220' });
    expect(res.json().status).toBe('processing');
    expect((await orderRow(order._id))?.status).toBe('pending');
    await expect
      .poll(async () => (await intent(clientSecret)).json().status, {
        timeout: PROCESSING_DELAY_MS + 10_000,
        interval: 100,
      })
      .toBe('succeeded');
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROCESSING_DELAY_MS - 500);
    // The success event reaches the shop just after the intent changes, as Stripe's webhook does.
    await expect.poll(async () => (await orderRow(order._id))?.status, { timeout: 10_000 }).toBe('paid');
  });

  it.each([
    [{ number: '4242 4242 4242' }, 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ number: '4242 4242 4242 42421' }, 'Your card number is invalid.'],
    [{ number: '4242-abcd' }, 'Your card number is invalid.'],
    [{ exp: '13/40' }, "Your card's expiration date is invalid."],
    [{ exp: '1240' }, "Your card's expiration date is incomplete."],
    [{ exp: '01/20' }, "Your card's expiration year is in the past."],
    [{ cvc: '12' }, "Your card's security code is incomplete."],
  ])('refuses an invalid card %j with 400 and a card message', async (change, message) => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db), 1]]);
    const clientSecret = await secretFor(user, order._id);
    const res = await confirm(clientSecret, { ...GOOD_CARD, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await intent(clientSecret)).json().status).toBe('requires_payment_method');
  });

  it('refuses an expiry month already past in the current year', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db), 1]]);
    const clientSecret = await secretFor(user, order._id);
    // In January last month is in last year, which is the other message: move to February.
    const shift = t.clock.now().getUTCMonth() === 0 ? 40 * 24 * 3600_000 : 0;
    t.clock.advance(shift);
    try {
      const now = t.clock.now();
      const exp = `${String(now.getUTCMonth()).padStart(2, '0')}/${String(now.getUTCFullYear()).slice(2)}`;
      const res = await confirm(clientSecret, { ...GOOD_CARD, exp });
      expect(res.json().message).toBe("Your card's expiration date is in the past.");
    } finally {
      t.clock.advance(-shift);
    }
  });

  it('answers 404 for an unknown client secret', async () => {
    expect((await confirm('pi_test_nope_secret_nope', GOOD_CARD)).statusCode).toBe(404);
    expect((await intent('pi_test_nope_secret_nope')).statusCode).toBe(404);
  });

  it('an order cancelled before payment can no longer be paid', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db);
    const first = await cardOrder(user, [[product, 1]]);
    const clientSecret = await secretFor(user, first._id);
    expect(await cancelByShopper(user, first._id)).toBe(200);
    expect((await intent(clientSecret)).json().status).toBe('canceled');
    expect((await confirm(clientSecret, GOOD_CARD)).statusCode).toBe(400);
    expect((await orderRow(first._id))?.status).toBe('cancelled');
  });
});

describe('refund', () => {
  it('an admin refunds a paid order through the same route as every provider: cancelled, stock back, audited', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 30, stock: 4 });
    const order = await cardOrder(user, [[product, 2]]);
    await confirm(await secretFor(user, order._id), GOOD_CARD);
    expect((await orderRow(order._id))?.status).toBe('paid');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).statusHistory.map((h) => h.status)).toEqual(['pending', 'paid', 'cancelled']);
    expect(
      (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]?.stock,
    ).toBe(4);
    expect(await auditsFor('order_refunded', order._id)).toHaveLength(1);
  });

  it('a partial refund whose answer was lost is finalised by Stripe’s charge.refunded, and a retry is refused', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 50 }), 1]]);
    const clientSecret = await secretFor(user, order._id);
    await confirm(clientSecret, GOOD_CARD);
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/refund`,
        headers: admin.headers,
        payload: { amount: 20 },
      });
    // Stripe gives the 20 EGP back, but its answer never reaches the shop.
    const asked = vi
      .spyOn(t.app.payments.named('offline'), 'refund')
      .mockRejectedValueOnce(new OutcomeUnknown(502, say.api.refundFailed));
    try {
      expect((await refund()).statusCode).toBe(502);
      expect((await orderRow(order._id))?.status).toBe('paid');
      const { payload, signature } = chargeRefunded(clientSecret.split('_secret_')[0] ?? '', 5000, 2000);
      expect((await deliver(payload, signature)).statusCode).toBe(200);
      expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 2000 });
      t.clock.advance(REFUND_SETTLE_MS + 60_000);
      try {
        expect((await refund()).statusCode).toBe(409);
      } finally {
        t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
      }
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
  });

  it('parts refunded from Stripe’s dashboard add up as Stripe counts them: the order is cancelled once they cover the bill', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 50 }), 1]]);
    const clientSecret = await secretFor(user, order._id);
    await confirm(clientSecret, GOOD_CARD);
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    // 10 EGP, then 20 more: Stripe's second event says 30 went back in all, not 20.
    for (const soFar of [1000, 3000]) {
      const part = chargeRefunded(intentId, 5000, soFar);
      expect((await deliver(part.payload, part.signature)).statusCode).toBe(200);
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', refunded: 3000 });
    const rest = chargeRefunded(intentId, 5000, 5000);
    expect((await deliver(rest.payload, rest.signature)).statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 5000 });
  });

  it('an admin who cancels a paid order refunds its whole bill: the shop never keeps the money of a cancelled order', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 45 }), 1]]);
    await confirm(await secretFor(user, order._id), GOOD_CARD);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).status).toBe('cancelled');
    const [refunded] = await auditsFor('order_refunded', order._id);
    expect(refunded?.data).toMatchObject({ amount: 45 });
  });
});

describe('webhook', () => {
  it('refuses a missing, wrong, tampered or stale signature with 400', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 50 }), 1]]);
    const good = stripeEvent('payment_intent.succeeded', order._id, 5000);
    expect((await deliver(good.payload)).statusCode).toBe(400);
    expect((await deliver(good.payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect(
      (
        await deliver(
          good.payload,
          stripeEvent('payment_intent.succeeded', order._id, 5000, { signWith: 'whsec_someone_else' }).signature,
        )
      ).statusCode,
    ).toBe(400);
    expect((await deliver(good.payload.replace('5000', '5001'), good.signature)).statusCode).toBe(400);
    const stale = stripeEvent('payment_intent.succeeded', order._id, 5000, {
      at: new Date(t.clock.now().getTime() - 10 * 60_000),
    });
    expect((await deliver(stale.payload, stale.signature)).statusCode).toBe(400);
    expect((await orderRow(order._id))?.status).toBe('pending');
    const res = await deliver(good.payload, good.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await orderRow(order._id))?.status).toBe('paid');
  });

  it('applies a duplicate event only once', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 75.5 }), 2]]);
    const event = stripeEvent('payment_intent.succeeded', order._id, 15100);
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/order', headers: user.headers })).json() as Order[];
    expect(mine[0]?.statusHistory.map((h) => h.status)).toEqual(['pending', 'paid']);
    expect(await auditsFor('payment_succeeded', order._id)).toHaveLength(1);
    const id = (JSON.parse(event.payload) as { id: string }).id;
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, id))).toHaveLength(1);
  });

  it('refuses an event whose amount does not match the bill, and audits it', async () => {
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 200 }), 1]]);
    const event = stripeEvent('payment_intent.succeeded', order._id, 100);
    const res = await deliver(event.payload, event.signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The payment amount does not match the order');
    expect((await orderRow(order._id))?.status).toBe('pending');
    const refused = await auditsFor('amount_mismatch', order._id);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.type).toBe('payment');
  });

  it('never moves an order backwards when events arrive out of order', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const order = await cardOrder(user, [[await createProduct(t.app.db, { price: 10 }), 1]]);
    const paid = stripeEvent('payment_intent.succeeded', order._id, 1000);
    const failedLate = stripeEvent('payment_intent.payment_failed', order._id, 1000);
    const processingLate = stripeEvent('payment_intent.processing', order._id, 1000);
    expect((await deliver(paid.payload, paid.signature)).statusCode).toBe(200);
    expect((await deliver(failedLate.payload, failedLate.signature)).statusCode).toBe(200);
    expect((await deliver(processingLate.payload, processingLate.signature)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.status).toBe('paid');

    await t.app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped', trackingNumber: 'EG-1' },
    });
    const again = stripeEvent('payment_intent.succeeded', order._id, 1000);
    expect((await deliver(again.payload, again.signature)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.status).toBe('shipped');
  });

  it('a payment for an order already cancelled leaves it cancelled and is given back', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 10 });
    const order = await cardOrder(user, [[product, 1]]);
    const intentId = (await secretFor(user, order._id)).split('_secret_')[0];
    expect(await cancelByShopper(user, order._id)).toBe(200);
    // The intent was charged before Stripe heard it should be cancelled.
    const event = stripeEvent('payment_intent.succeeded', order._id, 1000, { intentId });
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect((await auditsFor('paid_after_cancel', order._id))[0]?.message).toMatch(/giving it back/);
    expect(await auditsFor('paid_after_cancel_refunded', order._id)).toHaveLength(1);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.state).toBe('refunded');
    // Delivered again, it gives nothing back a second time.
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    expect(await auditsFor('paid_after_cancel_refunded', order._id)).toHaveLength(1);
  });

  it('acknowledges events the shop does not act on', async () => {
    const event = stripeEvent('payment_intent.created', '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d', 1000);
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    const unknown = stripeEvent('payment_intent.succeeded', '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d', 1000);
    expect((await deliver(unknown.payload, unknown.signature)).statusCode).toBe(200);
    const logged = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'unknown_order'), eq(auditLogs.type, 'payment')));
    expect(logged.length).toBeGreaterThanOrEqual(1);
  });
});
