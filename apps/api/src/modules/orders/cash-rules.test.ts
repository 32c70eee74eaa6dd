import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_MSG,
  API_MSG_AR,
  CARD_ORDER_TTL_MS,
  type AdminOrderDetail,
  type AdminOrdersPage,
  type Order,
  type OrderForStaff,
  type PaymentStatus,
  REFUND_SETTLE_MS,
} from '@shop/contracts';
import { auditLogs, cartItems, orderConfirmations, orders, payments, products } from '../../db/schema.js';
import { expireUnpaidOrders } from './expiry.js';
import { giveDepositsBack } from './deposit.js';
import { giveBackLeft } from '../payments/give-back-recovery.js';
import { AfterCommit } from './lifecycle.js';
import { requestRefund } from '../payments/refund-request.js';
import { paymentsService } from '../payments/service.js';
import { OutcomeUnknown } from '../payments/provider.js';
import {
  confirmByShopper,
  createAdmin,
  createTestApp,
  moveOrder,
  placeOrderOf,
  registerShopper,
  TEST_COD_SETTINGS,
  type Account,
  type TestContext,
  createStaff,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { cashOrders } from '../../../test/cash-orders.js';
import { PHONES_ASKED_WINDOW_MS } from './phones-asked.js';

/**
 * The shop's cash rules acting (orders/cash-rules.ts): on the checkout's orders and the staff's, asked beforehand by
 * GET /api/order/cash and the staff's quote, and refused with a 400 naming the rule whatever the client sends.
 */
let t: TestContext;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  admin = await createAdmin(t.app);
});
afterAll(() => t?.close());

const { newMobile, addressTo, setCod, fillCart, placeCash, offerFor, refusedParcels, depositOrder } = cashOrders(
  () => ({
    t,
    admin,
  }),
);

const setStatus = (orderId: string, status: string) =>
  t.app.db.update(orders).set({ status }).where(eq(orders.id, orderId));

describe('the largest cash bill', () => {
  it('refuses cash over it, says why before and when placing, and takes a card for the same cart', async () => {
    await setCod({ maxCashBill: 500 });
    const user = await registerShopper(t.app);
    const phone = newMobile().local;
    // 480 + 21 shipping + 9 cash fee: 510 EGP, over 500.
    await fillCart(user, await createProduct(t.app.db, { price: 480, stock: 5 }));
    expect(await offerFor(user, phone)).toEqual({ cash: 'online', refusal: 'cash_bill_over_limit', limit: 500 });

    const refused = await placeCash(user, phone);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cash_bill_over_limit', message: API_MSG.cashBillOverLimit(500) });
    const arabic = await placeCash(user, phone, 'ar');
    expect(arabic.json()).toMatchObject({ code: 'cash_bill_over_limit', message: API_MSG_AR.cashBillOverLimit(500) });
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    const card = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: user.headers,
      payload: { deliveryAddress: addressTo(phone), paymentMethod: 'visa' },
    });
    expect(card.statusCode).toBe(201);
  });

  it('takes cash up to it, and any bill once the limit is taken off', async () => {
    await setCod({ maxCashBill: 510 });
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 480, stock: 5 });
    await fillCart(user, product);
    expect(await offerFor(user, newMobile().local)).toEqual({ cash: 'cash' });
    expect((await placeCash(user, newMobile().local)).statusCode).toBe(201);

    await setCod({ maxCashBill: null });
    await fillCart(user, product, 3);
    expect((await placeCash(user, newMobile().local)).statusCode).toBe(201);
  });
});

describe('open cash orders per phone', () => {
  it('refuses the order past the limit to one phone, whoever places it, until one is delivered or cancelled', async () => {
    await setCod({ maxOpenCashOrders: 2, maxCashBill: null });
    const phone = newMobile().local;
    const product = await createProduct(t.app.db, { price: 100, stock: 20 });
    const placed: { user: Account; order: Order }[] = [];
    for (let i = 0; i < 2; i++) {
      const user = await registerShopper(t.app);
      await fillCart(user, product);
      const res = await placeCash(user, phone);
      expect(res.statusCode).toBe(201);
      const [order] = res.json<Order[]>();
      if (order) placed.push({ user, order });
    }
    const third = await registerShopper(t.app);
    await fillCart(third, product);
    expect(await offerFor(third, phone)).toEqual({ cash: 'online', refusal: 'cash_orders_open', limit: 2 });
    const refused = await placeCash(third, phone);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cash_orders_open', message: API_MSG.cashOrdersOpen(2) });
    // Another phone is another count.
    expect(await offerFor(third, newMobile().local)).toEqual({ cash: 'cash' });

    // Shipped is still open; delivered is not.
    const [first, second] = placed;
    await setStatus(first?.order._id ?? '', 'shipped');
    expect((await placeCash(third, phone)).statusCode).toBe(400);
    await setStatus(first?.order._id ?? '', 'delivered');
    expect((await placeCash(third, phone)).statusCode).toBe(201);
    // The shopper cancelling one frees its place.
    expect(await offerFor(third, phone)).toMatchObject({ cash: 'online' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${second?.order._id}/cancel`,
      headers: second?.user.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await offerFor(third, phone)).toEqual({ cash: 'cash' });
  });

  it('lets only one of two orders at once take the last place', async () => {
    await setCod({ maxOpenCashOrders: 1, maxCashBill: null });
    const phone = newMobile().local;
    const product = await createProduct(t.app.db, { price: 100, stock: 20 });
    const shoppers = [await registerShopper(t.app), await registerShopper(t.app)];
    for (const user of shoppers) await fillCart(user, product);
    const answers = await Promise.all(shoppers.map((user) => placeCash(user, phone)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('parcels refused', () => {
  it('takes only online payment from a phone at the limit when the shop says so', async () => {
    await setCod({ maxCashBill: null, refusalsBeforeOnlineOnly: 2, refusalAction: 'online_only' });
    const phone = newMobile().local;
    const user = await registerShopper(t.app);
    await fillCart(user, await createProduct(t.app.db, { price: 100, stock: 5 }));
    await refusedParcels(phone, 1);
    expect(await offerFor(user, phone)).toEqual({ cash: 'cash' });
    await refusedParcels(phone, 1);
    expect(await offerFor(user, phone)).toEqual({ cash: 'online', refusal: 'cash_online_only', limit: null });
    const refused = await placeCash(user, phone, 'ar');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cash_online_only', message: API_MSG_AR.cashOnlineOnly });
    // The limit raised, the same phone pays cash again.
    await setCod({ maxCashBill: null, refusalsBeforeOnlineOnly: 3, refusalAction: 'online_only' });
    expect((await placeCash(user, phone)).statusCode).toBe(201);
  });
});

describe('a deposit first', () => {
  const startPaying = async (user: Account, orderId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: user.headers,
      payload: { order_id: orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ clientSecret: string }>().clientSecret;
  };
  const pay = (clientSecret: string, number = '4242 4242 4242 4242') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/offline/confirm',
      payload: { clientSecret, card: { number, exp: '12/40', cvc: '123' } },
    });
  const orderOf = async (user: Account, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: user.headers })).json<Order>();

  it('is paid online for the delivery fees; the order then waits for its confirmation, the rest due at the door', async () => {
    const { user, order } = await depositOrder();
    expect(order).toMatchObject({ status: 'pending', bill: 230, deposit: { amount: 30, state: 'due' } });
    // Nothing asked yet, and the cart stays until the deposit is paid.
    expect(await t.app.db.select().from(orderConfirmations).where(eq(orderConfirmations.orderId, order._id))).toEqual(
      [],
    );
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);

    const secret = await startPaying(user, order._id);
    const [intent] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(intent?.amount).toBe(3000);
    expect((await pay(secret)).json()).toMatchObject({ status: 'succeeded', amount: 3000 });

    expect(await orderOf(user, order._id)).toMatchObject({
      status: 'awaiting_confirmation',
      deposit: { amount: 30, state: 'paid' },
    });
    expect(
      await t.app.db.select().from(orderConfirmations).where(eq(orderConfirmations.orderId, order._id)),
    ).toHaveLength(1);
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
  });

  it('failed, leaves the order unpaid, and expired, gives its stock back', async () => {
    const { user, product, order } = await depositOrder();
    const secret = await startPaying(user, order._id);
    expect((await pay(secret, '4000 0000 0000 0002')).json()).toMatchObject({ status: 'requires_payment_method' });
    expect(await orderOf(user, order._id)).toMatchObject({ status: 'pending', deposit: { state: 'due' } });
    expect((await t.app.db.select().from(products).where(eq(products.id, product.id)))[0]?.stock).toBe(3);

    t.clock.advance(CARD_ORDER_TTL_MS + 60_000);
    try {
      await expireUnpaidOrders(t.app);
    } finally {
      t.clock.advance(-(CARD_ORDER_TTL_MS + 60_000));
    }
    expect(await orderOf(user, order._id)).toMatchObject({ status: 'cancelled', deposit: { state: 'due' } });
    expect((await t.app.db.select().from(products).where(eq(products.id, product.id)))[0]?.stock).toBe(5);
  });

  it('is given back through the provider when the shop cancels the order', async () => {
    const { user, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    const cancel = (by: Account) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/${order._id}/status`,
        headers: by.headers,
        payload: { status: 'cancelled', reason: 'Out of the colour' },
      });
    // Money goes back with it: the orders desk, which moves orders but gives no refunds, may not.
    const agent = await createStaff(t.app, 'orders');
    const refused = await cancel(agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: API_MSG.depositBackNotAllowed });
    const cancelled = await cancel(admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 30, state: 'refunded' },
      refund: { amount: 30, whole: false, method: 'card' },
    });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.state).toBe('refunded');
    const [given] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'deposit_refunded'));
    expect(given?.data).toMatchObject({ orderId: order._id, amount: 30 });
  });

  it('is given back from the confirmation desk only by an agent whose role gives refunds', async () => {
    const { user, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    const desk = (by: Account, step: 'claim' | 'outcome', payload?: object, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/confirmations/${order._id}/${step}`,
        headers: { ...by.headers, 'accept-language': language },
        ...(payload ? { payload } : {}),
      });
    // The orders desk works the queue but gives no refunds: a wrong number or a cancellation would pay the deposit back.
    const agent = await createStaff(t.app, 'orders');
    expect((await desk(agent, 'claim')).statusCode).toBe(200);
    const refunds = countedRefunds();
    try {
      const wrong = await desk(agent, 'outcome', { outcome: 'wrong_number' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ message: API_MSG.depositBackNotAllowed });
      const cancelled = await desk(agent, 'outcome', { outcome: 'cancelled', reason: 'Changed her mind' }, 'ar');
      expect(cancelled.statusCode).toBe(403);
      expect(cancelled.json()).toMatchObject({ message: API_MSG_AR.depositBackNotAllowed });
      expect(await orderOf(user, order._id)).toMatchObject({
        status: 'awaiting_confirmation',
        deposit: { amount: 30, state: 'paid' },
        refund: null,
      });
      expect(refunds).not.toHaveBeenCalled();
      // The order stays theirs to record what else the call gave; then an owner takes it and cancels it.
      expect((await desk(agent, 'outcome', { outcome: 'no_answer' })).statusCode).toBe(204);
      expect((await desk(admin, 'claim')).statusCode).toBe(200);
      expect((await desk(admin, 'outcome', { outcome: 'wrong_number' })).statusCode).toBe(204);
      expect(refunds).toHaveBeenCalledTimes(1);
    } finally {
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 30, state: 'refunded' },
    });
  });

  /** The provider that took the deposit (the offline one), its refunds counted; restored when the test ends. */
  function countedRefunds() {
    return vi.spyOn(t.app.payments.named('offline'), 'refund');
  }
  const cancelOwn = (user: Account, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: user.headers, payload: {} });
  const cancelByShop = (orderId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
  const refundByShop = (orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/order/${orderId}/refund`, headers: admin.headers, payload: {} });
  const auditsOf = async (action: string, orderId: string) =>
    (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, action))).filter(
      (a) => (a.data as { orderId?: string } | null)?.orderId === orderId,
    );

  it('is given back once, however many cancel at once or ask again, and the order says so', async () => {
    const { user, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    const refunds = countedRefunds();
    try {
      const answers = await Promise.all([
        cancelOwn(user, order._id),
        cancelByShop(order._id),
        cancelOwn(user, order._id),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      // Asked again once cancelled: the shop's refund and another cancellation are refused, the provider not asked.
      expect((await refundByShop(order._id)).statusCode).toBe(409);
      expect((await cancelOwn(user, order._id)).statusCode).toBe(409);
      expect(refunds).toHaveBeenCalledTimes(1);
      expect(refunds.mock.calls[0]?.[0]).toMatchObject({ amount: 3000, paid: 3000 });
    } finally {
      refunds.mockRestore();
    }

    // The record: the payment given back, the order's refund, one audit entry.
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.state).toBe('refunded');
    expect(await auditsOf('deposit_refunded', order._id)).toHaveLength(1);
    expect(await auditsOf('deposit_refund_failed', order._id)).toEqual([]);
    // The order's page: cancelled, the deposit refunded, shown as a refund of part of the bill to the card.
    const shown = await orderOf(user, order._id);
    expect(shown).toMatchObject({ status: 'cancelled', deposit: { amount: 30, state: 'refunded' } });
    expect(shown.refund).toEqual({
      amount: 30,
      whole: false,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: 'card',
      paidBackBy: null,
    });
    expect(shown.statusHistory.filter((h) => h.status === 'cancelled')).toHaveLength(1);
  });

  it('refused by the provider, is marked for an admin to give back by hand, not asked again; the order is cancelled all the same', async () => {
    const { user, product, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    const refunds = countedRefunds().mockRejectedValueOnce(new Error('declined'));
    try {
      const cancelled = await cancelOwn(user, order._id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The pass that gives back what a stopped process left does not ask for it again, even once its request settles.
      await laterPass();
      expect(refunds).toHaveBeenCalledTimes(1);
    } finally {
      refunds.mockRestore();
    }
    const shown = await orderOf(user, order._id);
    expect(shown).toMatchObject({ status: 'cancelled', deposit: { amount: 30, state: 'refund_failed' }, refund: null });
    expect((await t.app.db.select().from(products).where(eq(products.id, product.id)))[0]?.stock).toBe(5);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.state).toBe('paid');
    const [failed] = await auditsOf('deposit_refund_failed', order._id);
    expect(failed?.message).toContain('refund it by hand');
    expect(await auditsOf('deposit_refunded', order._id)).toEqual([]);
    // The shop's refund does not ask the provider again: the guide sends the admin to its dashboard, or to record it.
    expect((await refundByShop(order._id)).statusCode).toBe(409);
  });

  it('refused by the provider and given back by hand, is recorded once by an admin; the order stays cancelled', async () => {
    const { user, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    const refunds = countedRefunds().mockRejectedValueOnce(new Error('declined'));
    try {
      expect((await cancelOwn(user, order._id)).statusCode).toBe(200);
    } finally {
      refunds.mockRestore();
    }
    const page = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order._id}`, headers: admin.headers })
      ).json<AdminOrderDetail>();
    const record = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/order/${order._id}/refund`, headers: admin.headers, payload });
    // While the provider's request stands its refund may yet go through: nothing is recorded given back meanwhile.
    expect((await page()).refundable).toBeNull();
    const early = await record({ deposit: true, paidBackBy: 'InstaPay' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(API_MSG.refundPending);
    // Once it settled, the dashboard offers to record it given back, as it does a refused parcel's kept fees.
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      expect((await page()).refundable).toEqual({ of: 'deposit', amount: 30 });
      // How it went back is required, and at most the deposit.
      expect((await record({ deposit: true })).statusCode).toBe(400);
      expect((await record({ deposit: true, paidBackBy: 'InstaPay', amount: 31 })).statusCode).toBe(400);

      const asked = countedRefunds();
      try {
        const recorded = await record({ deposit: true, paidBackBy: 'InstaPay' });
        expect(recorded.statusCode, recorded.body).toBe(200);
        // Recorded, not asked of the provider again.
        expect(asked).not.toHaveBeenCalled();
      } finally {
        asked.mockRestore();
      }
      expect(await orderOf(user, order._id)).toMatchObject({
        status: 'cancelled',
        deposit: { amount: 30, state: 'refunded' },
        refund: { amount: 30, paidBackBy: 'InstaPay' },
      });
      const [given, ...more] = await auditsOf('deposit_refunded', order._id);
      expect(more).toEqual([]);
      expect(given?.message).toContain(`of cancelled order ${order._id} paid back by InstaPay: 30 EGP`);
      // The shopper's payment says so too, as when the provider gives it back.
      const status = await t.app.inject({ url: `/api/payment/status/${order._id}`, headers: user.headers });
      expect(status.json<PaymentStatus>().payment).toMatchObject({ amount: 30, state: 'refunded' });
      // Owed no more: nothing offered, and a second record is refused.
      expect((await page()).refundable).toBeNull();
      const again = await record({ deposit: true, paidBackBy: 'InstaPay' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(API_MSG.depositGivenBack);
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
    }
  });

  it('given back by hand, marks its own payment, never a second payment the shop still owes back', async () => {
    const { user, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    // The deposit's payment went back at the provider meanwhile, and a second one, refused its give-back, is owed.
    await t.app.db.update(payments).set({ state: 'refunded' }).where(eq(payments.orderId, order._id));
    const second = `second-${order._id}`;
    await t.app.db.insert(payments).values({
      providerRef: second,
      orderId: order._id,
      provider: 'offline',
      method: 'card',
      clientSecret: 'second',
      state: 'paid',
      amount: 3_000,
      paidAt: t.clock.now(),
      giveBack: 'refund_failed',
    });
    const refunds = countedRefunds().mockRejectedValue(new Error('declined'));
    try {
      expect((await cancelOwn(user, order._id)).statusCode).toBe(200);
    } finally {
      refunds.mockRestore();
    }
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      const recorded = await t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/refund`,
        headers: admin.headers,
        payload: { deposit: true, paidBackBy: 'InstaPay' },
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
    }
    const [owed] = await t.app.db.select().from(payments).where(eq(payments.providerRef, second));
    expect(owed).toMatchObject({ state: 'paid', giveBack: 'refund_failed' });
  });

  /** Cancelled by its shopper on a process that stops right after the commit: nothing after it runs. */
  async function cancelThenStop(user: Account, orderId: string) {
    const stop = vi.spyOn(AfterCommit.prototype, 'run').mockResolvedValue();
    try {
      const cancelled = await cancelOwn(user, orderId);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      stop.mockRestore();
    }
  }
  /** A pass once every request written down has settled, as it runs some time later on any instance. */
  async function laterPass() {
    t.clock.advance(REFUND_SETTLE_MS + 60_000);
    try {
      return await giveBackLeft(t.app);
    } finally {
      t.clock.advance(-(REFUND_SETTLE_MS + 60_000));
    }
  }
  /** A paid deposit's order, cancelled by a process that stopped before giving the deposit back. */
  async function leftRefunding() {
    const { user, order } = await depositOrder();
    await pay(await startPaying(user, order._id));
    await cancelThenStop(user, order._id);
    expect(await orderOf(user, order._id)).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 30, state: 'refunding' },
      refund: null,
    });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    if (!payment) throw new Error('no payment');
    return { user, order, payment };
  }
  /** The provider's refunds of this payment. */
  const refundsOf = (refunds: ReturnType<typeof countedRefunds>, providerRef: string) =>
    refunds.mock.calls.filter(([asked]) => asked.providerRef === providerRef);

  it('left refunding by a process stopped after the cancellation, is given back once by the next pass', async () => {
    const { user, order, payment } = await leftRefunding();
    const refunds = countedRefunds();
    try {
      expect(await giveBackLeft(t.app)).toBeGreaterThanOrEqual(1);
      expect(refundsOf(refunds, payment.providerRef)).toEqual([
        [expect.objectContaining({ amount: 3000, paid: 3000 })],
      ]);
      // Again, now and once every request has settled: it is given back, so nobody asks again.
      await giveBackLeft(t.app);
      await laterPass();
      expect(refundsOf(refunds, payment.providerRef)).toHaveLength(1);
    } finally {
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 30, state: 'refunded' },
      refund: { amount: 30, whole: false, method: 'card' },
    });
    const [given] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(given?.state).toBe('refunded');
    expect(await auditsOf('deposit_refunded', order._id)).toHaveLength(1);
    expect(await auditsOf('deposit_refund_failed', order._id)).toEqual([]);
  });

  it('is asked for once when the pass meets the after-commit of another instance still under way', async () => {
    const { user, order, payment } = await leftRefunding();
    // The provider answers slowly, so that both are under way at once.
    const refunds = countedRefunds().mockImplementation(
      () => new Promise((resolve) => setTimeout(() => resolve('refunded'), 50)),
    );
    try {
      await Promise.all([giveDepositsBack(t.app, [order._id]), giveBackLeft(t.app)]);
      expect(refundsOf(refunds, payment.providerRef)).toHaveLength(1);
    } finally {
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({ deposit: { state: 'refunded' } });
    expect(await auditsOf('deposit_refunded', order._id)).toHaveLength(1);
  });

  it('is held while a stopped process may have asked for it, and asked for once that request has settled', async () => {
    const { user, order, payment } = await leftRefunding();
    // The stopped process had written its request down: the provider may have given the money back, and its
    // callback would say so within REFUND_SETTLE_MS.
    expect(await requestRefund(t.app.db, order._id, t.clock.now(), null)).toBe('first');
    const refunds = countedRefunds();
    try {
      await giveBackLeft(t.app);
      expect(refundsOf(refunds, payment.providerRef)).toEqual([]);
      await laterPass();
      expect(refundsOf(refunds, payment.providerRef)).toHaveLength(1);
    } finally {
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({ deposit: { state: 'refunded' } });
  });

  it('asked for by a stopped process, and the provider cannot say what became of it: left for an admin, not asked again', async () => {
    const { user, order, payment } = await leftRefunding();
    expect(await requestRefund(t.app.db, order._id, t.clock.now(), null)).toBe('first');
    const offline = t.app.payments.named('offline');
    const asked = vi.spyOn(offline, 'givenBack').mockRejectedValue(new OutcomeUnknown(502, 'timed out'));
    const refunds = countedRefunds();
    try {
      await laterPass();
      await laterPass();
      expect(asked.mock.calls).toEqual([[expect.objectContaining({ providerRef: payment.providerRef, paid: 3000 })]]);
      expect(refundsOf(refunds, payment.providerRef)).toEqual([]);
    } finally {
      asked.mockRestore();
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({ deposit: { state: 'refund_failed' }, refund: null });
    const [failed, ...more] = await auditsOf('deposit_refund_failed', order._id);
    expect(more).toEqual([]);
    expect(failed?.message).toMatch(/did not say what became of it: check at the provider .* refund it by hand if not/);
  });

  it('asked for by a stopped process, and the provider says it gave the deposit back: recorded, not asked again', async () => {
    const { user, order, payment } = await leftRefunding();
    expect(await requestRefund(t.app.db, order._id, t.clock.now(), null)).toBe('first');
    const asked = vi.spyOn(t.app.payments.named('offline'), 'givenBack').mockResolvedValue('refunded');
    const refunds = countedRefunds();
    try {
      await laterPass();
      await laterPass();
      expect(asked).toHaveBeenCalledTimes(1);
      expect(refundsOf(refunds, payment.providerRef)).toEqual([]);
    } finally {
      asked.mockRestore();
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({
      deposit: { state: 'refunded' },
      refund: { amount: 30, whole: false, method: 'card' },
    });
    expect(await auditsOf('deposit_refunded', order._id)).toHaveLength(1);
  });

  it('left refunding and refused in the pass, is marked for an admin, not asked for again; the provider’s callback ends it', async () => {
    const { user, order, payment } = await leftRefunding();
    const refunds = countedRefunds().mockImplementation(async (asked) => {
      if (asked.providerRef === payment.providerRef) throw new Error('declined');
      return 'refunded';
    });
    try {
      await giveBackLeft(t.app);
      await giveBackLeft(t.app);
      await laterPass();
      expect(refundsOf(refunds, payment.providerRef)).toHaveLength(1);
    } finally {
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({ deposit: { state: 'refund_failed' }, refund: null });
    const failed = await auditsOf('deposit_refund_failed', order._id);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.message).toContain('refund it by hand');

    // The admin gives it back from the provider's dashboard: the provider's refund callback marks it.
    const calledBack = t.clock.now().getTime();
    await paymentsService(t.app).receive(t.app.payments.named('offline'), {
      id: `evt_deposit_back_${order._id}`,
      kind: 'refunded',
      orderId: order._id,
      providerRef: payment.providerRef,
      amount: 3000,
      currency: 'EGP',
      transactionId: null,
      reference: null,
      message: null,
    });
    // The order's page shows the deposit given back, and when: the refund the callback finished.
    const shown = await orderOf(user, order._id);
    expect(shown).toMatchObject({
      deposit: { state: 'refunded' },
      refund: { amount: 30, whole: false, method: 'card' },
    });
    expect(Date.parse(shown.refund?.at ?? '')).toBeGreaterThanOrEqual(calledBack);
  });

  it('whose refund the provider finishes later, shows the refund’s amount and date once its callback says so', async () => {
    const { user, order, payment } = await leftRefunding();
    // The provider takes the request but does not say it is done (Fawry's refund is finished by its callback).
    const refunds = countedRefunds().mockRejectedValue(new OutcomeUnknown(502, 'timed out'));
    try {
      await giveBackLeft(t.app);
    } finally {
      refunds.mockRestore();
    }
    expect(await orderOf(user, order._id)).toMatchObject({ deposit: { state: 'refund_failed' }, refund: null });
    t.clock.advance(60_000);
    const calledBack = t.clock.now().getTime();
    // Its callback names no amount (Fawry's PARTIAL_REFUNDED): the deposit is what its request asked for.
    await paymentsService(t.app).receive(t.app.payments.named('offline'), {
      id: `evt_deposit_later_${order._id}`,
      kind: 'refunded',
      orderId: order._id,
      providerRef: payment.providerRef,
      amount: 0,
      currency: 'EGP',
      transactionId: null,
      reference: null,
      message: null,
    });
    const shown = await orderOf(user, order._id);
    expect(shown).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 30, state: 'refunded' },
      refund: { amount: 30, whole: false, method: 'card' },
    });
    expect(Date.parse(shown.refund?.at ?? '')).toBeGreaterThanOrEqual(calledBack);
  });

  it('ships with only the rest to collect at the door', async () => {
    const { user, order } = await depositOrder();
    await setCod({
      maxCashBill: null,
      refusalsBeforeOnlineOnly: 2,
      refusalAction: 'deposit',
      confirmation: { ...TEST_COD_SETTINGS.confirmation, enabled: false },
    });
    await pay(await startPaying(user, order._id));
    expect(await orderOf(user, order._id)).toMatchObject({ status: 'confirmed', deposit: { state: 'paid' } });
  });

  it('refused at the door, tells staff its refund records the kept fees until they went back; a delivered one, its bill', async () => {
    const as = (by: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });
    /** What the dashboard's refund of the order gives back, the same on its page, the orders list and its buyer's. */
    const refundable = async (order: Order, user: Account) => {
      const page = (await as(admin, 'GET', `/api/admin/orders/${order._id}`)).json<AdminOrderDetail>();
      const listed = (await as(admin, 'GET', `/api/admin/orders?q=${order._id.slice(0, 8)}`)).json<AdminOrdersPage>();
      const theirs = (await as(admin, 'GET', `/api/order/admin/${user.id}`)).json<OrderForStaff[]>();
      expect(listed.orders.find((o) => o._id === order._id)?.refundable).toEqual(page.refundable);
      expect(theirs.find((o) => o._id === order._id)?.refundable).toEqual(page.refundable);
      return page.refundable;
    };
    const shippedWithDeposit = async () => {
      const { user, order } = await depositOrder();
      await pay(await startPaying(user, order._id));
      await confirmByShopper(t.app, order._id);
      await moveOrder(t.app, admin, order._id, 'shipped', { trackingNumber: `EG-${order._id.slice(0, 8)}` });
      return { user, order };
    };

    // Refused at the door: its delivery fees paid online are kept, and all its refund may do is record them given back.
    const refused = await shippedWithDeposit();
    await moveOrder(t.app, admin, refused.order._id, 'returned');
    expect(await refundable(refused.order, refused.user)).toEqual({ of: 'deposit', amount: 30 });
    // The refund agrees: the bill, never collected, is refused; the kept fees are recorded given back.
    const ofTheBill = await as(admin, 'POST', `/api/order/${refused.order._id}/refund`, { paidBackBy: 'cash' });
    expect(ofTheBill.statusCode).toBe(409);
    const recorded = { paidBackBy: 'InstaPay', deposit: true };
    expect((await as(admin, 'POST', `/api/order/${refused.order._id}/refund`, recorded)).statusCode).toBe(200);
    // Given back: nothing left to give.
    expect(await refundable(refused.order, refused.user)).toBeNull();

    // Delivered, its deposit is part of the sale: nothing to give back until it is sent back, then the bill.
    const delivered = await shippedWithDeposit();
    await moveOrder(t.app, admin, delivered.order._id, 'delivered');
    expect(await refundable(delivered.order, delivered.user)).toBeNull();
    const asked = await as(delivered.user, 'POST', `/api/order/${delivered.order._id}/return`, { reason: 'Too small' });
    expect(asked.statusCode, asked.body).toBe(200);
    await moveOrder(t.app, admin, delivered.order._id, 'returned');
    expect(await refundable(delivered.order, delivered.user)).toEqual({ of: 'bill', amount: 230 });

    // Paid online: the bill.
    const shopper = await registerShopper(t.app);
    const card = await placeOrderOf(
      t.app,
      shopper,
      [[await createProduct(t.app.db, { price: 100 }), 1]],
      ADDRESS,
      'visa',
    );
    expect(await refundable(card, shopper)).toBeNull();
    await pay(await startPaying(shopper, card._id));
    expect(await refundable(card, shopper)).toEqual({ of: 'bill', amount: card.bill });
  });
});

describe('phones a shopper asks about', () => {
  const phonesAsked = { cash: 'online', refusal: 'cash_phones_asked', limit: null };
  // A shop of its own: the suite's raises the address's allowance, as many test shoppers ask from one address.
  let own: TestContext;
  let owner: Account;
  beforeAll(async () => {
    own = await createTestApp({ RATE_LIMIT_MAX: '1000000', CASH_PHONES_PER_ADDRESS: '12' });
    owner = await createAdmin(own.app);
  });
  afterAll(() => own?.close());
  const { newMobile, setCod, fillCart, placeCash, offerFor, refusedParcels } = cashOrders(() => ({
    t: own,
    admin: owner,
  }));

  it("tells a shopper of a day's few phones, refuses cash to one more without a word of its record, and forgets", async () => {
    await setCod({ maxCashBill: null, refusalsBeforeOnlineOnly: 1, refusalAction: 'online_only' });
    const from = '203.0.113.10';
    const user = await registerShopper(own.app);
    await fillCart(user, await createProduct(own.app.db, { price: 100, stock: 5 }));
    const refusing = newMobile().local;
    await refusedParcels(refusing, 1);
    const others = Array.from({ length: own.app.config.CASH_PHONES_PER_SHOPPER - 1 }, () => newMobile().local);
    expect(await offerFor(user, refusing, from)).toMatchObject({ refusal: 'cash_online_only' });
    for (const phone of others) expect(await offerFor(user, phone, from)).toEqual({ cash: 'cash' });

    // One phone more: a number that refused parcels and a clean one are answered alike.
    const alsoRefusing = newMobile().local;
    await refusedParcels(alsoRefusing, 1);
    expect(await offerFor(user, alsoRefusing, from)).toEqual(phonesAsked);
    expect(await offerFor(user, newMobile().local, from)).toEqual(phonesAsked);
    const placed = await placeCash(user, alsoRefusing, 'en', from);
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toMatchObject({ code: 'cash_phones_asked', message: API_MSG.cashPhonesAsked });
    const arabic = await placeCash(user, alsoRefusing, 'ar', from);
    expect(arabic.json()).toMatchObject({ code: 'cash_phones_asked', message: API_MSG_AR.cashPhonesAsked });
    expect(await own.app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    // The day's phones are answered as before; the bill's own limit is the shopper's to know whatever the phone.
    expect(await offerFor(user, refusing, from)).toMatchObject({ refusal: 'cash_online_only' });
    await setCod({ maxCashBill: 50 });
    expect(await offerFor(user, newMobile().local, from)).toMatchObject({ refusal: 'cash_bill_over_limit' });
    await setCod({ maxCashBill: null, refusalsBeforeOnlineOnly: 1, refusalAction: 'online_only' });
    // Another shopper, elsewhere, is told; and a day later, so is this one.
    const neighbour = await registerShopper(own.app);
    await fillCart(neighbour, await createProduct(own.app.db, { price: 100, stock: 5 }));
    expect(await offerFor(neighbour, alsoRefusing, '203.0.113.11')).toMatchObject({ refusal: 'cash_online_only' });
    own.clock.advance(PHONES_ASKED_WINDOW_MS);
    try {
      expect(await offerFor(user, alsoRefusing, from)).toMatchObject({ refusal: 'cash_online_only' });
      const placedNow = await placeCash(user, others[0] ?? '', 'en', from);
      expect(placedNow.statusCode, placedNow.body).toBe(201);
    } finally {
      own.clock.advance(-PHONES_ASKED_WINDOW_MS);
    }
  });

  it("counts a client address's phones whatever the accounts, and never the staff's", async () => {
    await setCod({ maxCashBill: null });
    const from = '2001:db8:5:7::1';
    const product = await createProduct(own.app.db, { price: 100, stock: 5 });
    const perShopper = own.app.config.CASH_PHONES_PER_SHOPPER;
    const shoppers = Math.ceil(own.app.config.CASH_PHONES_PER_ADDRESS / perShopper);
    for (let asked = 0, i = 0; i < shoppers; i++) {
      const user = await registerShopper(own.app);
      await fillCart(user, product);
      for (let j = 0; j < perShopper && asked < own.app.config.CASH_PHONES_PER_ADDRESS; j++, asked++)
        expect(await offerFor(user, newMobile().local, from)).toEqual({ cash: 'cash' });
    }
    const next = await registerShopper(own.app);
    await fillCart(next, product);
    const phone = newMobile().local;
    // Another address of the same /64 is the same client.
    expect(await offerFor(next, phone, '2001:db8:5:7::2')).toEqual(phonesAsked);
    expect((await placeCash(next, phone, 'en', from)).json()).toMatchObject({ code: 'cash_phones_asked' });
    expect(await offerFor(next, phone, '2001:db8:5:8::1')).toEqual({ cash: 'cash' });

    const quote = await own.app.inject({
      method: 'POST',
      url: '/api/admin/orders/quote',
      headers: owner.headers,
      remoteAddress: from,
      payload: { items: [{ product_id: product.id, quantity: 1 }], state: 'Cairo', paymentMethod: 'cash', phone },
    });
    expect(quote.json()).toMatchObject({ cash: { cash: 'cash' } });
    const taken = await own.app.inject({
      method: 'POST',
      url: '/api/admin/orders',
      headers: owner.headers,
      remoteAddress: from,
      payload: {
        customerPhone: newMobile().local,
        customerName: 'Hany Fathy',
        items: [{ product_id: product.id, quantity: 1 }],
        deliveryAddress: { ...ADDRESS, phone },
        paymentMethod: 'cash',
        source: 'phone',
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);
  });
});

describe('orders taken by staff', () => {
  it('obey the same rules, and the quote says why before placing', async () => {
    await setCod({ maxCashBill: 300, refusalsBeforeOnlineOnly: 2, refusalAction: 'online_only' });
    const product = await createProduct(t.app.db, { price: 150, stock: 9 });
    const phone = newMobile().local;
    const items = [{ product_id: product.id, quantity: 2 }];
    const quote = (quantity: number, forPhone = phone) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/orders/quote',
        headers: admin.headers,
        payload: {
          items: [{ product_id: product.id, quantity }],
          state: 'Cairo',
          paymentMethod: 'cash',
          phone: forPhone,
        },
      });
    // 300 + 30 fees: over 300.
    expect((await quote(2)).json()).toMatchObject({
      bill: 330,
      cash: { cash: 'online', refusal: 'cash_bill_over_limit', limit: 300 },
    });
    const order = (payment: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/orders',
        headers: admin.headers,
        payload: {
          customerPhone: newMobile().local,
          customerName: 'Hany Fathy',
          items,
          deliveryAddress: addressTo(phone),
          paymentMethod: payment,
          source: 'phone',
        },
      });
    const refused = await order('cash');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cash_bill_over_limit', message: API_MSG.cashBillOverLimit(300) });
    expect((await order('link')).statusCode).toBe(201);

    await refusedParcels(phone, 2);
    expect((await quote(1)).json()).toMatchObject({ cash: { cash: 'online', refusal: 'cash_online_only' } });
    expect((await quote(1, newMobile().local)).json()).toMatchObject({ cash: { cash: 'cash' } });
  });
});
