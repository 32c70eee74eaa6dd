import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  CONFIRMATION_CLAIM_MS,
  NOT_CONFIRMED_IN_TIME,
  type CodSettings,
  type ConfirmationQueue,
  type Order,
} from '@shop/contracts';
import { auditLogs, messages, orderStatusHistory, orders, products } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  TEST_COD_SETTINGS,
  UNKNOWN_ID,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { freePort } from '../../../test/security/server-process.js';
import { startWhatsAppSimulator, type WhatsAppSimulator } from '../messaging/whatsapp/simulator.js';
import fs from 'node:fs';
import path from 'node:path';
import { answerPayload } from './payload.js';

/**
 * Cash orders confirmed before they ship: by the WhatsApp buttons (through the simulator and the signed webhook), by
 * the link, by the window's pass, and by the agents' queue.
 */
const ENV = {
  WHATSAPP_ACCESS_TOKEN: 'test-whatsapp-token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000042',
  WHATSAPP_APP_SECRET: 'test-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'test-verify-token',
};
const HOUR = 60 * 60_000;

let t: TestContext;
let whatsapp: WhatsAppSimulator;
let admin: Account;
let agent2: Account;

beforeAll(async () => {
  whatsapp = await startWhatsAppSimulator({
    accessToken: ENV.WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: ENV.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: ENV.WHATSAPP_APP_SECRET,
  });
  const port = await freePort();
  t = await createTestApp({
    ...ENV,
    WHATSAPP_API_URL: whatsapp.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  whatsapp.setWebhook(`http://127.0.0.1:${port}/api/messaging/whatsapp/webhook`);
  admin = await createAdmin(t.app);
  agent2 = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await whatsapp?.close();
});

const statusOf = async (id: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const stockOf = async (id: string) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;
const historyOf = async (id: string) =>
  t.app.db
    .select({ status: orderStatusHistory.status, actor: orderStatusHistory.actor, reason: orderStatusHistory.reason })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.id);
const kindsOf = async (orderId: string) =>
  (
    await t.app.db
      .select({ kind: messages.kind })
      .from(messages)
      .where(eq(messages.orderId, orderId))
      .orderBy(messages.id)
  ).map((m) => m.kind);
const auditsOf = async (action: string) =>
  t.app.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id));

async function setCod(change: (s: CodSettings) => CodSettings) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/cod',
    headers: admin.headers,
    payload: change(structuredClone(TEST_COD_SETTINGS)),
  });
  expect(res.statusCode).toBe(200);
}

/** A shopper's cash order of one product with stock 5; by e-mail unless a WhatsApp shopper is given. */
async function cashOrder(shopper?: Account) {
  const user = shopper ?? (await registerShopper(t.app));
  const product = await createProduct(t.app.db, { stock: 5 });
  const order = await placeOrderOf(t.app, user, [[product, 2]], ADDRESS, 'cash', { confirm: false });
  return { user, product, order };
}

/** The signed link of an order's confirmation request. */
const linkOf = async (orderId: string) => t.app.confirmations.linkOf(orderId);
/** The e-mails the outbox holds for `to`, oldest first. */
const mailsTo = (to: string) => {
  const dir = path.join(t.dataDir, 'outbox');
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string })
    .filter((m) => m.to === to);
};
const tokenOf = async (orderId: string) => (await linkOf(orderId)).split('/confirm/')[1] ?? '';
const answer = (token: string, value: string) =>
  t.app.inject({ method: 'POST', url: `/api/order/confirm/${token}`, payload: { answer: value } });

let mobiles = 0;
/** A shopper signed in by a WhatsApp code: their channel is WhatsApp. */
async function whatsappShopper() {
  const local = `0155${String(process.pid % 1000).padStart(3, '0')}${String(5000 + mobiles++).padStart(4, '0')}`;
  await t.app.inject({ method: 'POST', url: '/api/auth/phone/start', payload: { phone: local, channel: 'whatsapp' } });
  await t.app.messageSender.flush();
  const code = whatsapp.list().at(-1)?.text.match(/\d{6}/)?.[0] ?? '';
  const session = (
    await t.app.inject({ method: 'POST', url: '/api/auth/phone/verify', payload: { phone: local, code, name: 'هدى' } })
  ).json<{ token: string; user: { _id: string } }>();
  const headers = { 'x-access-token': session.token, 'accept-language': 'ar' };
  return { wa: `2${local}`, account: { id: session.user._id, email: '', token: session.token, headers } };
}

describe('placing', () => {
  it('starts a cash order awaiting confirmation and asks by e-mail with the link; card orders are unchanged', async () => {
    const { order, user, product } = await cashOrder();
    expect(order.status).toBe('awaiting_confirmation');
    expect(await historyOf(order._id)).toEqual([{ status: 'awaiting_confirmation', actor: 'shopper', reason: null }]);
    expect(await kindsOf(order._id)).toEqual(['confirm_request']);
    await t.app.messageSender.flush();
    const mail = mailsTo(user.email).at(-1);
    expect(mail?.subject).toBe(`Please confirm your order ${order._id.slice(0, 8).toUpperCase()}`);
    expect(mail?.text).toMatch(new RegExp(`Confirm or cancel your order: http\\S+/confirm/${order._id}\\.[\\w-]+\\n`));
    expect(mail?.text).toContain(await linkOf(order._id));
    const card = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'visa');
    expect(card.status).toBe('pending');
  });

  it('starts cash orders confirmed when the shop turned confirmation off', async () => {
    await setCod((s) => ({ ...s, confirmation: { ...s.confirmation, enabled: false } }));
    try {
      const { order } = await cashOrder();
      expect(order.status).toBe('confirmed');
      expect(await kindsOf(order._id)).toEqual(['confirmed']);
    } finally {
      await setCod((s) => s);
    }
  });
});

describe('the link', () => {
  it('shows the order, confirms it once, and says so when answered again', async () => {
    const { order } = await cashOrder();
    const token = await tokenOf(order._id);
    const view = await t.app.inject({ method: 'GET', url: `/api/order/confirm/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ language: 'en', order: { _id: order._id, status: 'awaiting_confirmation' } });
    expect(view.json<{ order: Order }>().order.products).toHaveLength(1);

    const first = await answer(token, 'confirm');
    expect(first.json()).toEqual({ status: 'confirmed', changed: true });
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'confirmed', actor: 'shopper', reason: null });
    expect((await auditsOf('order_confirmation_answered'))[0]?.message).toBe(
      `The shopper confirmed order ${order._id} by the link`,
    );
    // A second answer, even the other one, changes nothing.
    const again = await answer(token, 'cancel');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'confirmed', changed: false });
    expect(await statusOf(order._id)).toBe('confirmed');
    expect(await kindsOf(order._id)).toEqual(['confirm_request', 'confirmed']);
  });

  it('cancels with the stock back', async () => {
    const { order, product } = await cashOrder();
    expect(await stockOf(product.id)).toBe(3);
    expect((await answer(await tokenOf(order._id), 'cancel')).json()).toEqual({ status: 'cancelled', changed: true });
    expect(await stockOf(product.id)).toBe(5);
    expect(await kindsOf(order._id)).toEqual(['confirm_request', 'cancelled']);
  });

  it('refuses a tampered token and an answer that is neither', async () => {
    const { order } = await cashOrder();
    const token = await tokenOf(order._id);
    const [id, signature = ''] = token.split('.');
    // Its first character changed: the last ones of a base64url signature carry few bits, and may already be "AA".
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [`${id}.${altered}`, `${UNKNOWN_ID}.${signature}`, `${id}`, `${id}.`];
    for (const bad of forged) {
      expect((await answer(bad, 'confirm')).statusCode, bad).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/order/confirm/${bad}` })).statusCode).toBe(404);
    }
    expect((await answer(token, 'maybe')).statusCode).toBe(400);
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');
  });
});

describe("the shopper's orders page", () => {
  const confirmOwn = (who: Account, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/order/${orderId}/confirm`, headers: who.headers });

  it('confirms their own order as the link does, which the agents then see confirmed', async () => {
    const { user, order } = await cashOrder();
    const queued = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/confirmations', headers: admin.headers }))
        .json<ConfirmationQueue>()
        .items.some((item) => item.order._id === order._id);
    expect(await queued()).toBe(true);

    const res = await confirmOwn(user, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ _id: order._id, status: 'confirmed' });
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'confirmed', actor: 'shopper', reason: null });
    expect((await auditsOf('order_confirmation_answered'))[0]).toMatchObject({
      userId: user.id,
      message: `The shopper confirmed order ${order._id} by their orders page`,
    });
    expect(await kindsOf(order._id)).toEqual(['confirm_request', 'confirmed']);
    // The agents' desk: gone from the queue, confirmed on the order's page.
    expect(await queued()).toBe(false);
    const seen = await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: admin.headers });
    expect(seen.json<Order>().status).toBe('confirmed');
  });

  it("refuses another shopper's order as not found and a decided one as a conflict", async () => {
    const { user, order } = await cashOrder();
    const other = await registerShopper(t.app);
    expect((await confirmOwn(other, order._id)).statusCode).toBe(404);
    expect((await confirmOwn(other, UNKNOWN_ID)).statusCode).toBe(404);
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');

    expect((await confirmOwn(user, order._id)).statusCode).toBe(200);
    const again = await confirmOwn(user, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order is no longer waiting for confirmation' });
    const arabic = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/confirm`,
      headers: { ...user.headers, 'accept-language': 'ar' },
    });
    expect(arabic.json<{ message: string }>().message).toBe('هذا الطلب لم يعد بانتظار التأكيد');
    expect((await historyOf(order._id)).filter((h) => h.status === 'confirmed')).toHaveLength(1);
  });
});

describe('the window', () => {
  it('reminds once at half the window and at its end leaves the order to the agents', async () => {
    const { order } = await cashOrder();
    t.clock.advance(11 * HOUR);
    await t.app.confirmations.flush();
    expect(await kindsOf(order._id)).toEqual(['confirm_request']);
    t.clock.advance(2 * HOUR);
    // Two instances at once: one reminder.
    const sibling = await t.sibling();
    await Promise.all([t.app.confirmations.flush(), sibling.confirmations.flush()]);
    await t.app.confirmations.flush();
    expect(await kindsOf(order._id)).toEqual(['confirm_request', 'confirm_reminder']);
    t.clock.advance(12 * HOUR);
    await t.app.confirmations.flush();
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');
    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/admin/confirmations', headers: admin.headers })
    ).json<ConfirmationQueue>();
    expect(queue.items.find((i) => i.order._id === order._id)).toMatchObject({ windowEnded: true, attempts: 0 });
    // Still good until decided: the shopper may confirm late.
    expect((await answer(await tokenOf(order._id), 'confirm')).json()).toEqual({ status: 'confirmed', changed: true });
    t.clock.advance(-25 * HOUR);
  });

  it('cancels an unanswered order at its end when the shop says so; the link then changes nothing', async () => {
    await setCod((s) => ({ ...s, confirmation: { enabled: true, windowHours: 2, onTimeout: 'cancel' } }));
    try {
      const { order, product, user } = await cashOrder();
      t.clock.advance(2 * HOUR + 60_000);
      await t.app.confirmations.flush();
      expect(await statusOf(order._id)).toBe('cancelled');
      expect((await historyOf(order._id)).at(-1)).toEqual({
        status: 'cancelled',
        actor: 'system',
        reason: NOT_CONFIRMED_IN_TIME,
      });
      expect(await stockOf(product.id)).toBe(5);
      expect(await kindsOf(order._id)).toEqual(['confirm_request', 'confirm_reminder', 'cancelled']);
      // The mail says why in the shopper's words, not in the history's.
      await t.app.messageSender.flush();
      expect(mailsTo(user.email).at(-1)?.text).toContain('Reason: It was not confirmed in time');
      expect((await answer(await tokenOf(order._id), 'confirm')).json()).toEqual({
        status: 'cancelled',
        changed: false,
      });
    } finally {
      t.clock.advance(-(2 * HOUR + 60_000));
      await setCod((s) => s);
    }
  });
});

describe('WhatsApp buttons', () => {
  it('asks with Confirm then Cancel, and a signed press confirms once; unsigned, replayed or foreign presses do nothing', async () => {
    const { wa, account } = await whatsappShopper();
    const { order } = await cashOrder(account);
    await t.app.messageSender.flush();
    const asked = whatsapp
      .list()
      .filter((m) => m.request.to === wa)
      .at(-1);
    expect(asked?.request.template).toMatchObject({ name: 'order_confirm_request', language: { code: 'ar' } });
    const buttons = asked?.request.template.components?.filter((c) => c.type === 'button');
    expect(buttons?.map((b) => [b.index, b.parameters[0]])).toEqual([
      ['0', { type: 'payload', payload: answerPayload(order._id, 'confirm') }],
      ['1', { type: 'payload', payload: answerPayload(order._id, 'cancel') }],
    ]);

    // Another phone pressing a button naming the order changes nothing.
    expect(await whatsapp.reply('201555999999', { buttonPayload: answerPayload(order._id, 'cancel') })).toBe(200);
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');

    expect(await whatsapp.reply(wa, { buttonPayload: answerPayload(order._id, 'confirm'), buttonText: 'تأكيد' })).toBe(
      200,
    );
    const press = whatsapp.notified.at(-1)?.body ?? '';
    // Unsigned or forged: refused.
    expect(await whatsapp.postRaw(press, null)).toBe(401);
    expect(await whatsapp.postRaw(press, `sha256=${'0'.repeat(64)}`)).toBe(401);
    expect(await statusOf(order._id)).toBe('confirmed');
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'confirmed', actor: 'shopper', reason: null });
    // Meta delivering the same press again: taken, not applied twice.
    expect(await whatsapp.postRaw(press)).toBe(200);
    expect(await kindsOf(order._id)).toEqual(['confirm_request', 'confirmed']);
    // A later press of Cancel on the same message: the order was decided.
    expect(await whatsapp.reply(wa, { buttonPayload: answerPayload(order._id, 'cancel') })).toBe(200);
    expect(await statusOf(order._id)).toBe('confirmed');
  });

  it("a press whose handling failed is applied on Meta's retry, and once", async () => {
    const { wa, account } = await whatsappShopper();
    const { order } = await cashOrder(account);
    await t.app.messageSender.flush();
    // The order's lock timed out while the press was applied: the webhook fails and Meta delivers it again.
    const failing = vi.spyOn(t.app.confirmations, 'answerReply').mockRejectedValueOnce(new Error('lock timeout'));
    try {
      expect(await whatsapp.reply(wa, { buttonPayload: answerPayload(order._id, 'confirm') })).toBe(500);
      expect(await statusOf(order._id)).toBe('awaiting_confirmation');
      const press = whatsapp.notified.at(-1)?.body ?? '';
      expect(await whatsapp.postRaw(press)).toBe(200);
      expect(await statusOf(order._id)).toBe('confirmed');
      // Applied now: a further delivery is taken and handed on no more.
      expect(await whatsapp.postRaw(press)).toBe(200);
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      failing.mockRestore();
    }
    expect(await kindsOf(order._id)).toEqual(['confirm_request', 'confirmed']);
  });

  it('an unsigned press never reaches the order', async () => {
    const { wa, account } = await whatsappShopper();
    const { order } = await cashOrder(account);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'x',
          changes: [
            {
              field: 'messages',
              value: {
                messages: [
                  {
                    from: wa,
                    id: 'wamid.forged',
                    timestamp: '1',
                    type: 'button',
                    button: { payload: answerPayload(order._id, 'cancel'), text: 'إلغاء' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(await whatsapp.postRaw(body, null)).toBe(401);
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');
    expect(await whatsapp.postRaw(body)).toBe(200);
    expect(await statusOf(order._id)).toBe('cancelled');
  });
});

describe("the agents' queue", () => {
  const claim = (who: Account, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/confirmations/${orderId}/claim`, headers: who.headers });
  const outcome = (who: Account, orderId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/confirmations/${orderId}/outcome`, headers: who.headers, payload });
  const queue = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/confirmations', headers: admin.headers })
    ).json<ConfirmationQueue>();

  it('lists awaited cash orders oldest first with the phone to call', async () => {
    const first = await cashOrder();
    t.clock.advance(1000);
    const second = await cashOrder();
    const ids = (await queue()).items.map((i) => i.order._id);
    expect(ids.indexOf(first.order._id)).toBeLessThan(ids.indexOf(second.order._id));
    expect((await queue()).items.find((i) => i.order._id === first.order._id)).toMatchObject({
      phone: ADDRESS.phone,
      customerName: 'Mona Ali',
      claim: null,
      attempts: 0,
    });
    t.clock.advance(-1000);
  });

  it('gives an order to one of two agents pressing at once, for ten minutes', async () => {
    const { order } = await cashOrder();
    const answers = await Promise.all([claim(admin, order._id), claim(agent2, order._id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? admin : agent2;
    const loser = winner === admin ? agent2 : admin;
    expect((await claim(loser, order._id)).statusCode).toBe(409);
    // The loser cannot record a call either.
    expect((await outcome(loser, order._id, { outcome: 'confirmed' })).statusCode).toBe(409);
    expect((await queue()).items.find((i) => i.order._id === order._id)?.claim?.agentId).toBe(winner.id);
    // Ten minutes on, the claim has run out: the other agent may take it.
    t.clock.advance(CONFIRMATION_CLAIM_MS + 1000);
    try {
      expect((await claim(loser, order._id)).statusCode).toBe(200);
      expect((await outcome(winner, order._id, { outcome: 'confirmed' })).statusCode).toBe(409);
    } finally {
      t.clock.advance(-(CONFIRMATION_CLAIM_MS + 1000));
    }
  });

  it('records no answer as an attempt and releases the order; confirmed moves it', async () => {
    const { order } = await cashOrder();
    expect((await outcome(admin, order._id, { outcome: 'no_answer' })).statusCode).toBe(409);
    expect((await claim(admin, order._id)).statusCode).toBe(200);
    expect((await outcome(admin, order._id, { outcome: 'no_answer', note: 'rang twice' })).statusCode).toBe(204);
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');
    expect((await queue()).items.find((i) => i.order._id === order._id)).toMatchObject({ attempts: 1, claim: null });
    // Released: the other agent takes it and confirms.
    expect((await claim(agent2, order._id)).statusCode).toBe(200);
    expect((await outcome(agent2, order._id, { outcome: 'confirmed' })).statusCode).toBe(204);
    expect(await statusOf(order._id)).toBe('confirmed');
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'confirmed', actor: 'agent', reason: null });
    expect((await queue()).items.some((i) => i.order._id === order._id)).toBe(false);
    // Decided: nobody takes it any more.
    expect((await claim(admin, order._id)).statusCode).toBe(409);
    const [recorded] = await auditsOf('confirmation_outcome');
    expect(recorded).toMatchObject({ type: 'admin', userId: agent2.id });
    expect(recorded?.data).toMatchObject({ orderId: order._id, outcome: 'confirmed', attempts: 1 });
    expect((await auditsOf('confirmation_claimed'))[0]?.data).toEqual({ orderId: order._id });
  });

  it('cancels on the shopper’s word or a wrong number, with the stock back', async () => {
    const cancelled = await cashOrder();
    expect((await claim(admin, cancelled.order._id)).statusCode).toBe(200);
    const said = { outcome: 'cancelled', reason: 'Ordered by mistake' };
    expect((await outcome(admin, cancelled.order._id, said)).statusCode).toBe(204);
    expect((await historyOf(cancelled.order._id)).at(-1)).toEqual({
      status: 'cancelled',
      actor: 'agent',
      reason: 'Ordered by mistake',
    });
    expect(await stockOf(cancelled.product.id)).toBe(5);

    const wrong = await cashOrder();
    expect((await claim(admin, wrong.order._id)).statusCode).toBe(200);
    expect((await outcome(admin, wrong.order._id, { outcome: 'wrong_number' })).statusCode).toBe(204);
    expect((await historyOf(wrong.order._id)).at(-1)).toMatchObject({ status: 'cancelled', reason: 'Wrong number' });
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await claim(admin, UNKNOWN_ID)).statusCode).toBe(404);
  });
});

describe('shipping', () => {
  it('refuses to ship a cash order that is not confirmed', async () => {
    const { order } = await cashOrder();
    const ship = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/${order._id}/status`,
        headers: admin.headers,
        payload: { status: 'shipped', trackingNumber: 'TRK-1' },
      });
    const refused = await ship();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Only a confirmed or paid order can be shipped' });
    expect(await statusOf(order._id)).toBe('awaiting_confirmation');
    await answer(await tokenOf(order._id), 'confirm');
    expect((await ship()).statusCode).toBe(200);
  });
});

describe('cash settings', () => {
  it('answers the defaults, saves a whole new set with an audit entry, and refuses a wrong one', async () => {
    const read = () => t.app.inject({ method: 'GET', url: '/api/admin/settings/cod', headers: admin.headers });
    expect((await read()).json()).toEqual(TEST_COD_SETTINGS);
    const changed: CodSettings = {
      confirmation: { enabled: true, windowHours: 12, onTimeout: 'cancel' },
      maxCashBill: 5000.5,
      maxOpenCashOrders: 2,
      refusalsBeforeOnlineOnly: 3,
      refusalAction: 'deposit',
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/cod',
      headers: admin.headers,
      payload: changed,
    });
    expect(saved.json()).toEqual(changed);
    expect((await read()).json()).toEqual(changed);
    expect((await auditsOf('cod_settings'))[0]?.data).toEqual({ before: TEST_COD_SETTINGS, after: changed });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/cod',
      headers: admin.headers,
      payload: { ...changed, confirmation: { ...changed.confirmation, windowHours: 0 } },
    });
    expect(wrong.statusCode).toBe(400);
    // A cash limit under a piastre would be stored as none at all: refused (the fuzz test found 5e-324 taken).
    for (const maxCashBill of [0, 5e-324, 0.001]) {
      const tiny = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/cod',
        headers: admin.headers,
        payload: { ...changed, maxCashBill },
      });
      expect(tiny.statusCode, String(maxCashBill)).toBe(400);
    }
    expect((await read()).json()).toEqual(changed);
    await setCod((s) => s);
  });
});
