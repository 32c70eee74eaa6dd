import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Coupon, Order } from '@shop/contracts';
import { cartItems, coupons, orders, payments } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS as address, createProduct } from '../../../test/fixtures.js';
import { asAnotherClient } from '../../../test/nested-connections.js';
import { untilWaiting } from '../../../test/lock-waits.js';

/**
 * A checkout and a payment start of the same shopper at the same moment (docs/decisions/paying-order-kept.md, Races):
 * the payment start locks the shopper's row before the order's, as the checkout does, so the two take turns and
 * neither fails on a deadlock. A checkout coming second sees the payment under way and leaves its order standing; one
 * coming first replaces the order, whose payment then does not start. Each test holds one row from a connection of its
 * own, so that the two requests meet inside their transactions, as racing ones do.
 * Two transactions truly at once need PostgreSQL: PGlite runs one at a time.
 */

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t?.close());

const DECLINED_CARD = { number: '4000 0000 0000 0002', exp: '12/40', cvc: '123' };

const startPaying = (shopper: Account, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: shopper.headers,
    payload: { order_id: orderId },
  });

const checkOut = (shopper: Account, coupon?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: shopper.headers,
    payload: { deliveryAddress: address, paymentMethod: 'visa', ...(coupon ? { coupon } : {}) },
  });

/**
 * A shopper whose card order's first payment was declined, so that paying again puts the payment under way once more
 * in the start's own transaction, and who has since put something else in the cart, to check out in another tab.
 */
async function declinedAndShopping(): Promise<{ shopper: Account; paid: Order }> {
  const shopper = await registerShopper(t.app);
  const paid = await placeOrderOf(
    t.app,
    shopper,
    [[await createProduct(t.app.db, { price: 120 }), 1]],
    address,
    'visa',
  );
  const started = await startPaying(shopper, paid._id);
  expect(started.statusCode).toBe(200);
  const { clientSecret } = started.json<{ clientSecret: string }>();
  const declined = await t.app.inject({
    method: 'POST',
    url: '/api/payment/offline/confirm',
    payload: { clientSecret, card: DECLINED_CARD },
  });
  expect(declined.json()).toMatchObject({ status: 'requires_payment_method' });
  const other = await createProduct(t.app.db, { price: 80 });
  await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: other.id, quantity: 1 });
  return { shopper, paid };
}

const statusOf = async (orderId: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const paymentOf = async (orderId: string) =>
  (await t.app.db.select({ state: payments.state }).from(payments).where(eq(payments.orderId, orderId)))[0]?.state;

describe.runIf(process.env.TEST_DATABASE_URL)('a checkout while the same shopper pays again', () => {
  it('coming second, waits its turn and leaves the order being paid standing', async () => {
    const { shopper, paid } = await declinedAndShopping();
    let paying: ReturnType<typeof startPaying> | undefined;
    let checkout: ReturnType<typeof checkOut> | undefined;
    // The payment start stops at the order's row, which the test holds, and the checkout comes while it waits there.
    await transaction(t.app.db, async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, paid._id)).for('share');
      paying = asAnotherClient(() => startPaying(shopper, paid._id));
      await untilWaiting(t.app.db, 1);
      checkout = asAnotherClient(() => checkOut(shopper));
      await untilWaiting(t.app.db, 2);
    });
    const [pay, placed] = await Promise.all([paying, checkout]);

    expect(pay?.statusCode, pay?.body).toBe(200);
    expect(placed?.statusCode, placed?.body).toBe(201);
    expect(placed?.json<Order[]>().map((order) => order._id)).not.toContain(paid._id);
    expect(await statusOf(paid._id)).toBe('pending');
    expect(await paymentOf(paid._id)).toBe('started');
  });

  it('coming first, replaces the order, and paying it again is refused rather than failing on a deadlock', async () => {
    const { shopper, paid } = await declinedAndShopping();
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.headers,
      payload: { code: `RACE${Date.now() % 100_000}`, kind: 'percent', value: 10 },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const { _id: couponId, code } = coupon.json<Coupon>();
    let checkout: ReturnType<typeof checkOut> | undefined;
    let paying: ReturnType<typeof startPaying> | undefined;
    // The checkout stops at the coupon's row, which the test holds as another shopper's checkout with the same
    // coupon would, with the shopper's row already in hand; the payment start comes while it waits there.
    await transaction(t.app.db, async (tx) => {
      await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('no key update');
      checkout = asAnotherClient(() => checkOut(shopper, code));
      await untilWaiting(t.app.db, 1);
      paying = asAnotherClient(() => startPaying(shopper, paid._id));
      await untilWaiting(t.app.db, 2);
    });
    const [placed, pay] = await Promise.all([checkout, paying]);

    expect(placed?.statusCode, placed?.body).toBe(201);
    expect(await statusOf(paid._id)).toBe('cancelled');
    // The order is gone: there is nothing to pay, and its declined payment stays declined.
    expect(pay?.statusCode, pay?.body).toBe(409);
    expect(await paymentOf(paid._id)).toBe('failed');
  });
});
