import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CARD_REFUND_DAYS, type AdminStats, type Order, type OrderStatus } from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { orders } from '../../db/schema.js';
import { renderOrderMail } from '../messaging/email/templates/render.js';
import { renderMessage } from '../messaging/render.js';
import type { QueuedMessage } from '../messaging/queue.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const call = (account: Account, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
const move = (id: string, status: OrderStatus, extra: object = {}) =>
  call(admin, 'PUT', `/api/order/${id}/status`, { status, ...extra });
const ownOrder = async (user: Account, id: string) =>
  ((await call(user, 'GET', '/api/order')).json() as Order[]).find((o) => o._id === id);
const refundedFigure = async () =>
  ((await call(admin, 'GET', '/api/admin/stats')).json() as AdminStats).ordersByStatus.refunded;

/** An SMS of the order's message as the sender would hand it to the provider. */
const sms = (order: Order, kind: string, language: 'en' | 'ar') =>
  renderMessage(
    'sms',
    { id: 1, kind, channel: 'sms', to: '01012345678', language, orderId: order._id, payload: null } as QueuedMessage,
    order,
    'https://shop.example',
  ).text;

async function paidCardOrder(user: Account) {
  const product = await createProduct(t.app.db, { stock: 4, price: 1000 });
  const order = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'visa');
  const intent = await call(user, 'POST', '/api/payment/create-payment-intent', { order_id: order._id });
  const { clientSecret } = intent.json() as { clientSecret: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payment/offline/confirm',
    payload: { clientSecret, card: { number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' } },
  });
  expect(paid.statusCode).toBe(200);
  return order;
}

describe('a refund shown as a refund', () => {
  it('part of a paid card bill: amount, date and the way back on the order, its message and the overview', async () => {
    const user = await registerShopper(t.app);
    const order = await paidCardOrder(user);
    const before = await refundedFigure();
    expect((await ownOrder(user, order._id))?.refund).toBeNull();

    const res = await call(admin, 'POST', `/api/order/${order._id}/refund`, { amount: 250.5 });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await ownOrder(user, order._id);
    expect(shown?.status).toBe('cancelled');
    expect(shown?.refund).toEqual({
      amount: 250.5,
      whole: false,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: 'card',
      paidBackBy: null,
    });
    // The overview counts it where the money went.
    expect(await refundedFigure()).toBe(before + 1);

    const mail = renderOrderMail('cancelled', shown as Order, 'en', 'https://shop.example');
    expect(mail.text).toMatch(/Refunded: EGP\s250\.50 of the EGP\s1,000 bill\./);
    expect(mail.text).toContain(`It goes back to your card within ${CARD_REFUND_DAYS} working days.`);
    expect(mail.html).toMatch(/Refunded: EGP\s250\.50/);
    expect(sms(shown as Order, 'cancelled', 'en')).toMatch(
      /we refunded EGP\s250\.50 of the EGP\s1,000 bill for order #/,
    );
    expect(sms(shown as Order, 'cancelled', 'ar')).toContain('بطاقتك');
  });

  it('a whole returned cash order, paid back by InstaPay', async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 3, price: 400 });
    const order = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'cash');
    expect((await move(order._id, 'shipped', { trackingNumber: 'EG-7' })).statusCode).toBe(200);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    expect((await call(user, 'POST', `/api/order/${order._id}/return`, { reason: 'Too big' })).statusCode).toBe(200);
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    const res = await call(admin, 'POST', `/api/order/${order._id}/refund`, { paidBackBy: 'InstaPay' });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await ownOrder(user, order._id);
    expect(shown?.status).toBe('refunded');
    expect(shown?.refund).toMatchObject({ amount: order.bill, whole: true, method: 'cash', paidBackBy: 'InstaPay' });
    const mail = renderOrderMail('refunded', shown as Order, 'ar', 'https://shop.example');
    expect(mail.text).toContain('الفاتورة كلها');
    expect(mail.text).toContain('عبر إنستاباي');
    // The invoice reads the same order.
    expect(((await call(user, 'GET', `/api/order/${order._id}`)).json() as Order).refund).toEqual(shown?.refund);
  });

  it("a cash order's deposit given back online by an instalment plan reads as online; one paid back by hand, in its words", async () => {
    const user = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 3, price: 400 });
    const order = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'cash');
    // The deposit's record as the provider's refund callback writes it (payments/service.ts: the paying method's
    // name, here valU's) and as an admin's record of a kept deposit writes it (the way in their words).
    const givenBack = (refundedBy: string) =>
      t.app.db
        .update(orders)
        .set({ deposit: 3000, depositState: 'refunded', refunded: 3000, refundedAt: new Date(), refundedBy })
        .where(eq(orders.id, order._id));
    await givenBack('valu');
    expect((await ownOrder(user, order._id))?.refund).toMatchObject({ amount: 30, method: 'card', paidBackBy: null });
    for (const way of ['cash', 'bank transfer', 'InstaPay']) {
      await givenBack(way);
      expect((await ownOrder(user, order._id))?.refund).toMatchObject({ method: 'cash', paidBackBy: way });
    }
  });

  it('refuses more than the bill, and leaves the order as it was', async () => {
    const user = await registerShopper(t.app);
    const order = await paidCardOrder(user);
    const res = await call(admin, 'POST', `/api/order/${order._id}/refund`, { amount: order.bill + 1 });
    expect(res.statusCode).toBe(400);
    const shown = await ownOrder(user, order._id);
    expect(shown?.status).toBe('paid');
    expect(shown?.refund).toBeNull();
  });
});
