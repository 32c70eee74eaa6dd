import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cairoDay } from '../../../lib/clock.js';
import {
  API_MSG,
  CARD_ORDER_TTL_MS,
  orderRef,
  PENDING_PAYMENT_TTL_MS,
  say,
  type AdminOrderDetail,
  type AdminOrdersPage,
  type Cart,
  type Order,
  type OrderForStaff,
  type PaymentStatus,
  REFUND_SETTLE_MS,
} from '@shop/contracts';
import {
  auditLogs,
  cartItems,
  coupons,
  orders,
  orderStatusHistory,
  paymentEvents,
  payments,
  products,
  shippingSettings,
} from '../../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../../test/harness.js';
import { createProduct, type ProductFixture } from '../../../../test/fixtures.js';
import { freePort } from '../../../../test/security/server-process.js';
import { loseGivingBack } from '../../../../test/lost-writes.js';
import { expireUnpaidOrders } from '../../orders/expiry.js';
import { AfterCommit } from '../../orders/lifecycle.js';
import { giveBackLeft } from '../give-back-recovery.js';
import { OutcomeUnknown } from '../provider.js';
import { paymobProvider } from './provider.js';
import { refundRequestId, refundRequestOf, unwantedRequestId, writeRequest } from '../refund-request.js';
import { startPaymobSimulator } from './simulator.js';
import { signTransaction, type Transaction } from './wire.js';

/**
 * Paymob end to end against the simulator: the shop listens on a real port, the simulator posts its
 * signed callbacks there, and the shopper's side of the checkout is played with plain HTTP.
 */

const SECRETS = { secretKey: 'egy_sk_test_shop', publicKey: 'egy_pk_test_shop', hmacSecret: 'HMAC_TEST_SECRET' };
const INTEGRATIONS = { card: 4100001, wallet: 4100002, kiosk: 4100003 };

let t: TestContext;
let simulator: Awaited<ReturnType<typeof startPaymobSimulator>>;
let publicUrl: string;

beforeAll(async () => {
  simulator = await startPaymobSimulator({ ...SECRETS, integrations: INTEGRATIONS });
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_MAX: '1000000',
    PAYMOB_SECRET_KEY: SECRETS.secretKey,
    PAYMOB_PUBLIC_KEY: SECRETS.publicKey,
    PAYMOB_HMAC_SECRET: SECRETS.hmacSecret,
    PAYMOB_CARD_INTEGRATION_ID: String(INTEGRATIONS.card),
    PAYMOB_WALLET_INTEGRATION_ID: String(INTEGRATIONS.wallet),
    PAYMOB_KIOSK_INTEGRATION_ID: String(INTEGRATIONS.kiosk),
    PAYMOB_API_URL: simulator.url,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await simulator?.close();
  await t?.close();
});

const address = {
  street: 'Tahrir St',
  building: '12',
  city: 'Cairo',
  state: 'Cairo',
  phone: '01512345678',
  zipCode: '11511',
  country: 'Egypt',
};

const onlineOrder = (user: Account, lines: [ProductFixture, number][]): Promise<Order> =>
  placeOrderOf(t.app, user, lines, address, 'visa');

const start = (user: Account, orderId: string, method: string, walletPhone?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: user.headers,
    payload: { order_id: orderId, method, ...(walletPhone ? { wallet_phone: walletPhone } : {}) },
  });

async function checkoutUrl(user: Account, orderId: string, method: string, walletPhone?: string): Promise<URL> {
  const res = await start(user, orderId, method, walletPhone);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
  return new URL((res.json() as { checkoutUrl: string }).checkoutUrl);
}

/** The shopper opens the hosted checkout and submits it; the answer is where they are sent back to. */
async function payAtCheckout(url: URL, fields: Record<string, string>): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const clientSecret = url.searchParams.get('clientSecret') ?? '';
  const res = await fetch(new URL('/unifiedcheckout/pay', url), {
    method: 'POST',
    body: new URLSearchParams({ clientSecret, ...fields }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const statusOf = async (user: Account, orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/payment/status/${orderId}`, headers: user.headers })
  ).json() as PaymentStatus;
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];
/** The shopper cancels the order from /Orders: a newer order would not, with its payment under way. */
const cancelByShopper = async (user: Account, orderId: string) =>
  (await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: user.headers })).statusCode;
const historyOf = async (id: string) =>
  (
    await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.id)
  ).map((h) => h.status);
const auditsFor = async (action: string, orderId: string) =>
  (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, action))).filter(
    (l) => (l.data as { orderId?: string } | null)?.orderId === orderId,
  );
const stockOf = async (id: string) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

/** A transaction as Paymob would send it for the order's stored Paymob order id. */
async function transactionFor(orderId: string, change: Partial<Transaction> = {}): Promise<Transaction> {
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, orderId));
  const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  if (!payment || !order) throw new Error('no payment started');
  return {
    id: 700_000_000 + Math.floor(Math.random() * 1_000_000),
    amount_cents: order.bill,
    created_at: '2026-01-01T10:00:00',
    currency: 'EGP',
    error_occured: false,
    has_parent_transaction: false,
    integration_id: INTEGRATIONS.card,
    is_3d_secure: true,
    is_auth: false,
    is_capture: false,
    is_refunded: false,
    is_standalone_payment: true,
    is_voided: false,
    order: { id: Number(payment.providerRef) },
    owner: 1,
    pending: false,
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    success: true,
    data: { message: 'Approved' },
    ...change,
  };
}
const callback = (tx: unknown, hmac?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment/webhook${hmac === undefined ? '' : `?hmac=${hmac}`}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'TRANSACTION', obj: tx }),
  });

describe('configuration', () => {
  it('is chosen by PAYMOB_SECRET_KEY and offers the methods whose integration ids are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.json()).toEqual({
      provider: 'paymob',
      methods: ['card', 'wallet', 'kiosk'],
      hostedCheckout: true,
      publishableKey: SECRETS.publicKey,
      offers: [
        { method: 'card', provider: 'paymob' },
        { method: 'wallet', provider: 'paymob' },
        { method: 'kiosk', provider: 'paymob' },
      ],
      instalments: [],
    });
    const env = {
      PAYMOB_SECRET_KEY: 'k',
      PAYMOB_PUBLIC_KEY: 'p',
      PAYMOB_HMAC_SECRET: 'h',
      PAYMOB_WALLET_INTEGRATION_ID: '7',
    };
    const walletOnly = paymobProvider(
      Object.create(t.app, { config: { value: { ...t.app.config, env } } }) as typeof t.app,
    );
    expect(walletOnly.methods).toEqual(['wallet']);
  });

  it('refuses a method it does not offer', async () => {
    const env = {
      PAYMOB_SECRET_KEY: 'k',
      PAYMOB_PUBLIC_KEY: 'p',
      PAYMOB_HMAC_SECRET: 'h',
      PAYMOB_CARD_INTEGRATION_ID: '7',
      PAYMOB_API_URL: simulator.url,
    };
    const { clock, log, db } = t.app;
    const cardOnly = paymobProvider({ clock, log, db, config: { ...t.app.config, env } });
    const order = {
      id: 'x',
      amount: 100,
      items: [],
      customer: { name: 'A B', email: 'a@b.c', phone: '01012345678' },
      address,
      language: 'en',
      payBy: new Date(),
      attempt: 1,
    };
    await expect(cardOnly.start(order, 'kiosk', undefined)).rejects.toMatchObject({
      statusCode: 400,
      message: say.api.methodUnavailable,
    });
  });
});

describe('starting a payment', () => {
  it('creates an intention with the order in piastres, EGP, the chosen integration, items, billing data and the shop’s URLs', async () => {
    const user = await registerShopper(t.app, 'Mona Ali Hassan');
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { name: 'Kettle', price: 199.99 }), 2]]);
    const url = await checkoutUrl(user, order._id, 'card');
    const sent = simulator.received.at(-1);
    expect(sent?.path).toBe('/v1/intention/');
    expect(sent?.authorization).toBe(`Token ${SECRETS.secretKey}`);
    expect(sent?.body).toEqual({
      amount: 39998,
      currency: 'EGP',
      payment_methods: [INTEGRATIONS.card],
      items: [{ name: 'Kettle', amount: 19999, quantity: 2 }],
      billing_data: {
        first_name: 'Mona',
        last_name: 'Ali Hassan',
        email: user.email,
        phone_number: '01512345678',
        street: 'Tahrir St',
        building: '12',
        city: 'Cairo',
        state: 'Cairo',
        country: 'Egypt',
        postal_code: '11511',
        apartment: 'NA',
        floor: 'NA',
      },
      customer: { first_name: 'Mona', last_name: 'Ali Hassan', email: user.email },
      special_reference: order._id,
      notification_url: `${publicUrl}/api/payment/webhook`,
      redirection_url: `${publicUrl}/api/payment/return`,
    });
    expect(url.origin + url.pathname).toBe(`${simulator.url}/unifiedcheckout/`);
    expect(url.searchParams.get('publicKey')).toBe(SECRETS.publicKey);
    const [stored] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(stored).toMatchObject({
      provider: 'paymob',
      method: 'card',
      state: 'started',
      clientSecret: url.searchParams.get('clientSecret'),
    });
    expect(stored?.providerRef).toMatch(/^\d+$/);
    // Asking again resumes the same intention instead of opening a second one.
    const calls = simulator.received.length;
    expect((await checkoutUrl(user, order._id, 'card')).toString()).toBe(url.toString());
    expect(simulator.received.length).toBe(calls);
    expect(await statusOf(user, order._id)).toMatchObject({
      status: 'pending',
      payment: { method: 'card', state: 'started', reference: null },
    });
  });

  it('tells Paymob lines that add up to the bill: the goods and the delivery, or one line when a coupon took some off', async () => {
    await t.app.db.insert(shippingSettings).values({ codFee: 1200, cardShipsFree: false, freeOver: null });
    const code = `TENOFF${Date.now()}`;
    await t.app.db.insert(coupons).values({ code, kind: 'percent', value: 10 });
    try {
      const user = await registerShopper(t.app);
      const kettle = await createProduct(t.app.db, { name: 'Kettle', price: 100, stock: 10 });
      const shipped = await onlineOrder(user, [[kettle, 2]]);
      expect(shipped).toMatchObject({ itemsTotal: 200, shipping: 21, discount: 0, bill: 221 });
      await checkoutUrl(user, shipped._id, 'card');
      expect(simulator.received.at(-1)?.body).toMatchObject({
        amount: 22100,
        items: [
          { name: 'Kettle', amount: 10000, quantity: 2 },
          { name: 'Delivery', amount: 2100, quantity: 1 },
        ],
      });

      const other = await registerShopper(t.app);
      const discounted = await placeOrderOf(t.app, other, [[kettle, 2]], address, 'visa', { coupon: code });
      expect(discounted).toMatchObject({ itemsTotal: 200, discount: 20, shipping: 21, bill: 201 });
      const url = await checkoutUrl(other, discounted._id, 'card');
      expect(simulator.received.at(-1)?.body).toMatchObject({
        amount: 20100,
        items: [{ name: `Order #${orderRef(discounted._id)}`, amount: 20100, quantity: 1 }],
      });
      await payAtCheckout(url, { card: '5123456789012346' });
      expect((await orderRow(discounted._id))?.status).toBe('paid');
    } finally {
      await t.app.db.delete(shippingSettings);
    }
  });

  it('charges a wallet on the number given for it, and insists on one', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const missing = await start(user, order._id, 'wallet');
    expect(missing.statusCode).toBe(400);
    expect((await start(user, order._id, 'wallet', '0101234567')).statusCode).toBe(400);
    await checkoutUrl(user, order._id, 'wallet', '01010101010');
    const body = simulator.received.at(-1)?.body as {
      payment_methods: number[];
      billing_data: { phone_number: string };
    };
    expect(body.payment_methods).toEqual([INTEGRATIONS.wallet]);
    expect(body.billing_data.phone_number).toBe('01010101010');
  });
});

describe('paying through the simulator', () => {
  it.each([
    ['a Mastercard test card', 'card', { card: '5123 4567 8901 2346' }],
    ['a Visa test card', 'card', { card: '4111111111111111' }],
    ['the test wallet', 'wallet', { wallet: '01010101010' }],
  ])('%s pays the order once; the signed redirect brings the shopper to the order', async (_label, method, fields) => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 120, stock: 5 });
    const order = await onlineOrder(user, [[product, 2]]);
    const back = await payAtCheckout(
      await checkoutUrl(user, order._id, method, method === 'wallet' ? '01010101010' : undefined),
      fields,
    );
    expect(back.pathname).toBe('/api/payment/return');
    expect(back.searchParams.get('success')).toBe('true');
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await historyOf(order._id)).toEqual(['pending', 'paid']);
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect(await statusOf(user, order._id)).toMatchObject({
      status: 'paid',
      payment: { method, state: 'paid', reference: null },
    });
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/PaymentStatus?order=${order._id}`);
  });

  it('brings a shopper who ordered in Arabic back to the Arabic screen', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 50, stock: 5 }), 1]]);
    await t.app.db.update(orders).set({ language: 'ar' }).where(eq(orders.id, order._id));
    const back = await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '4111111111111111' });
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/ar/PaymentStatus?order=${order._id}`);
  });

  it('a declined card leaves the order payable; paying again with a good card pays it', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const url = await checkoutUrl(user, order._id, 'card');
    const back = await payAtCheckout(url, { card: '4000000000000002' });
    expect(back.searchParams.get('success')).toBe('false');
    expect((await orderRow(order._id))?.status).toBe('pending');
    expect(await statusOf(user, order._id)).toMatchObject({
      status: 'pending',
      payment: { method: 'card', state: 'failed', reference: null },
    });
    expect(await auditsFor('payment_failed', order._id)).toHaveLength(1);
    // The redirect after a decline brings the shopper to the order too, which is still unpaid.
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).headers.location).toBe(
      `/PaymentStatus?order=${order._id}`,
    );
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '5123456789012346' });
    expect((await orderRow(order._id))?.status).toBe('paid');
  });

  it('a declined wallet, then a card: another method starts another intention, and it pays', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    await payAtCheckout(await checkoutUrl(user, order._id, 'wallet', '01099999999'), { wallet: '01099999999' });
    expect((await orderRow(order._id))?.status).toBe('pending');
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '4111111111111111' });
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await t.app.db.select().from(payments).where(eq(payments.orderId, order._id))).toHaveLength(2);
  });

  it('kiosk: pending with a reference the shopper is shown, then paid at the outlet', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const back = await payAtCheckout(await checkoutUrl(user, order._id, 'kiosk'), {});
    expect(back.searchParams.get('pending')).toBe('true');
    const pending = await statusOf(user, order._id);
    expect(pending.status).toBe('pending');
    expect(pending.payment).toMatchObject({ method: 'kiosk', state: 'pending' });
    const reference = pending.payment?.reference ?? '';
    expect(reference).toMatch(/^\d{8}$/);
    expect(await auditsFor('payment_pending', order._id)).toHaveLength(1);
    expect(await simulator.payKiosk(reference)).toBe(200);
    expect(await statusOf(user, order._id)).toMatchObject({
      status: 'paid',
      payment: { method: 'kiosk', state: 'paid', reference },
    });
  });
});

describe('callbacks', () => {
  it('unsigned, wrongly signed, tampered or malformed: 400 and nothing changes', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 50 }), 1]]);
    await checkoutUrl(user, order._id, 'card');
    const tx = await transactionFor(order._id);
    const good = signTransaction(tx, SECRETS.hmacSecret);
    const events = async () => (await t.app.db.select().from(paymentEvents)).length;
    const before = await events();
    const attempts: [string, unknown, string | undefined][] = [
      ['no hmac', tx, undefined],
      ['empty hmac', tx, ''],
      ['another secret', tx, signTransaction(tx, 'someone-else')],
      ['amount changed after signing', { ...tx, amount_cents: 1 }, good],
      ['success flipped after signing', { ...tx, success: false, pending: true }, good],
      ['order changed after signing', { ...tx, order: { id: 1 } }, good],
      ['not hex', tx, 'z'.repeat(128)],
      ['a field missing', { ...tx, owner: undefined }, good],
    ];
    for (const [label, body, hmac] of attempts) expect((await callback(body, hmac)).statusCode, label).toBe(400);
    expect((await callback(tx, good.toUpperCase())).statusCode).toBe(200);
    expect(await events()).toBe(before + 1);
    expect((await orderRow(order._id))?.status).toBe('paid');
  });

  it('a paid callback posted again with digits moved between the transaction and integration ids is refused', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 50 }), 1]]);
    await checkoutUrl(user, order._id, 'card');
    // An id ending in a nought would lose it at the head of the integration id, and sign otherwise: one ending in 7.
    const tx = await transactionFor(order._id, { id: 700_000_007 + 10 * Math.floor(Math.random() * 100_000) });
    const hmac = signTransaction(tx, SECRETS.hmacSecret);
    expect((await callback(tx, hmac)).statusCode).toBe(200);
    // The HMAC runs its fields together: the same digits split anew sign alike, as another transaction.
    const digits = `${tx.id}${tx.integration_id}`;
    for (const cut of [String(tx.id).length - 1, String(tx.id).length + 1]) {
      const moved = { ...tx, id: Number(digits.slice(0, cut)), integration_id: Number(digits.slice(cut)) };
      expect(signTransaction(moved, SECRETS.hmacSecret)).toBe(hmac);
      expect((await callback(moved, hmac)).statusCode, `cut at ${cut}`).toBe(400);
    }
    // Paid once: no second payment for staff to refund by hand.
    expect(await auditsFor('payment_duplicate', order._id)).toEqual([]);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid']);
  });

  it('a replayed success answers 200 and changes nothing', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    await checkoutUrl(user, order._id, 'card');
    const tx = await transactionFor(order._id);
    const hmac = signTransaction(tx, SECRETS.hmacSecret);
    const results = await Promise.all(Array.from({ length: 5 }, () => callback(tx, hmac)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid']);
    expect(await auditsFor('payment_succeeded', order._id)).toHaveLength(1);
  });

  it('a signed callback whose amount or currency does not match the order is refused and logged', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 80 }), 1]]);
    await checkoutUrl(user, order._id, 'card');
    for (const change of [{ amount_cents: 100 }, { currency: 'USD' }]) {
      const tx = await transactionFor(order._id, change);
      const res = await callback(tx, signTransaction(tx, SECRETS.hmacSecret));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The payment amount does not match the order');
    }
    expect((await orderRow(order._id))?.status).toBe('pending');
    expect(await auditsFor('amount_mismatch', order._id)).toHaveLength(2);
  });

  it('a signed callback for a Paymob order the shop never started is acknowledged and logged, and pays nothing', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    await checkoutUrl(user, order._id, 'card');
    const tx = await transactionFor(order._id, { order: { id: 123 } });
    expect((await callback(tx, signTransaction(tx, SECRETS.hmacSecret))).statusCode).toBe(200);
    expect((await orderRow(order._id))?.status).toBe('pending');
    const logged = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'unknown_order'), eq(auditLogs.type, 'payment')));
    expect(logged.some((l) => (l.data as { intentId?: string }).intentId === '123')).toBe(true);
  });

  it('a redirect whose query was changed or is unsigned is refused', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const back = await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '4000000000000002' });
    const forged = new URL(back);
    forged.searchParams.set('success', 'true');
    expect((await t.app.inject({ method: 'GET', url: forged.pathname + forged.search })).statusCode).toBe(400);
    forged.searchParams.delete('hmac');
    expect((await t.app.inject({ method: 'GET', url: forged.pathname + forged.search })).statusCode).toBe(400);
    expect((await orderRow(order._id))?.status).toBe('pending');
  });
});

describe('refunds', () => {
  const refund = (admin: Account | null, orderId: string, amount?: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/refund`,
      headers: admin?.headers ?? {},
      payload: amount === undefined ? {} : { amount },
    });

  async function paidOrder(price: number, quantity: number) {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price, stock: 10 });
    const order = await onlineOrder(user, [[product, quantity]]);
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '5123456789012346' });
    expect((await orderRow(order._id))?.status).toBe('paid');
    return { user, product, order };
  }

  it('the same day, the whole amount is voided: the order is cancelled, its stock back, and the audit log says so', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder(75.5, 3);
    expect(await stockOf(product.id)).toBe(7);
    const res = await refund(admin, order._id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).status).toBe('cancelled');
    const [paid] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(simulator.received.at(-1)).toMatchObject({
      path: '/api/acceptance/void_refund/void',
      authorization: `Token ${SECRETS.secretKey}`,
      body: { transaction_id: paid?.transactionId },
    });
    expect(await stockOf(product.id)).toBe(10);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
    const [logged] = await auditsFor('order_refunded', order._id);
    expect(logged?.data).toMatchObject({ from: 'paid', to: 'cancelled', refund: 'voided', amount: 226.5 });
    // Paymob confirms the void with a callback of its own, which changes nothing more.
    await expect.poll(async () => (await auditsFor('payment_voided', order._id)).length).toBe(1);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    // Nothing is left to give back.
    expect((await refund(admin, order._id)).statusCode).toBe(409);
  });

  it('part of the amount is refunded with the transaction id and the amount in piastres', async () => {
    const admin = await createAdmin(t.app);
    const { order } = await paidOrder(100, 2);
    expect((await refund(admin, order._id, 200.01)).statusCode).toBe(400);
    const res = await refund(admin, order._id, 50.25);
    expect(res.statusCode).toBe(200);
    const [paid] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(simulator.received.at(-1)).toMatchObject({
      path: '/api/acceptance/void_refund/refund',
      body: { transaction_id: paid?.transactionId, amount_cents: 5025 },
    });
    await expect
      .poll(async () => (await t.app.db.select().from(payments).where(eq(payments.orderId, order._id)))[0]?.state)
      .toBe('refunded');
  });

  it('on a later day the whole amount is refunded, not voided', async () => {
    const admin = await createAdmin(t.app);
    const { order } = await paidOrder(40, 1);
    t.clock.advance(2 * 24 * 3600_000);
    try {
      expect((await refund(admin, order._id)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-2 * 24 * 3600_000);
    }
    expect(simulator.received.at(-1)).toMatchObject({
      path: '/api/acceptance/void_refund/refund',
      body: { amount_cents: 4000 },
    });
  });

  it('only admins refund, and only paid orders', async () => {
    const admin = await createAdmin(t.app);
    const { user, order } = await paidOrder(10, 1);
    expect((await refund(null, order._id)).statusCode).toBe(401);
    expect((await refund(user, order._id)).statusCode).toBe(403);
    const unpaid = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const res = await refund(admin, unpaid._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_MSG.notRefundable);
    expect((await orderRow(order._id))?.status).toBe('paid');
  });
});

describe('one payable intention per order, paid once', () => {
  const intentions = () => simulator.received.filter((r) => r.path === '/v1/intention/').length;
  const paymentsOf = (orderId: string) =>
    t.app.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);

  it('concurrent starts for one order open one intention and all resume it', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const before = intentions();
    const answers = await Promise.all(Array.from({ length: 4 }, () => start(user, order._id, 'card')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => (r.json() as { checkoutUrl: string }).checkoutUrl)).size).toBe(1);
    expect(intentions()).toBe(before + 1);
    expect(await paymentsOf(order._id)).toHaveLength(1);
  });

  it('while Paymob is slow to open an intention, the shop goes on: other shoppers place orders meanwhile', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    simulator.slowIntentions(1500);
    try {
      let slowDone = false;
      const slow = start(user, order._id, 'card').then((res) => {
        slowDone = true;
        return res;
      });
      // Another shopper places an order (a write in a transaction) while the first start waits on Paymob.
      const other = await registerShopper(t.app);
      await onlineOrder(other, [[await createProduct(t.app.db), 1]]);
      expect(slowDone).toBe(false);
      expect((await slow).statusCode).toBe(200);
    } finally {
      simulator.slowIntentions(0);
    }
  });

  it('another method or another wallet number opens a new intention; the latest one is what a repeat resumes', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db), 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    const otherWallet = await checkoutUrl(user, order._id, 'wallet', '01099999999');
    expect(
      (simulator.received.at(-1)?.body as { billing_data: { phone_number: string } }).billing_data.phone_number,
    ).toBe('01099999999');
    const cardAgain = await checkoutUrl(user, order._id, 'card');
    expect(new Set([card, wallet, otherWallet, cardAgain].map(String)).size).toBe(4);
    const before = intentions();
    expect(String(await checkoutUrl(user, order._id, 'card'))).toBe(String(cardAgain));
    expect(intentions()).toBe(before);
    const rows = await paymentsOf(order._id);
    expect(rows.map((p) => [p.method, p.walletPhone])).toEqual([
      ['card', null],
      ['wallet', '01010101010'],
      ['wallet', '01099999999'],
      ['card', null],
    ]);
    expect((await orderRow(order._id))?.paymentIntentId).toBe(rows.at(-1)?.providerRef);
  });

  it('a second intention paid after the first: the order is paid once, the second payment recorded, audited and voided', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 60, stock: 5 });
    const order = await onlineOrder(user, [[product, 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    await payAtCheckout(wallet, { wallet: '01010101010' });
    expect((await orderRow(order._id))?.status).toBe('paid');
    // The first tab still has the card checkout open, and pays there too.
    await payAtCheckout(card, { card: '4111111111111111' });
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await historyOf(order._id)).toEqual(['pending', 'paid']);
    expect(await auditsFor('payment_succeeded', order._id)).toHaveLength(1);
    const [duplicate] = await auditsFor('payment_duplicate', order._id);
    expect(duplicate?.message).toMatch(/paid a second time/);
    const [cardPayment, walletPayment] = await paymentsOf(order._id);
    expect(simulator.received.at(-1)).toMatchObject({
      path: '/api/acceptance/void_refund/void',
      body: { transaction_id: cardPayment?.transactionId },
    });
    expect(await auditsFor('duplicate_refunded', order._id)).toHaveLength(1);
    // Paymob's void callback for the second payment confirms it and leaves the order paid.
    await expect.poll(async () => (await auditsFor('payment_voided', order._id)).length).toBe(1);
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided', 'paid']);
    expect((await orderRow(order._id))?.paymentIntentId).toBe(walletPayment?.providerRef);
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await stockOf(product.id)).toBe(4);
  });

  it('a second payment whose void Paymob’s callback tells before its answer is voided, and said given back once', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 60 }), 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    await payAtCheckout(wallet, { wallet: '01010101010' });
    simulator.refuseGiveBacks('overtaken');
    await payAtCheckout(card, { card: '4111111111111111' });
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided', 'paid']);
    expect(await auditsFor('payment_voided', order._id)).toHaveLength(1);
    const [given, ...more] = await auditsFor('duplicate_refunded', order._id);
    expect(more).toEqual([]);
    expect(given?.message).toMatch(/^The second payment of order \S+ was voided \(60 EGP/);
    expect((await orderRow(order._id))?.status).toBe('paid');
  });

  it('paid in an old tab after the order expired: the order stays cancelled and the payment is voided', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 80, stock: 5 });
    const order = await onlineOrder(user, [[product, 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    // A newer order (of one more: the unit being paid for is not the cart's to order again) stands beside it.
    await onlineOrder(user, [[product, 2]]);
    // The half hour passes; Paymob's intention cannot be withdrawn and stays payable.
    t.clock.advance(CARD_ORDER_TTL_MS + 60_000);
    try {
      await expireUnpaidOrders(t.app);
    } finally {
      t.clock.advance(-(CARD_ORDER_TTL_MS + 60_000));
    }
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    await payAtCheckout(card, { card: '4111111111111111' });
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await historyOf(order._id)).toEqual(['pending', 'cancelled']);
    const [late] = await auditsFor('paid_after_cancel', order._id);
    expect(late?.message).toMatch(/80 EGP\): giving it back/);
    const [payment] = await paymentsOf(order._id);
    expect(simulator.received.at(-1)).toMatchObject({
      path: '/api/acceptance/void_refund/void',
      body: { transaction_id: payment?.transactionId },
    });
    expect(await auditsFor('paid_after_cancel_refunded', order._id)).toHaveLength(1);
    await expect.poll(async () => (await auditsFor('payment_voided', order._id)).length).toBe(1);
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided']);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    // The stock came back when the order was cancelled, and only then (the newer one expired with it).
    expect(await stockOf(product.id)).toBe(5);
  });

  it('when the second payment could not be given back, the admin’s refund gives back the payment that paid the order', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 60, stock: 5 });
    const order = await onlineOrder(user, [[product, 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    await payAtCheckout(wallet, { wallet: '01010101010' });
    simulator.refuseGiveBacks('declined');
    await payAtCheckout(card, { card: '4111111111111111' });
    expect(await auditsFor('duplicate_refund_failed', order._id)).toHaveLength(1);
    const [, walletPayment] = await paymentsOf(order._id);
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['paid', 'paid']);

    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: admin.headers,
      payload: {},
    });
    expect(refunded.statusCode).toBe(200);
    expect(simulator.received.at(-1)?.body).toMatchObject({ transaction_id: walletPayment?.transactionId });
  });

  it('a second payment the provider refused to give back is shown owed, and recorded given back by hand once', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 70, stock: 5 }), 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    await payAtCheckout(wallet, { wallet: '01010101010' });
    simulator.refuseGiveBacks('declined');
    await payAtCheckout(card, { card: '4111111111111111' });
    // The card's, paid once the wallet had paid the order.
    const second = (await paymentsOf(order._id)).find((p) => p.giveBack === 'refund_failed');
    if (!second) throw new Error('no refused second payment');
    const detail = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order._id}`, headers: admin.headers })
      ).json<AdminOrderDetail>();
    const record = (paidBackBy: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order._id}/owed/${encodeURIComponent(second.providerRef)}/paid-back`,
        headers: admin.headers,
        payload: { paidBackBy },
      });

    // While the refused request stands, Paymob may yet give it back: nothing is shown owed, nor recorded.
    expect((await detail()).owedBack).toEqual([]);
    expect((await record('cash')).statusCode).toBe(409);
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      expect((await detail()).owedBack).toEqual([
        { _id: second.providerRef, amount: 70, paidAt: second.paidAt?.toISOString() },
      ]);
      // How it went back is required.
      expect((await record(' ')).statusCode).toBe(400);
      const recorded = await record('InstaPay');
      expect(recorded.statusCode, recorded.body).toBe(204);
      expect((await detail()).owedBack).toEqual([]);
      const states = (await paymentsOf(order._id)).map((p) => [p.providerRef === second.providerRef, p.state]);
      expect(states.sort()).toEqual([
        [false, 'paid'],
        [true, 'refunded'],
      ]);
      const [audited, ...more] = await auditsFor('payment_paid_back', order._id);
      expect(more).toEqual([]);
      expect(audited?.message).toContain(`paid back by InstaPay`);
      expect(audited?.data).toMatchObject({ amount: 70, paidBackBy: 'InstaPay' });
      // Owed no more: a second record is refused, in the asker's words.
      const again = await record('cash');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(API_MSG.nothingOwed);
      // The order and the payment that paid it are as they were.
      expect((await orderRow(order._id))?.status).toBe('paid');
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
    }
  });
});

describe('payments given back by a process that stopped first', () => {
  // Paymob voids a payment on the (Cairo) day it was made and refunds it after. The passes below move the clock on past
  // the settling time: a test run just before Cairo's midnight starts after it, so its payments stay voided.
  let movedPastMidnight = 0;
  beforeEach(() => {
    const now = t.clock.now().getTime();
    const passed = now + REFUND_SETTLE_MS + 5 * 60_000;
    movedPastMidnight = cairoDay(new Date(passed)) === cairoDay(new Date(now)) ? 0 : passed - now;
    t.clock.advance(movedPastMidnight);
  });
  afterEach(() => t.clock.advance(-movedPastMidnight));
  const paymentsOf = (orderId: string) =>
    t.app.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
  /** Paymob's voids and refunds of one transaction. */
  const giveBacksOf = (transactionId: string | null | undefined) =>
    simulator.received.filter(
      (r) =>
        r.path.startsWith('/api/acceptance/void_refund/') &&
        (r.body as { transaction_id?: unknown }).transaction_id === transactionId,
    ).length;
  /** The shopper pays on a process that stops right after recording the payment: nothing after the commit runs. */
  async function payThenStop(url: URL, fields: Record<string, string>) {
    const stop = vi.spyOn(AfterCommit.prototype, 'run').mockResolvedValue();
    try {
      await payAtCheckout(url, fields);
    } finally {
      stop.mockRestore();
    }
  }
  /** The pass, now and again once every request written down has settled, as any instance runs it later. */
  async function passes() {
    await giveBackLeft(t.app);
    await giveBackLeft(t.app);
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      await giveBackLeft(t.app);
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
    }
  }

  /** An order paid by wallet, then by card on a process that stopped before giving the card's payment back. */
  async function secondPaymentLeft() {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 60 }), 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    await payAtCheckout(wallet, { wallet: '01010101010' });
    await payThenStop(card, { card: '4111111111111111' });
    const [cardPayment] = await paymentsOf(order._id);
    if (!cardPayment?.transactionId) throw new Error('no card payment');
    return { order, cardPayment };
  }
  /** The pass gives the payment back at Paymob, but neither its record nor Paymob's callback can be written. */
  async function givenBackUnrecorded(providerRef: string) {
    const recordable = await loseGivingBack(t.app.db, providerRef);
    try {
      await giveBackLeft(t.app);
      await expect
        .poll(
          () =>
            simulator.notified.find(
              (n) => String(n.transaction.order.id) === providerRef && n.transaction.has_parent_transaction,
            )?.status,
        )
        .toBe(500);
    } finally {
      await recordable();
    }
  }

  it('given back at Paymob but recorded by neither the shop nor Paymob’s callback: the next pass records it, never asks again', async () => {
    const { order, cardPayment } = await secondPaymentLeft();
    await givenBackUnrecorded(cardPayment.providerRef);
    expect(giveBacksOf(cardPayment.transactionId)).toBe(1);
    expect((await paymentsOf(order._id))[0]).toMatchObject({ state: 'paid', giveBack: 'duplicate' });

    await passes();
    expect(giveBacksOf(cardPayment.transactionId)).toBe(1);
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided', 'paid']);
    expect(await auditsFor('duplicate_refunded', order._id)).toHaveLength(1);
    expect(await auditsFor('duplicate_refund_failed', order._id)).toEqual([]);
  });

  /** What the shop asked Paymob about the transaction. */
  const retrievals = (transactionId: string | null) =>
    simulator.received.filter((r) => r.path === `/api/acceptance/transactions/${transactionId}`);

  it('given back at Paymob by a process that stopped before recording it: the pass asks Paymob what became of it, and records it instead of asking again', async () => {
    const { order, cardPayment } = await secondPaymentLeft();
    await givenBackUnrecorded(cardPayment.providerRef);
    // The process stops: what it kept to record goes with it, and its request settles unheard of.
    const stopped = vi.spyOn(t.app.payments.unrecorded, 'retry').mockResolvedValue();
    try {
      await passes();
    } finally {
      stopped.mockRestore();
    }
    expect(retrievals(cardPayment.transactionId)).toEqual([
      {
        path: `/api/acceptance/transactions/${cardPayment.transactionId}`,
        authorization: `Token ${SECRETS.secretKey}`,
        body: null,
      },
    ]);
    expect(giveBacksOf(cardPayment.transactionId)).toBe(1);
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided', 'paid']);
    const [given, ...more] = await auditsFor('duplicate_refunded', order._id);
    expect(more).toEqual([]);
    expect(given?.message).toMatch(/was voided \(as the provider said of an earlier request\)/);
    // The write the stopped process kept, tried after all, finds it recorded and adds nothing.
    await giveBackLeft(t.app);
    expect(await auditsFor('duplicate_refunded', order._id)).toHaveLength(1);
  });

  it('asked for by a process that stopped before Paymob had the request: Paymob says nothing went back, and is asked once', async () => {
    const { order, cardPayment } = await secondPaymentLeft();
    expect(await writeRequest(t.app.db, unwantedRequestId(cardPayment.providerRef), t.clock.now(), null)).toBe('first');
    await passes();
    expect(retrievals(cardPayment.transactionId)).toHaveLength(1);
    expect(giveBacksOf(cardPayment.transactionId)).toBe(1);
    expect((await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided', 'paid']);
    expect(await auditsFor('duplicate_refunded', order._id)).toHaveLength(1);
  });

  it('a second payment is given back once by the recovery pass', async () => {
    const { order, cardPayment } = await secondPaymentLeft();
    expect(cardPayment).toMatchObject({ state: 'paid', giveBack: 'duplicate' });
    expect(giveBacksOf(cardPayment?.transactionId)).toBe(0);
    expect((await auditsFor('payment_duplicate', order._id))[0]?.message).toMatch(/giving it back/);

    await passes();
    expect(giveBacksOf(cardPayment?.transactionId)).toBe(1);
    expect(await auditsFor('duplicate_refunded', order._id)).toHaveLength(1);
    await expect.poll(async () => (await paymentsOf(order._id)).map((p) => p.state)).toEqual(['voided', 'paid']);
    await giveBackLeft(t.app);
    expect(giveBacksOf(cardPayment?.transactionId)).toBe(1);
    expect((await orderRow(order._id))?.status).toBe('paid');
  });

  it('a payment that came after its order was cancelled is given back once by the recovery pass', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 80, stock: 5 });
    const order = await onlineOrder(user, [[product, 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    expect(await cancelByShopper(user, order._id)).toBe(200);
    await payThenStop(card, { card: '4111111111111111' });
    const [payment] = await paymentsOf(order._id);
    expect(payment).toMatchObject({ state: 'paid', giveBack: 'paid_after_cancel' });
    expect(giveBacksOf(payment?.transactionId)).toBe(0);

    await passes();
    expect(giveBacksOf(payment?.transactionId)).toBe(1);
    expect(await auditsFor('paid_after_cancel_refunded', order._id)).toHaveLength(1);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
  });

  it('one the provider refuses in the pass is left for an admin and not asked for again', async () => {
    const user = await registerShopper(t.app);
    const order = await onlineOrder(user, [[await createProduct(t.app.db, { price: 60 }), 1]]);
    const card = await checkoutUrl(user, order._id, 'card');
    const wallet = await checkoutUrl(user, order._id, 'wallet', '01010101010');
    await payAtCheckout(wallet, { wallet: '01010101010' });
    await payThenStop(card, { card: '4111111111111111' });
    const [cardPayment] = await paymentsOf(order._id);
    simulator.refuseGiveBacks('declined');
    await passes();
    expect(giveBacksOf(cardPayment?.transactionId)).toBe(1);
    expect(await auditsFor('duplicate_refund_failed', order._id)).toHaveLength(1);
    expect((await paymentsOf(order._id))[0]).toMatchObject({ state: 'paid', giveBack: 'refund_failed' });
  });
});

describe('kiosk and wallet payments that are pending', () => {
  it('hold their order for PENDING_PAYMENT_TTL_MS; card orders still expire after CARD_ORDER_TTL_MS', async () => {
    const product = await createProduct(t.app.db, { stock: 5 });
    const kioskUser = await registerShopper(t.app);
    const kiosk = await onlineOrder(kioskUser, [[product, 1]]);
    await payAtCheckout(await checkoutUrl(kioskUser, kiosk._id, 'kiosk'), {});
    expect((await statusOf(kioskUser, kiosk._id)).payment?.state).toBe('pending');
    const cardUser = await registerShopper(t.app);
    const card = await onlineOrder(cardUser, [[product, 1]]);
    await checkoutUrl(cardUser, card._id, 'card');
    expect(await stockOf(product.id)).toBe(3);
    let moved = 0;
    const advance = (ms: number) => {
      t.clock.advance(ms);
      moved += ms;
    };
    try {
      advance(CARD_ORDER_TTL_MS + 60_000);
      await expireUnpaidOrders(t.app);
      expect((await orderRow(card._id))?.status).toBe('cancelled');
      expect((await orderRow(kiosk._id))?.status).toBe('pending');
      expect(await stockOf(product.id)).toBe(4);

      advance(PENDING_PAYMENT_TTL_MS - CARD_ORDER_TTL_MS - 2 * 60_000);
      await expireUnpaidOrders(t.app);
      expect((await orderRow(kiosk._id))?.status).toBe('pending');

      advance(2 * 60_000);
      await expireUnpaidOrders(t.app);
      expect((await orderRow(kiosk._id))?.status).toBe('cancelled');
      expect(await stockOf(product.id)).toBe(5);
      const [expired] = await auditsFor('order_expired', kiosk._id);
      expect(expired?.message).toMatch(/after 48 hours with its payment still pending/);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('are not replaced by a newer order: the kiosk reference can still be paid, and pays its own order', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 5 });
    const kiosk = await onlineOrder(user, [[product, 1]]);
    await payAtCheckout(await checkoutUrl(user, kiosk._id, 'kiosk'), {});
    expect((await statusOf(user, kiosk._id)).payment?.state).toBe('pending');
    // One more of the product: the unit the reference holds is not ordered again.
    const card = await onlineOrder(user, [[product, 2]]);
    expect((await orderRow(kiosk._id))?.status).toBe('pending');
    expect(await stockOf(product.id)).toBe(3);

    const reference = (await statusOf(user, kiosk._id)).payment?.reference ?? '';
    expect(await simulator.payKiosk(reference)).toBe(200);
    expect((await orderRow(kiosk._id))?.status).toBe('paid');
    expect((await orderRow(card._id))?.status).toBe('pending');
  });
});

describe('the cart while a payment is being confirmed', () => {
  const cartOf = async (user: Account) =>
    (await t.app.inject({ method: 'GET', url: '/api/cart', headers: user.headers })).json() as Cart;
  const linesOf = async (user: Account) => (await cartOf(user)).products.map((l) => [l.product_id._id, l.quantity]);

  it('the shopper back before the callback sees the bought lines gone and cannot order them again; paid, they stay gone', async () => {
    const user = await registerShopper(t.app);
    const [bought, other] = [await createProduct(t.app.db, { stock: 5 }), await createProduct(t.app.db, { stock: 5 })];
    const order = await onlineOrder(user, [[bought, 2]]);
    simulator.holdCallbacks(order._id);
    const back = await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '4111111111111111' });
    expect(back.searchParams.get('success')).toBe('true');
    expect((await orderRow(order._id))?.status).toBe('pending');

    expect(await cartOf(user)).toEqual({ products: [], bill: 0, payingOrder: order._id });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: user.headers,
      payload: { deliveryAddress: address, paymentMethod: 'visa' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(API_MSG.cartEmpty);
    // One more of the same product, and another, added while the payment is confirmed: those are to buy.
    for (const product of [bought, other])
      await t.app.inject({
        method: 'PUT',
        url: '/api/cart/incItem',
        headers: user.headers,
        payload: { product_id: product.id, flag: 1 },
      });
    expect(await linesOf(user)).toEqual([
      [bought.id, 1],
      [other.id, 1],
    ]);

    expect(await simulator.releaseCallbacks(order._id)).toEqual([200]);
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await cartOf(user)).toMatchObject({ payingOrder: null });
    expect(await linesOf(user)).toEqual([
      [bought.id, 1],
      [other.id, 1],
    ]);
  });

  it('a payment that fails gives the lines back as they were; paying again holds them again until paid', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 5 });
    const order = await onlineOrder(user, [[product, 2]]);
    simulator.holdCallbacks(order._id);
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '4000000000000002' });
    // Emptying the cart meanwhile takes only what is not being paid for.
    await t.app.inject({ method: 'PUT', url: '/api/cart/emptyCart', headers: user.headers });
    expect(await linesOf(user)).toEqual([]);

    expect(await simulator.releaseCallbacks(order._id)).toEqual([200]);
    expect(await statusOf(user, order._id)).toMatchObject({ status: 'pending', payment: { state: 'failed' } });
    expect(await cartOf(user)).toMatchObject({ payingOrder: null });
    expect(await linesOf(user)).toEqual([[product.id, 2]]);

    simulator.holdCallbacks(order._id);
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '5123456789012346' });
    expect(await linesOf(user)).toEqual([]);
    await simulator.releaseCallbacks(order._id);
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
  });

  it('a cash checkout while a payment is under way takes only the units it bought: a failed payment gives the held ones back', async () => {
    const user = await registerShopper(t.app);
    const [held, other] = [await createProduct(t.app.db, { stock: 5 }), await createProduct(t.app.db, { stock: 5 })];
    const order = await onlineOrder(user, [[held, 2]]);
    simulator.holdCallbacks(order._id);
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '4000000000000002' });
    // One more of the held product, and another, bought cash while the card's answer is awaited.
    for (const product of [held, other])
      await t.app.inject({
        method: 'PUT',
        url: '/api/cart/incItem',
        headers: user.headers,
        payload: { product_id: product.id, flag: 1 },
      });
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: user.headers,
      payload: { deliveryAddress: address, paymentMethod: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const bought = (cash.json() as Order[])[0]?.products.map((l) => [l.product_id, l.quantity]);
    expect(Object.fromEntries(bought ?? [])).toEqual({ [held.id]: 1, [other.id]: 1 });
    expect(await cartOf(user)).toEqual({ products: [], bill: 0, payingOrder: order._id });

    expect(await simulator.releaseCallbacks(order._id)).toEqual([200]);
    expect(await statusOf(user, order._id)).toMatchObject({ status: 'pending', payment: { state: 'failed' } });
    expect(await linesOf(user)).toEqual([[held.id, 2]]);
  });

  it('an order cancelled while its payment is under way gives its lines back', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 5 });
    const order = await onlineOrder(user, [[product, 1]]);
    await checkoutUrl(user, order._id, 'card');
    expect(await cartOf(user)).toEqual({ products: [], bill: 0, payingOrder: order._id });
    expect(await cancelByShopper(user, order._id)).toBe(200);
    expect(await linesOf(user)).toEqual([[product.id, 1]]);
  });
});

describe('refunds the provider declines or that are not finished', () => {
  const refund = (admin: Account, orderId: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/refund`,
      headers: { ...admin.headers, 'accept-language': language },
      payload: {},
    });
  const giveBacks = () => simulator.received.filter((r) => r.path.startsWith('/api/acceptance/void_refund/')).length;

  async function paidOrder() {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 30, stock: 10 });
    const order = await onlineOrder(user, [[product, 3]]);
    await payAtCheckout(await checkoutUrl(user, order._id, 'card'), { card: '5123456789012346' });
    expect((await orderRow(order._id))?.status).toBe('paid');
    return { user, product, order };
  }
  const paymentOf = async (orderId: string) =>
    (await t.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

  it('a declined void is a 502 in the admin’s language; the order, its stock and payment stay; a retry then works', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.refuseGiveBacks('declined', 2);
    const declined = await refund(admin, order._id);
    expect(declined.statusCode).toBe(502);
    expect(declined.json().message).toBe('The payment provider did not accept the refund, please try again');
    const inArabic = await refund(admin, order._id, 'ar');
    expect(inArabic.statusCode).toBe(502);
    expect(inArabic.json().message).toBe('لم يقبل مزود الدفع رد المبلغ، يرجى المحاولة مرة أخرى');
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await stockOf(product.id)).toBe(7);
    expect((await paymentOf(order._id))?.state).toBe('paid');
    expect(await auditsFor('order_refunded', order._id)).toHaveLength(0);

    expect((await refund(admin, order._id)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('a void that fails half-way (5xx) may have moved money: a retry is refused until REFUND_SETTLE_MS has passed without word from Paymob', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.refuseGiveBacks('error');
    expect((await refund(admin, order._id)).statusCode).toBe(502);
    const sent = giveBacks();
    const retry = await refund(admin, order._id);
    expect(retry.statusCode).toBe(409);
    expect(giveBacks()).toBe(sent);
    expect((await orderRow(order._id))?.status).toBe('paid');

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    expect((await refund(admin, order._id)).statusCode).toBe(200);
    expect(giveBacks()).toBe(sent + 1);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(10);
  });

  /** What the dashboard reads of the order's refund: on its page, in the list of orders and in its buyer's orders. */
  async function refundAsStaffReadIt(admin: Account, user: Account, orderId: string) {
    const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json();
    const [page, list, buyers] = await Promise.all([
      read(`/api/admin/orders/${orderId}`) as Promise<AdminOrderDetail>,
      read(`/api/admin/orders?q=${orderId}`) as Promise<AdminOrdersPage>,
      read(`/api/order/admin/${user.id}`) as Promise<OrderForStaff[]>,
    ]);
    return [page, list.orders.find((o) => o._id === orderId), buyers.find((o) => o._id === orderId)].map((o) => ({
      refundable: o?.refundable,
      refundPending: o?.refundPending,
      refundUnheard: o?.refundUnheard,
    }));
  }

  it('a void whose answer Paymob lost is shown pending, not offered again, until Paymob’s callback cancels the order', async () => {
    const admin = await createAdmin(t.app);
    const { user, order } = await paidOrder();
    const offered = { refundable: { of: 'bill', amount: 90 }, refundPending: null, refundUnheard: null };
    expect(await refundAsStaffReadIt(admin, user, order._id)).toEqual([offered, offered, offered]);
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    expect((await refund(admin, order._id)).statusCode).toBe(502);

    const asked = await refundRequestOf(t.app.db, order._id);
    const pending = { refundable: null, refundPending: asked?.at.toISOString(), refundUnheard: null };
    expect(pending.refundPending).toEqual(expect.any(String));
    expect(await refundAsStaffReadIt(admin, user, order._id)).toEqual([pending, pending, pending]);
    expect((await refund(admin, order._id)).json().message).toBe(API_MSG.refundPending);

    expect(await simulator.releaseCallbacks(order._id)).toEqual([200]);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    const settled = { refundable: null, refundPending: null, refundUnheard: null };
    expect(await refundAsStaffReadIt(admin, user, order._id)).toEqual([settled, settled, settled]);
  });

  /** What the shop asked Paymob about the order's transaction. */
  const retrievalsOf = async (orderId: string) => {
    const path = `/api/acceptance/transactions/${(await paymentOf(orderId))?.transactionId}`;
    return simulator.received.filter((r) => r.path === path).length;
  };
  /** The shopper cancels their paid order. */
  const cancel = (user: Account, orderId: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: { ...user.headers, 'accept-language': language },
    });

  it('a void Paymob made whose answer and callback were lost: a retry once REFUND_SETTLE_MS has passed asks Paymob what became of it, and cancels the order without voiding again', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    const lost = await refund(admin, order._id);
    expect(lost.statusCode).toBe(502);
    expect(lost.json().message).toBe(
      'The payment provider did not answer, so the refund may have gone through: the order changes when the provider confirms it. If it has not changed in 15 minutes, try again',
    );
    const sent = giveBacks();

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    expect((await refund(admin, order._id)).statusCode).toBe(200);
    await expectCancelledByEarlierVoid(order._id, product.id, sent);
  });

  /**
   * The order is cancelled as the void Paymob made and nobody heard of leaves it: found by one inquiry, not voided
   * again, logged once, and Paymob's callback, come at last, changes nothing more.
   */
  async function expectCancelledByEarlierVoid(orderId: string, productId: string, sent: number) {
    expect(giveBacks()).toBe(sent);
    expect(await retrievalsOf(orderId)).toBe(1);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'cancelled', refunded: row?.bill, trackingNumber: null });
    expect(await stockOf(productId)).toBe(10);
    expect((await paymentOf(orderId))?.state).toBe('voided');
    const [logged, ...more] = await auditsFor('order_refunded', orderId);
    expect(more).toEqual([]);
    expect(logged?.message).toMatch(/voided by an earlier request, as the provider says/);
    await simulator.releaseCallbacks(orderId);
    expect(await historyOf(orderId)).toEqual(['pending', 'paid', 'cancelled']);
  }

  /** Does `act` while Paymob cannot be reached to say what became of a payment (its retrieve transaction). */
  async function whilePaymobCannotTell<T>(act: () => Promise<T>): Promise<T> {
    const unreachable = vi
      .spyOn(t.app.payments.named('paymob'), 'givenBack')
      .mockRejectedValueOnce(new OutcomeUnknown(502, say.api.refundFailed));
    try {
      return await act();
    } finally {
      unreachable.mockRestore();
    }
  }

  /** The admin ships the order with a tracking number of their own. */
  const ship = (admin: Account, orderId: string, language = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}/status`,
      headers: { ...admin.headers, 'accept-language': language },
      payload: { status: 'shipped', trackingNumber: 'EG-7' },
    });

  it('a paid order whose void was made but never heard of is not shipped: Paymob is asked, and the order is cancelled instead', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    expect((await refund(admin, order._id)).statusCode).toBe(502);
    const sent = giveBacks();
    expect((await ship(admin, order._id)).json().message).toBe(API_MSG.refundPending);

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    const refused = await ship(admin, order._id, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'يقول مزود الدفع إن طلبًا سابقًا لرد مبلغ هذا الطلب قد تم، لذا لم يُشحن: أُلغي الطلب',
    );
    await expectCancelledByEarlierVoid(order._id, product.id, sent);
  });

  it('a paid order whose refund failed half-way and gave nothing back ships once Paymob says so; the request is withdrawn and logged', async () => {
    const admin = await createAdmin(t.app);
    const { order } = await paidOrder();
    simulator.refuseGiveBacks('error');
    expect((await refund(admin, order._id)).statusCode).toBe(502);
    const sent = giveBacks();

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    const shipped = await ship(admin, order._id);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', trackingNumber: 'EG-7' });
    expect(giveBacks()).toBe(sent);
    expect(await retrievalsOf(order._id)).toBe(1);
    expect(await orderRow(order._id)).toMatchObject({ status: 'shipped', refunded: 0 });
    expect((await paymentOf(order._id))?.state).toBe('paid');
    const requests = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, refundRequestId(order._id)));
    expect(requests).toEqual([]);
    const [logged, ...more] = await auditsFor('order_refund_not_given', order._id);
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ userId: admin.id });
    expect(logged?.message).toMatch(/gave nothing back: the request is withdrawn and the order may ship$/);
  });

  it('a paid order whose earlier refund Paymob cannot tell of is not shipped, for the admin to check at Paymob', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    expect((await refund(admin, order._id)).statusCode).toBe(502);

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    const untold = await whilePaymobCannotTell(() => ship(admin, order._id));
    expect(untold.statusCode).toBe(502);
    expect(untold.json().message).toBe(
      'An earlier refund of this order was sent to the payment provider, which does not say whether it went through, so the order was not shipped: check the payment at the provider (the audit log names it)',
    );
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', trackingNumber: null });
    expect(await stockOf(product.id)).toBe(7);
    expect(await auditsFor('order_refund_unconfirmed', order._id)).toHaveLength(1);
    await simulator.releaseCallbacks(order._id);
  });

  /** The admin records what they found at Paymob of the order's refund request that went unheard. */
  const recordChecked = (admin: Account, orderId: string, givenBack: boolean, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/refund-checked`,
      headers: { ...admin.headers, 'accept-language': language },
      payload: { givenBack },
    });

  it('a refund request Paymob cannot tell of is shown unheard once settled; the admin who found at Paymob that nothing went back withdraws it, and the order ships', async () => {
    const admin = await createAdmin(t.app);
    const { user, order } = await paidOrder();
    simulator.refuseGiveBacks('error');
    expect((await refund(admin, order._id)).statusCode).toBe(502);
    const asked = await refundRequestOf(t.app.db, order._id);
    // While it stands, Paymob may yet answer: nothing is recorded.
    const early = await recordChecked(admin, order._id, false);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(API_MSG.refundPending);

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    const unheard = {
      refundable: { of: 'bill', amount: 90 },
      refundPending: null,
      refundUnheard: { at: asked?.at.toISOString(), amount: 90 },
    };
    expect(await refundAsStaffReadIt(admin, user, order._id)).toEqual([unheard, unheard, unheard]);
    expect((await whilePaymobCannotTell(() => ship(admin, order._id))).statusCode).toBe(502);
    const sent = giveBacks();

    expect((await recordChecked(admin, order._id, false)).statusCode).toBe(200);
    expect(await auditsFor('order_refund_not_given', order._id)).toEqual([]);
    const [logged, ...more] = await auditsFor('order_refund_checked', order._id);
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ userId: admin.id });
    expect(logged?.message).toMatch(
      /^.+ found at the provider that the refund of order .+ gave nothing back: the request is withdrawn and the order may ship$/,
    );
    const offered = { refundable: { of: 'bill', amount: 90 }, refundPending: null, refundUnheard: null };
    expect(await refundAsStaffReadIt(admin, user, order._id)).toEqual([offered, offered, offered]);
    const again = await recordChecked(admin, order._id, false, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('لا يوجد طلب رد لمبلغ هذا الطلب أُرسل إلى مزود الدفع وينتظر المراجعة');

    // Nothing is left to ask Paymob about: the order ships without an inquiry, and nothing was given back.
    const retrieved = await retrievalsOf(order._id);
    expect((await ship(admin, order._id)).statusCode).toBe(200);
    expect(await retrievalsOf(order._id)).toBe(retrieved);
    expect(giveBacks()).toBe(sent);
    expect(await orderRow(order._id)).toMatchObject({ status: 'shipped', refunded: 0 });
  });

  it('a refund request Paymob cannot tell of that the admin found given back at Paymob cancels the order as the refund would, asking Paymob nothing; its late callback adds nothing', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    expect((await refund(admin, order._id)).statusCode).toBe(502);
    const sent = giveBacks();
    t.clock.advance(REFUND_SETTLE_MS + 1000);

    const recorded = await recordChecked(admin, order._id, true);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ status: 'cancelled', refund: { amount: 90 } });
    expect(giveBacks()).toBe(sent);
    expect(await retrievalsOf(order._id)).toBe(0);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 9000 });
    expect(await stockOf(product.id)).toBe(10);
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    const [logged, ...more] = await auditsFor('order_refunded', order._id);
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ userId: admin.id });
    expect(logged?.message).toMatch(
      /from paid to cancelled, refunded by an earlier request, as .+ found at the provider, 90 EGP$/,
    );
    expect((await recordChecked(admin, order._id, true)).json().message).toBe(API_MSG.noRefundUnheard);

    await simulator.releaseCallbacks(order._id);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 9000 });
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
  });

  it('a part refunded whose answer was lost: Paymob says that part went back, so a retry of it settles the order without refunding again; a retry of another amount is left for the admin to check at Paymob', async () => {
    const admin = await createAdmin(t.app);
    const { user, product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    const part = (payload: { amount?: number } = { amount: 20 }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/refund`,
        headers: { ...admin.headers, 'accept-language': 'ar' },
        payload,
      });
    expect((await part()).statusCode).toBe(502);
    const sent = giveBacks();
    const asked = await refundRequestOf(t.app.db, order._id);

    // The admin, hearing nothing, asks for the whole bill this time.
    t.clock.advance(REFUND_SETTLE_MS + 1000);
    const untold = await part({});
    expect(untold.statusCode).toBe(502);
    expect(untold.json().message).toBe(
      'أُرسل طلب سابق لرد مبلغ هذا الطلب إلى مزود الدفع، ولم يوضح المزود إن كان قد تم، لذا لم يُرسل مرة أخرى: راجع الدفعة لدى مزود الدفع (يذكرها سجل التدقيق)',
    );
    expect(giveBacks()).toBe(sent);
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await stockOf(product.id)).toBe(7);
    const [logged] = await auditsFor('order_refund_unconfirmed', order._id);
    expect(logged?.message).toMatch(/check at the provider whether it was given back/);
    // Nothing was asked of Paymob: the request is left as it stood, settled and naming what was asked of Paymob (a
    // callback that names no amount records it), and the dashboard offers to record what the admin finds there.
    expect(await refundRequestOf(t.app.db, order._id)).toEqual({ at: asked?.at, amount: 2000 });
    const [onItsPage] = await refundAsStaffReadIt(admin, user, order._id);
    expect(onItsPage?.refundUnheard).toEqual({ at: asked?.at.toISOString(), amount: 20 });

    // The admin asks for the same 20 at once: what went back is what was asked, so that is recorded.
    expect((await part()).statusCode).toBe(200);
    expect(giveBacks()).toBe(sent);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 2000 });
    expect(await stockOf(product.id)).toBe(10);
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    const [settled, ...more] = await auditsFor('order_refunded', order._id);
    expect(more).toEqual([]);
    expect(settled?.message).toMatch(/refunded by an earlier request, as the provider says, 20 EGP$/);
    // Paymob's callback, come at last, changes nothing more.
    await simulator.releaseCallbacks(order._id);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 2000 });
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
  });

  it('a part refunded whose answer was lost, its callback coming after REFUND_SETTLE_MS: the order is cancelled as the refund asked, not left paid with a part back', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: admin.headers,
      payload: { amount: 20 },
    });
    expect(part.statusCode).toBe(502);

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    expect(await simulator.releaseCallbacks(order._id)).toEqual([200]);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 2000 });
    expect(await stockOf(product.id)).toBe(10);
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
  });

  it('a shopper’s cancellation whose void went unanswered: while Paymob cannot say what became of it, the shopper is told the shop checks, and nothing is voided twice', async () => {
    const { user, product, order } = await paidOrder();
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks('lost');
    expect((await cancel(user, order._id)).statusCode).toBe(502);
    const sent = giveBacks();

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    const untold = await whilePaymobCannotTell(() => cancel(user, order._id));
    expect(untold.statusCode).toBe(502);
    expect(untold.json().message).toBe(
      'The payment provider has not said whether your earlier refund went through, so it was not asked again: the shop is checking it with the provider',
    );
    expect(giveBacks()).toBe(sent);
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await auditsFor('order_refund_unconfirmed', order._id)).toHaveLength(1);

    // Paymob answers once the request has settled again: voided, so the order is cancelled without a second void.
    t.clock.advance(REFUND_SETTLE_MS + 1000);
    expect((await cancel(user, order._id, 'ar')).statusCode).toBe(200);
    expect(giveBacks()).toBe(sent);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(10);
    await simulator.releaseCallbacks(order._id);
  });

  it('refunds through the provider recorded on the payment, not the active one', async () => {
    const admin = await createAdmin(t.app);
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 4 });
    const order = await onlineOrder(user, [[product, 2]]);
    // Paid with the offline provider before the shop moved to Paymob.
    const now = t.clock.now();
    await t.app.db.insert(payments).values({
      providerRef: 'pi_test_before_paymob',
      orderId: order._id,
      provider: 'offline',
      method: 'card',
      clientSecret: 'pi_test_before_paymob_secret_x',
      state: 'paid',
      transactionId: 'pi_test_before_paymob',
      paidAt: now,
    });
    await t.app.db
      .update(orders)
      .set({ status: 'paid', paymentIntentId: 'pi_test_before_paymob' })
      .where(eq(orders.id, order._id));
    const before = giveBacks();
    const res = await refund(admin, order._id);
    expect(res.statusCode).toBe(200);
    expect(giveBacks()).toBe(before);
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(4);
  });

  it('the commit fails after Paymob voided: a retry is refused, not sent again, and Paymob’s callback cancels the order once', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    const paymob = Number((await paymentOf(order._id))?.providerRef);
    await t.app.db.execute(
      sql.raw(`create function test_lose_cancel() returns trigger language plpgsql as $$
        begin if new.status = 'cancelled' then raise exception 'the disk is full'; end if; return new; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_lose_cancel before update on orders for each row
        when (new.id = '${order._id}') execute function test_lose_cancel()`),
    );
    let voidCallback: Transaction | undefined;
    try {
      expect((await refund(admin, order._id)).statusCode).toBe(500);
      // Paymob's callback came while the shop still could not cancel, and was refused too.
      await expect
        .poll(() => {
          voidCallback = simulator.notified.find(
            (n) => n.transaction.order.id === paymob && n.transaction.is_voided,
          )?.transaction;
          return simulator.notified.find((n) => n.transaction === voidCallback)?.status;
        })
        .toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger test_lose_cancel on orders'));
      await t.app.db.execute(sql.raw('drop function test_lose_cancel()'));
    }
    expect((await orderRow(order._id))?.status).toBe('paid');
    expect(await stockOf(product.id)).toBe(7);

    const before = giveBacks();
    const retry = await refund(admin, order._id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toMatch(/already sent to the payment provider/);
    expect(giveBacks()).toBe(before);
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped', trackingNumber: 'EG-1' },
    });
    expect(ship.statusCode).toBe(409);

    // Paymob delivers its callback again: now it cancels the order and returns the stock, once.
    if (!voidCallback) throw new Error('no void callback');
    const hmac = signTransaction(voidCallback, SECRETS.hmacSecret);
    expect((await callback(voidCallback, hmac)).statusCode).toBe(200);
    expect((await callback(voidCallback, hmac)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(10);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
    expect((await paymentOf(order._id))?.state).toBe('voided');
    expect((await refund(admin, order._id)).statusCode).toBe(409);
  });

  it('a refund made at Paymob: its callback cancels the order once; a declined one changes nothing', async () => {
    const { product, order } = await paidOrder();
    const paid = await paymentOf(order._id);
    const declined = await transactionFor(order._id, {
      is_refunded: true,
      has_parent_transaction: true,
      success: false,
      error_occured: true,
    });
    expect((await callback(declined, signTransaction(declined, SECRETS.hmacSecret))).statusCode).toBe(200);
    expect((await paymentOf(order._id))?.state).toBe('paid');
    expect((await orderRow(order._id))?.status).toBe('paid');

    // The payment itself reported again as refunded carries its original amount, not what went back.
    const reReported = await transactionFor(order._id, { is_refunded: true, has_parent_transaction: false });
    expect((await callback(reReported, signTransaction(reReported, SECRETS.hmacSecret))).statusCode).toBe(200);
    expect((await orderRow(order._id))?.status).toBe('paid');

    // Made months later, perhaps, through an integration the shop has since retired: a refund is applied all the same.
    const refunded = await transactionFor(order._id, {
      is_refunded: true,
      has_parent_transaction: true,
      integration_id: 4199999,
    });
    const hmac = signTransaction(refunded, SECRETS.hmacSecret);
    expect((await callback(refunded, hmac)).statusCode).toBe(200);
    expect((await callback(refunded, hmac)).statusCode).toBe(200);
    expect(await paymentOf(order._id)).toMatchObject({ state: 'refunded', transactionId: paid?.transactionId });
    expect((await orderRow(order._id))?.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(10);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
    expect(await auditsFor('payment_refunded', order._id)).toHaveLength(1);
  });

  /**
   * An admin refunds `egp` of the order's payment from Paymob's own dashboard: Paymob gives it back and calls the shop
   * back, `times` times (a redelivery).
   */
  async function refundedAtPaymob(orderId: string, egp: number, times = 1) {
    const paid = await paymentOf(orderId);
    const res = await fetch(`${simulator.url}/api/acceptance/void_refund/refund`, {
      method: 'POST',
      headers: { authorization: `Token ${SECRETS.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction_id: Number(paid?.transactionId), amount_cents: egp * 100 }),
    });
    expect(res.status).toBe(200);
    const part = (await res.json()) as Transaction;
    await expect.poll(() => simulator.notified.find((n) => n.transaction.id === part.id)?.status).toBe(200);
    for (let i = 1; i < times; i++)
      expect((await callback(part, signTransaction(part, SECRETS.hmacSecret))).statusCode).toBe(200);
  }

  it('parts refunded at Paymob add up: the order shows them and offers the rest, and is cancelled once they cover the bill', async () => {
    const admin = await createAdmin(t.app);
    const { user, product, order } = await paidOrder();
    await refundedAtPaymob(order._id, 30, 2);
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', refunded: 3000 });
    expect((await paymentOf(order._id))?.state).toBe('paid');
    expect(await stockOf(product.id)).toBe(7);
    const rest = { refundable: { of: 'bill', amount: 60 }, refundPending: null, refundUnheard: null };
    expect(await refundAsStaffReadIt(admin, user, order._id)).toEqual([rest, rest, rest]);
    const mine = await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: user.headers });
    expect((mine.json() as Order).refund).toMatchObject({ amount: 30, whole: false, method: 'card' });

    await refundedAtPaymob(order._id, 60);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 9000 });
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    expect(await stockOf(product.id)).toBe(10);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
    expect(await auditsFor('payment_refunded', order._id)).toHaveLength(2);
  });

  it('after a part refunded at Paymob, the shop’s refund gives back the rest, and no more', async () => {
    const admin = await createAdmin(t.app);
    const { product, order } = await paidOrder();
    await refundedAtPaymob(order._id, 30);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: admin.headers,
      payload: { amount: 60.01 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(API_MSG.refundMoreThanLeft(60, 30));
    const sent = giveBacks();

    const res = await refund(admin, order._id);
    expect(res.statusCode).toBe(200);
    expect(giveBacks()).toBe(sent + 1);
    // Not a void, though it is the same day: a void would cancel the whole payment, part of which went back already.
    expect(simulator.received.at(-1)).toMatchObject({
      path: '/api/acceptance/void_refund/refund',
      body: { amount_cents: 6000 },
    });
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 9000 });
    expect(await stockOf(product.id)).toBe(10);
    const [logged] = await auditsFor('order_refunded', order._id);
    expect(logged?.data).toMatchObject({ from: 'paid', to: 'cancelled', amount: 60 });
  });

  it('after a part refunded at Paymob, a refund of the rest that failed half-way is asked again once it settles: the part is not taken for it', async () => {
    const admin = await createAdmin(t.app);
    const { order } = await paidOrder();
    await refundedAtPaymob(order._id, 30);
    simulator.refuseGiveBacks('error');
    expect((await refund(admin, order._id)).statusCode).toBe(502);
    const sent = giveBacks();

    t.clock.advance(REFUND_SETTLE_MS + 1000);
    // Paymob says 30 EGP of the payment went back: the part the shop knows of, so the earlier request gave nothing.
    expect((await refund(admin, order._id)).statusCode).toBe(200);
    expect(giveBacks()).toBe(sent + 1);
    expect(simulator.received.at(-1)).toMatchObject({ body: { amount_cents: 6000 } });
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 9000 });
  });
});
