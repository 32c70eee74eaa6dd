import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_MSG,
  CARD_ORDER_TTL_MS,
  formatPrice,
  type Order,
  type PaymentConfig,
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
import { mailsTo } from '../../../../test/outbox.js';
import { freePort } from '../../../../test/security/server-process.js';
import { expireUnpaidOrders } from '../../orders/expiry.js';
import { AfterCommit } from '../../orders/lifecycle.js';
import { giveBackLeft } from '../give-back-recovery.js';
import { loseGivingBack } from '../../../../test/lost-writes.js';
import { startPaymobSimulator } from '../paymob/simulator.js';
import { pollUnsettledPayments } from '../poll.js';
import { FAWRY_TEST_CARD, startFawrySimulator } from './simulator.js';
import { notificationSignature, refundSignature, type Notification } from './wire.js';

/**
 * Several providers in one shop: cards and a valU instalment plan through Paymob, references through Fawry, each
 * against its simulator, which posts its signed callbacks to the shop's real port.
 */

const PAYMOB = { secretKey: 'egy_sk_test_shop', publicKey: 'egy_pk_test_shop', hmacSecret: 'HMAC_TEST_SECRET' };
const FAWRY = { merchantCode: 'fawry_test_merchant', securityKey: 'fawry_test_key' };
const CARD = 4200001;
const VALU = 4205001;

let t: TestContext;
let paymob: Awaited<ReturnType<typeof startPaymobSimulator>>;
let fawry: Awaited<ReturnType<typeof startFawrySimulator>>;

beforeAll(async () => {
  paymob = await startPaymobSimulator({ ...PAYMOB, integrations: { card: CARD }, instalments: { valu: VALU } });
  fawry = await startFawrySimulator(FAWRY);
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
    PAYMOB_SECRET_KEY: PAYMOB.secretKey,
    PAYMOB_PUBLIC_KEY: PAYMOB.publicKey,
    PAYMOB_HMAC_SECRET: PAYMOB.hmacSecret,
    PAYMOB_CARD_INTEGRATION_ID: String(CARD),
    PAYMOB_INSTALMENT_INTEGRATIONS: `valu:${VALU}`,
    PAYMOB_API_URL: paymob.url,
    FAWRY_MERCHANT_CODE: FAWRY.merchantCode,
    FAWRY_SECURITY_KEY: FAWRY.securityKey,
    FAWRY_API_URL: fawry.url,
    FAWRY_METHODS: 'reference',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await paymob?.close();
  await fawry?.close();
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
const start = (user: Account, orderId: string, method: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: user.headers,
    payload: { order_id: orderId, method },
  });
const statusOf = async (user: Account, orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/payment/status/${orderId}`, headers: user.headers })
  ).json() as PaymentStatus;
const orderStatus = async (id: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const historyOf = async (id: string) =>
  (await t.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).map((h) => h.status);
const stockOf = async (id: string) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;
const paymentOf = async (orderId: string) =>
  (await t.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const notify = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/payment/fawry/notification', payload: body as Record<string, unknown> });

/** The shopper pays on the Paymob checkout page (by card unless told), and is sent back. */
async function payAtPaymob(checkout: URL, fields: Record<string, string> = { card: '5123456789012346' }) {
  const paid = await fetch(new URL('/unifiedcheckout/pay', checkout), {
    method: 'POST',
    body: new URLSearchParams({ clientSecret: checkout.searchParams.get('clientSecret') ?? '', ...fields }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** The refunds the shop asked Fawry for on `reference`, oldest first. */
const refundsAskedFor = (reference: string) =>
  fawry.received.filter(
    (r) => r.path.endsWith('/refund') && (r.body as { referenceNumber?: string }).referenceNumber === reference,
  );

/** A Fawry reference for a new order of the shopper's: the order, its payment row and the reference. */
async function referenceOrder(user: Account, product: ProductFixture, quantity = 1) {
  const order = await onlineOrder(user, [[product, quantity]]);
  const res = await start(user, order._id, 'fawry');
  expect(res.statusCode, res.body).toBe(200);
  const payment = await paymentOf(order._id);
  if (!payment?.reference) throw new Error('no reference');
  return { order, payment, reference: payment.reference };
}

/** A notification of the charge as Fawry would sign it, with some fields changed and signed again. */
function signed(merchantRefNum: string, change: Partial<Notification> = {}): Notification {
  const base = fawry.notificationOf(merchantRefNum);
  if (!base) throw new Error('no such charge');
  const { messageSignature: _, ...unsigned } = { ...base, ...change };
  return { ...unsigned, messageSignature: notificationSignature(unsigned, FAWRY.securityKey) };
}

describe('several providers in one shop', () => {
  it('offers each method with the one provider that serves it, and the instalment plans', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    const config = res.json() as PaymentConfig;
    expect(config.provider).toBe('paymob');
    expect(config.methods).toEqual(['card', 'valu']);
    expect(config.offers).toEqual([
      { method: 'card', provider: 'paymob' },
      { method: 'valu', provider: 'paymob' },
      { method: 'fawry', provider: 'fawry' },
    ]);
    expect(config.instalments).toEqual([{ method: 'valu', minBill: 0, months: [6, 12], interestPercent: 0 }]);
  });

  it('takes a card through Paymob and a reference through Fawry side by side', async () => {
    const product = await createProduct(t.app.db, { price: 250, stock: 5 });
    const [byCard, byReference] = [await registerShopper(t.app), await registerShopper(t.app)];

    const cardOrder = await onlineOrder(byCard, [[product, 1]]);
    const card = await start(byCard, cardOrder._id, 'card');
    expect(card.statusCode).toBe(200);
    const checkout = new URL((card.json() as { checkoutUrl: string }).checkoutUrl);
    expect(checkout.origin).toBe(paymob.url);
    await payAtPaymob(checkout);
    expect(await orderStatus(cardOrder._id)).toBe('paid');

    const { order, payment, reference } = await referenceOrder(byReference, product, 2);
    expect(payment).toMatchObject({ provider: 'fawry', method: 'fawry', state: 'pending', amount: order.bill * 100 });
    // The charge Fawry got: the amount in EGP, the expiry at the order's, signed with the merchant's key.
    const charge = fawry.received.find(
      (r) => (r.body as { merchantRefNum?: string }).merchantRefNum === payment.providerRef,
    );
    expect(charge?.body).toMatchObject({
      merchantCode: FAWRY.merchantCode,
      paymentMethod: 'PAYATFAWRY',
      amount: order.bill,
      orderWebHookUrl: expect.stringMatching(/\/api\/payment\/fawry\/notification$/),
    });
    const status = await statusOf(byReference, order._id);
    expect(status).toMatchObject({
      status: 'pending',
      payment: { method: 'fawry', provider: 'fawry', state: 'pending', reference, amount: order.bill },
    });
    expect(new Date(status.payment?.expiresAt ?? '').getTime()).toBe(payment.expiresAt?.getTime());
    // The shopper's message tells the same: reference, amount and until when.
    const told = (await mailsTo(t, byReference.email)).find((mail) => mail.subject.includes('at Fawry'));
    expect(told?.text).toContain(reference);
    expect(told?.text).toContain(formatPrice(order.bill, 'en-EG'));

    expect(await fawry.payReference(reference)).toBe(200);
    expect(await orderStatus(order._id)).toBe('paid');
    expect(await paymentOf(order._id)).toMatchObject({ state: 'paid', transactionId: reference });
    expect(await stockOf(product.id)).toBe(2);
  });
});

describe('orders being paid', () => {
  it('are not replaced by a newer checkout of other items: each is paid later and kept, nothing given back', async () => {
    const shopper = await registerShopper(t.app);
    const [atKiosk, byCard, later] = [
      await createProduct(t.app.db, { price: 40, stock: 5 }),
      await createProduct(t.app.db, { price: 50, stock: 5 }),
      await createProduct(t.app.db, { price: 60, stock: 5 }),
    ];
    // A Fawry reference to pay at a kiosk…
    const { order: kiosk, reference } = await referenceOrder(shopper, atKiosk, 2);
    // …then a card paid on Paymob's page, the shopper sent back before Paymob's callback came.
    const card = await onlineOrder(shopper, [[byCard, 1]]);
    paymob.holdCallbacks(card._id);
    await payAtPaymob(new URL((await start(shopper, card._id, 'card')).json<{ checkoutUrl: string }>().checkoutUrl));
    expect((await statusOf(shopper, card._id)).payment?.state).toBe('started');

    // Meanwhile the shopper checks out something else.
    const newer = await onlineOrder(shopper, [[later, 1]]);
    expect([await orderStatus(kiosk._id), await orderStatus(card._id)]).toEqual(['pending', 'pending']);

    expect(await paymob.releaseCallbacks(card._id)).toEqual([200]);
    expect(await fawry.payReference(reference)).toBe(200);
    expect(await historyOf(kiosk._id)).toEqual(['pending', 'paid']);
    expect(await historyOf(card._id)).toEqual(['pending', 'paid']);
    expect(await orderStatus(newer._id)).toBe('pending');
    // Each unit taken from stock once, and no money given back.
    expect([await stockOf(atKiosk.id), await stockOf(byCard.id), await stockOf(later.id)]).toEqual([3, 4, 4]);
    for (const order of [kiosk, card])
      expect(await paymentOf(order._id)).toMatchObject({ state: 'paid', giveBack: null });
    expect(refundsAskedFor(reference)).toEqual([]);
    expect(paymob.received.filter((r) => r.path.includes('void_refund'))).toEqual([]);
  });
});

describe("a card on Fawry's own page", () => {
  // A shop whose only provider is Fawry, with cards turned on: the card method is Fawry's.
  let cardShop: TestContext;
  beforeAll(async () => {
    const port = await freePort();
    cardShop = await createTestApp({
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      FAWRY_MERCHANT_CODE: FAWRY.merchantCode,
      FAWRY_SECURITY_KEY: FAWRY.securityKey,
      FAWRY_API_URL: fawry.url,
      FAWRY_METHODS: 'reference,card',
    });
    await cardShop.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => cardShop?.close());

  it('is paid with the test card and declined with another, as Fawry tells the shop', async () => {
    const config = (await cardShop.app.inject({ url: '/api/payment/config' })).json() as PaymentConfig;
    // Fawry is the main provider: the offline test cards never stand in for a real provider's.
    expect(config).toMatchObject({ provider: 'fawry', hostedCheckout: true });
    expect(config.offers).toEqual([
      { method: 'fawry', provider: 'fawry' },
      { method: 'card', provider: 'fawry' },
    ]);
    const product = await createProduct(cardShop.app.db, { price: 300, stock: 5 });
    const shopper = await registerShopper(cardShop.app);
    for (const [card, status] of [
      ['4111 1111 1111 1111', 'pending'],
      [FAWRY_TEST_CARD, 'paid'],
    ] as const) {
      const order = await placeOrderOf(cardShop.app, shopper, [[product, 1]], address, 'visa');
      const started = await cardShop.app.inject({
        method: 'POST',
        url: '/api/payment/create-payment-intent',
        headers: shopper.headers,
        payload: { order_id: order._id, method: 'card' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const page = new URL((started.json() as { checkoutUrl: string }).checkoutUrl);
      expect(`${page.origin}${page.pathname}`).toBe(`${fawry.url}/atfawry/plugin/card`);
      // The charge Fawry got asks for a card and sends the shopper back to the order's status page.
      expect(fawry.received.at(-1)?.body).toMatchObject({
        merchantCode: FAWRY.merchantCode,
        paymentMethod: 'CARD',
        returnUrl: expect.stringContaining(`/PaymentStatus?order=${order._id}`),
      });
      const paid = await fetch(new URL('/atfawry/plugin/card', fawry.url), {
        method: 'POST',
        body: new URLSearchParams({ ref: page.searchParams.get('ref') ?? '', card }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const [row] = await cardShop.app.db.select().from(orders).where(eq(orders.id, order._id));
      // A declined card leaves the order waiting for another try until it expires.
      expect(row?.status).toBe(status);
    }
  });
});

describe('Fawry notifications', () => {
  it('changes nothing for a notification unsigned, forged, of another amount or of no known order', async () => {
    const product = await createProduct(t.app.db, { price: 120, stock: 3 });
    const shopper = await registerShopper(t.app);
    const { order, payment } = await referenceOrder(shopper, product);
    const paidNote = signed(payment.providerRef, { orderStatus: 'PAID' });

    const { messageSignature: _, ...unsigned } = paidNote;
    expect((await notify(unsigned)).statusCode).toBe(400);
    expect((await notify({ ...paidNote, messageSignature: 'a'.repeat(64) })).statusCode).toBe(400);
    // Signed with another key: someone who is not Fawry.
    const { messageSignature: __, ...rest } = paidNote;
    expect((await notify({ ...rest, messageSignature: notificationSignature(rest, 'not-the-key') })).statusCode).toBe(
      400,
    );
    // Fields changed after signing.
    expect((await notify({ ...paidNote, orderAmount: 1 })).statusCode).toBe(400);
    // Genuinely signed, but not the order's amount.
    const less = signed(payment.providerRef, { orderStatus: 'PAID', orderAmount: 1, paymentAmount: 1 });
    expect((await notify(less)).statusCode).toBe(400);
    // Genuinely signed, for a merchant reference the shop never made.
    const stranger = signed(payment.providerRef, { orderStatus: 'PAID', merchantRefNumber: '999' });
    expect((await notify(stranger)).statusCode).toBe(200);

    expect(await orderStatus(order._id)).toBe('pending');
    expect((await paymentOf(order._id))?.state).toBe('pending');
    const refused = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'amount_mismatch'));
    expect(refused.some((l) => (l.data as { orderId?: string }).orderId === order._id)).toBe(true);
  });

  it('applies a notification once: a replay changes nothing', async () => {
    const product = await createProduct(t.app.db, { price: 80, stock: 3 });
    const shopper = await registerShopper(t.app);
    const { order, payment } = await referenceOrder(shopper, product);
    const paidNote = signed(payment.providerRef, { orderStatus: 'PAID' });
    expect((await notify(paidNote)).statusCode).toBe(200);
    expect((await notify(paidNote)).statusCode).toBe(200);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid']);
    const events = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `fawry:${payment.providerRef}:paid`));
    expect(events).toHaveLength(1);
  });

  it('learns of a payment whose notification never came by asking Fawry', async () => {
    const product = await createProduct(t.app.db, { price: 60, stock: 3 });
    const shopper = await registerShopper(t.app);
    const { order, reference } = await referenceOrder(shopper, product);
    fawry.loseNotifications(true);
    try {
      expect(await fawry.payReference(reference)).toBe(200);
    } finally {
      fawry.loseNotifications(false);
    }
    expect(await orderStatus(order._id)).toBe('pending');
    expect(await pollUnsettledPayments(t.app)).toBeGreaterThan(0);
    expect(await orderStatus(order._id)).toBe('paid');
  });

  it('learns by asking Fawry of a reference paid after its order was cancelled, and gives the money back once', async () => {
    const product = await createProduct(t.app.db, { price: 65, stock: 3 });
    const shopper = await registerShopper(t.app);
    const { order, payment, reference } = await referenceOrder(shopper, product);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/cancel`,
      headers: shopper.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Fawry cannot withdraw a reference: it is paid at an outlet all the same, and the notification never comes.
    fawry.loseNotifications(true);
    try {
      expect(await fawry.payReference(reference)).toBe(200);
    } finally {
      fawry.loseNotifications(false);
    }
    await pollUnsettledPayments(t.app);
    expect(await paymentOf(order._id)).toMatchObject({ state: 'refunded', giveBack: 'paid_after_cancel' });
    expect(refundsAskedFor(reference)).toHaveLength(1);

    // Asked again, and the lost notification delivered after all: nothing is given back twice.
    await pollUnsettledPayments(t.app);
    expect((await notify(signed(payment.providerRef, { orderStatus: 'PAID' }))).statusCode).toBe(200);
    expect(refundsAskedFor(reference)).toHaveLength(1);
    expect(await historyOf(order._id)).toEqual(['pending', 'cancelled']);
    const given = (
      await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'paid_after_cancel_refunded'))
    ).filter((l) => (l.data as { orderId?: string } | null)?.orderId === order._id);
    expect(given).toHaveLength(1);
  });

  it('frees the stock of an order whose reference expired unpaid', async () => {
    const product = await createProduct(t.app.db, { price: 75, stock: 4 });
    const shopper = await registerShopper(t.app);
    const { order, reference } = await referenceOrder(shopper, product, 3);
    expect(await stockOf(product.id)).toBe(1);
    // A pending reference holds its order past the card's half hour…
    t.clock.advance(CARD_ORDER_TTL_MS + 60_000);
    try {
      await expireUnpaidOrders(t.app);
      expect(await orderStatus(order._id)).toBe('pending');
      // …until Fawry says it expired.
      expect(await fawry.expireReference(reference)).toBe(200);
      expect((await paymentOf(order._id))?.state).toBe('failed');
      await expireUnpaidOrders(t.app);
    } finally {
      t.clock.advance(-(CARD_ORDER_TTL_MS + 60_000));
    }
    expect(await orderStatus(order._id)).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(4);
  });

  it('gives a paid reference back through Fawry', async () => {
    const product = await createProduct(t.app.db, { price: 99.5, stock: 2 });
    const shopper = await registerShopper(t.app);
    const admin = await createAdmin(t.app);
    const { order, payment, reference } = await referenceOrder(shopper, product);
    await fawry.payReference(reference);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(order._id)).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(2);
    const refund = refundsAskedFor(reference)[0]?.body as
      { refundAmount: number; signature: string; reason: string } | undefined;
    expect(refund?.refundAmount).toBe(order.bill);
    expect(refund?.signature).toBe(
      refundSignature(
        {
          merchantCode: FAWRY.merchantCode,
          referenceNumber: reference,
          refundAmount: order.bill,
          reason: refund?.reason ?? '',
        },
        FAWRY.securityKey,
      ),
    );
    // Fawry's REFUNDED notification follows and changes nothing more.
    await expect
      .poll(() => fawry.notified.filter((n) => n.notification.merchantRefNumber === payment.providerRef).length)
      .toBe(2);
    expect(await historyOf(order._id)).toEqual(['pending', 'paid', 'cancelled']);
  });
});

describe('a partial refund whose answer was lost', () => {
  it('is finalised by Fawry’s PARTIAL_REFUNDED notification with the amount asked for, and a retry is refused', async () => {
    const product = await createProduct(t.app.db, { price: 100, stock: 3 });
    const shopper = await registerShopper(t.app);
    const admin = await createAdmin(t.app);
    const { order, payment, reference } = await referenceOrder(shopper, product);
    await fawry.payReference(reference);
    expect(await orderStatus(order._id)).toBe('paid');
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/refund`,
        headers: admin.headers,
        payload: { amount: 40 },
      });
    const refundsAsked = () => refundsAskedFor(reference).length;
    // Fawry gives the 40 EGP back but fails before answering: the admin is told it failed.
    fawry.failRefundsHalfWay(true);
    try {
      expect((await refund()).statusCode).toBe(502);
    } finally {
      fawry.failRefundsHalfWay(false);
    }
    // Its notification says PARTIAL_REFUNDED, without the amount: the order moves on with the 40 EGP asked for.
    await expect.poll(() => orderStatus(order._id)).toBe('cancelled');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ refunded: 4000 });
    expect(await stockOf(product.id)).toBe(3);
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    expect(fawry.notificationOf(payment.providerRef)?.orderStatus).toBe('PARTIAL_REFUNDED');
    // Once the request would have lapsed, asking again is refused: the money is not given back twice.
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      const again = await refund();
      expect(again.statusCode).toBe(409);
      expect(refundsAsked()).toBe(1);
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
    }
  });
});

describe('a payment given back at Fawry that the shop could not record', () => {
  it('is recorded by the pass of a later process from Fawry’s status, and never refunded twice', async () => {
    const shopper = await registerShopper(t.app);
    const { order, payment, reference } = await referenceOrder(
      shopper,
      await createProduct(t.app.db, { price: 70, stock: 3 }),
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/cancel`,
      headers: shopper.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Paid at an outlet after all, on a process that stops right after recording the payment.
    const stop = vi.spyOn(AfterCommit.prototype, 'run').mockResolvedValue();
    try {
      await fawry.payReference(reference);
    } finally {
      stop.mockRestore();
    }
    expect(await paymentOf(order._id)).toMatchObject({ state: 'paid', giveBack: 'paid_after_cancel' });

    // The pass gives it back at Fawry; the record cannot be written, and Fawry's notification never comes.
    const recordable = await loseGivingBack(t.app.db, payment.providerRef);
    fawry.loseNotifications(true);
    try {
      await giveBackLeft(t.app);
    } finally {
      fawry.loseNotifications(false);
      await recordable();
    }
    expect(refundsAskedFor(reference)).toHaveLength(1);
    expect(fawry.notificationOf(payment.providerRef)?.orderStatus).toBe('REFUNDED');
    expect((await paymentOf(order._id))?.state).toBe('paid');

    // That process stops with the record it kept; a later one's pass, once the request has settled, asks Fawry.
    const stopped = vi.spyOn(t.app.payments.unrecorded, 'retry').mockResolvedValue();
    const asked = () =>
      fawry.received.filter(
        (r) =>
          r.path === '/ECommerceWeb/Fawry/payments/status/v2' &&
          (r.body as { merchantRefNumber?: string }).merchantRefNumber === payment.providerRef,
      ).length;
    const before = asked();
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      await giveBackLeft(t.app);
      await giveBackLeft(t.app);
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
      stopped.mockRestore();
    }
    expect(asked() - before).toBe(1);
    expect(refundsAskedFor(reference)).toHaveLength(1);
    expect((await paymentOf(order._id))?.state).toBe('refunded');
    const given = (
      await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'paid_after_cancel_refunded'))
    ).filter((l) => (l.data as { orderId?: string } | null)?.orderId === order._id);
    expect(given).toHaveLength(1);
    expect(given[0]?.message).toMatch(/was refunded \(as the provider said of an earlier request\)/);
  });
});

describe('instalments and bills of nothing', () => {
  it('takes a valU instalment through Paymob from the bill the merchant set', async () => {
    const admin = await createAdmin(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/payment/instalments/valu',
      headers: admin.headers,
      payload: { minBill: 1000, months: [24, 6, 12], interestPercent: 0 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ method: 'valu', minBill: 1000, months: [6, 12, 24], interestPercent: 0 });
    const anon = await t.app.inject({ method: 'PUT', url: '/api/payment/instalments/valu', payload: {} });
    expect(anon.statusCode).toBe(401);

    const shopper = await registerShopper(t.app);
    const cheap = await createProduct(t.app.db, { price: 300, stock: 3 });
    const small = await onlineOrder(shopper, [[cheap, 1]]);
    const refused = await start(shopper, small._id, 'valu');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(API_MSG.instalmentBelowMinimum(1000));

    const fridge = await createProduct(t.app.db, { price: 12000, stock: 3 });
    const order = await onlineOrder(shopper, [[fridge, 1]]);
    const res = await start(shopper, order._id, 'valu');
    expect(res.statusCode, res.body).toBe(200);
    const intention = paymob.received.at(-1)?.body as { payment_methods: number[] };
    expect(intention.payment_methods).toEqual([VALU]);
    await payAtPaymob(new URL((res.json() as { checkoutUrl: string }).checkoutUrl), { instalmentPhone: '01012345678' });
    expect(await orderStatus(order._id)).toBe('paid');
    expect(await paymentOf(order._id)).toMatchObject({ provider: 'paymob', method: 'valu', state: 'paid' });
  });

  it('confirms a bill of nothing at once, without starting any payment', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 40, stock: 2 });
    const code = `FREE${Date.now()}`;
    await t.app.db.insert(coupons).values({ code, kind: 'percent', value: 100, freeShipping: true });
    await t.app.db.insert(cartItems).values({
      userId: shopper.id,
      productId: product.id,
      quantity: 1,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: shopper.headers,
      payload: { deliveryAddress: address, paymentMethod: 'visa', coupon: code },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = res.json() as Order[];
    expect(order).toMatchObject({ bill: 0, status: 'confirmed' });
    expect(await stockOf(product.id)).toBe(1);
    expect((await start(shopper, order?._id ?? '', 'card')).statusCode).toBe(409);
    expect(await paymentOf(order?._id ?? '')).toBeUndefined();
  });
});
