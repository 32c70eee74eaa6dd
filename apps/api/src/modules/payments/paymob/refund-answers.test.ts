import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_MSG, REFUND_SETTLE_MS } from '@shop/contracts';
import { orders, orderStatusHistory, payments } from '../../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type TestContext,
} from '../../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../../test/fixtures.js';
import { freePort } from '../../../../test/security/server-process.js';
import { startPaymobSimulator } from './simulator.js';
import { REFUND_PATH, type RefundRequest } from './wire.js';

/**
 * A refund Paymob answered with HTTP 200 that does not say it was made (the answer cut off half-way, or pending) may
 * have given the money back: it is not a refusal, so its request stands and a retry is refused, not refunded twice.
 */

const SECRETS = { secretKey: 'egy_sk_test_shop', publicKey: 'egy_pk_test_shop', hmacSecret: 'HMAC_TEST_SECRET' };
const CARD = 4200001;

let t: TestContext;
let simulator: Awaited<ReturnType<typeof startPaymobSimulator>>;

beforeAll(async () => {
  simulator = await startPaymobSimulator({ ...SECRETS, integrations: { card: CARD } });
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
    PAYMOB_SECRET_KEY: SECRETS.secretKey,
    PAYMOB_PUBLIC_KEY: SECRETS.publicKey,
    PAYMOB_HMAC_SECRET: SECRETS.hmacSecret,
    PAYMOB_CARD_INTEGRATION_ID: String(CARD),
    PAYMOB_API_URL: simulator.url,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await simulator?.close();
  await t?.close();
});

const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];

it.each(['cut', 'pending'] as const)(
  'a refund Paymob answers %s stands: a retry is refused, Paymob is asked once, and its callback cancels the order once',
  async (answer) => {
    const admin = await createAdmin(t.app);
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { price: 1000, stock: 5 });
    const order = await placeOrderOf(t.app, shopper, [[product, 1]], ADDRESS, 'visa');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: shopper.headers,
      payload: { order_id: order._id, method: 'card' },
    });
    const checkout = new URL((started.json() as { checkoutUrl: string }).checkoutUrl);
    const paid = await fetch(new URL('/unifiedcheckout/pay', checkout), {
      method: 'POST',
      body: new URLSearchParams({
        clientSecret: checkout.searchParams.get('clientSecret') ?? '',
        card: '5123456789012346',
      }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await orderRow(order._id))?.status).toBe('paid');

    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/refund`,
        headers: admin.headers,
        payload: { amount: 300 },
      });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    const refundsAsked = () =>
      simulator.received.filter(
        (r) => r.path === REFUND_PATH && (r.body as RefundRequest).transaction_id === payment?.transactionId,
      ).length;
    simulator.holdCallbacks(order._id);
    simulator.refuseGiveBacks(answer);
    const first = await refund();
    expect(first.statusCode).toBe(502);
    expect(first.json().message).toBe(API_MSG.refundUnanswered(REFUND_SETTLE_MS / 60_000));
    const retry = await refund();
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(API_MSG.refundPending);
    expect((await orderRow(order._id))?.status).toBe('paid');

    // Paymob's callback of the 300 EGP it gave back settles the order, once.
    expect(await simulator.releaseCallbacks(order._id)).toEqual([200]);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', refunded: 30_000 });
    const history = await t.app.db
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order._id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((h) => h.status)).toEqual(['pending', 'paid', 'cancelled']);
    expect(refundsAsked()).toBe(1);
  },
);
