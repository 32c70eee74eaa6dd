import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  NOT_CONFIRMED_IN_TIME,
  orderRef,
  PAID_BACK_WAYS,
  paidBackReason,
  type OrderLineVariant,
  type OrderStatus,
} from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { messages, orderItems, orders, orderStatusHistory } from '../../db/schema.js';
import { createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { ADDRESS } from '../../../test/fixtures.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { orderMailKind, queueOrderMail, type OrderMailKind } from './order-messages.js';
import { backoffMs, claimDue, MAX_ATTEMPTS } from './queue.js';
import { loadOrder } from '../orders/queries.js';
import { renderOrderMail } from './email/templates/render.js';
import { createMailer, type Mailer } from '../../lib/mailer.js';
import { createMessageSender } from './sender.js';
import { messageProviders } from './registry.js';
import { transaction } from '../../db/transaction.js';

const PUBLIC_URL = 'https://shop.example';

/** A sender of the test app's queue whose e-mails go to `mailer`. */
const senderWith = (mailer: Mailer) =>
  createMessageSender({
    db: t.app.db,
    log: t.app.log,
    config: t.app.config,
    clock: t.clock,
    providers: messageProviders({ config: t.app.config, log: t.app.log, mailer }),
  });

let smtp: TestSmtp;
let t: TestContext;
let shopper: Account;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  shopper = await registerShopper(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  smtp.refuseWith(null);
  smtp.received.length = 0;
});

interface OrderSpec {
  status?: OrderStatus;
  language?: string;
  lines?: { name: string; nameAr?: string; price: number; quantity: number; variant?: OrderLineVariant }[];
  trackingNumber?: string;
  courier?: string;
  /** The reason of the order's last move. */
  reason?: string;
  coupon?: { code: string; discount: number };
}

/** An order written straight to the tables (prices in piastres), with its mail of `kind` queued as a move queues it. */
async function orderWithMail(kind: OrderMailKind, spec: OrderSpec = {}) {
  const lines = spec.lines ?? [{ name: 'Desk lamp', price: 25_000, quantity: 2 }];
  const itemsTotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const status = spec.status ?? 'confirmed';
  return transaction(t.app.db, async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: shopper.id,
        status,
        paymentMethod: 'cash',
        itemsTotal,
        shipping: 2_100,
        codFee: 900,
        bill: itemsTotal - (spec.coupon?.discount ?? 0) + 3_000,
        couponCode: spec.coupon?.code ?? null,
        discount: spec.coupon?.discount ?? 0,
        deliveryAddress: ADDRESS,
        language: spec.language ?? 'en',
        trackingNumber: spec.trackingNumber ?? null,
        courier: spec.courier ?? null,
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order.id,
        productId: null,
        name: l.name,
        nameAr: l.nameAr ?? null,
        price: l.price,
        imagePaths: [],
        quantity: l.quantity,
        variant: l.variant ?? null,
      })),
    );
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: order.id, status, actor: 'admin', reason: spec.reason ?? null });
    expect(await queueOrderMail(tx, order, kind)).toBe(true);
    return order;
  });
}

/** Prices are formatted with no-break spaces between amount and currency; the assertions write plain ones. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const queueRow = async (orderId: string) => {
  const [row] = await t.app.db.select().from(messages).where(eq(messages.orderId, orderId));
  if (!row) throw new Error('no queued mail');
  return row;
};

describe('orderMailKind', () => {
  it('names the mail of each move a shopper hears of, and none for the others', () => {
    const cases: [OrderStatus | null, OrderStatus, OrderMailKind | null][] = [
      [null, 'confirmed', 'confirmed'],
      // A cash order awaiting its shopper's word: the request goes with its link (confirmations), not as a move's mail.
      [null, 'awaiting_confirmation', null],
      ['awaiting_confirmation', 'confirmed', 'confirmed'],
      ['awaiting_confirmation', 'cancelled', 'cancelled'],
      // A card order: placed, waiting for its payment.
      [null, 'pending', 'placed'],
      ['pending', 'paid', 'paid'],
      ['paid', 'shipped', 'shipped'],
      ['confirmed', 'shipped', 'shipped'],
      ['shipped', 'delivered', 'delivered'],
      ['confirmed', 'cancelled', 'cancelled'],
      ['paid', 'cancelled', 'cancelled'],
      // An abandoned card order: its placed message said payment was due, and none came.
      ['pending', 'cancelled', null],
      ['return_requested', 'returned', 'return_accepted'],
      ['return_requested', 'delivered', 'return_refused'],
      // A parcel the courier brings back is no return the shopper asked for.
      ['shipped', 'returned', null],
      ['delivered', 'return_requested', null],
      ['returned', 'refunded', 'refunded'],
    ];
    for (const [from, to, kind] of cases) expect(orderMailKind(from, to), `${from} → ${to}`).toBe(kind);
  });
});

describe('the mail queue', () => {
  it('sends a queued order mail once, over SMTP, with a subject, a text part and an HTML part', async () => {
    const order = await orderWithMail('confirmed');
    expect(await t.app.messageSender.flush()).toBe(1);
    expect(await t.app.messageSender.flush()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([shopper.email]);
    expect(mail?.subject).toBe(`Your order ${orderRef(order.id)} is confirmed`);
    expect(plain(mail?.text)).toContain('Desk lamp × 2: EGP 250');
    expect(plain(mail?.text)).toContain('Total: EGP 530');
    expect(mail?.text).toContain(`${PUBLIC_URL}/Orders`);
    expect(mail?.html).toContain('<html lang="en" dir="ltr">');
    expect(mail?.html).toContain(`<a href="${PUBLIC_URL}/Orders">`);
    expect(plain(mail?.html)).toContain('EGP 530');
    const row = await queueRow(order.id);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('is woken by a move without waiting for the poll', async () => {
    await orderWithMail('confirmed');
    t.app.messageSender.wake();
    // The pass the wake started, joined: it sent the mail.
    expect(await t.app.messageSender.flush()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('writes in the language the order was placed in: Arabic, right to left', async () => {
    const order = await orderWithMail('delivered', {
      status: 'delivered',
      language: 'ar',
      lines: [{ name: 'Desk lamp', nameAr: 'مصباح مكتب', price: 25_050, quantity: 1 }],
    });
    expect(await t.app.messageSender.flush()).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.subject).toBe(`تم توصيل طلبك ${orderRef(order.id)}`);
    expect(mail?.text).toContain('مصباح مكتب × 1');
    expect(plain(mail?.text)).toContain('250.50 ج.م.');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.html).toContain('عرض طلباتك');
    expect(mail?.text).toContain(`عرض طلباتك: ${PUBLIC_URL}/ar/Orders`);
    expect(mail?.text).not.toContain('Desk lamp');
  });

  it('names a line’s variant by its values, listed with the Arabic comma in Arabic and as stored', async () => {
    const variant: OrderLineVariant = {
      sku: 'TEE-M-RED',
      options: [
        { name: 'Size', nameAr: 'المقاس', value: 'M', valueAr: 'وسط' },
        { name: 'Colour', nameAr: 'اللون', value: 'Red', valueAr: 'أحمر' },
      ],
    };
    const tee = { name: 'T-shirt', nameAr: 'تيشيرت', price: 25_000, quantity: 1, variant };
    const order = await orderWithMail('confirmed', { language: 'ar', lines: [tee] });
    await orderWithMail('confirmed', { lines: [tee] });
    expect(await t.app.messageSender.flush()).toBe(2);
    const arabic = smtp.received.find((mail) => mail.html?.includes('dir="rtl"'));
    const english = smtp.received.find((mail) => mail !== arabic);
    expect(arabic?.text).toContain('تيشيرت (وسط، أحمر) × 1');
    expect(arabic?.html).toContain('تيشيرت (وسط، أحمر)');
    expect(english?.text).toContain('T-shirt (M, Red) × 1');
    // Only the mail lists them: the order keeps each value apart.
    const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line?.variant).toEqual(variant);
  });

  it('gives a shipped order’s tracking number and the courier’s tracking link', async () => {
    await orderWithMail('shipped', { status: 'shipped', trackingNumber: 'BOS-77123', courier: 'bosta' });
    expect(await t.app.messageSender.flush()).toBe(1);
    const [mail] = smtp.received;
    const link = 'https://bosta.co/tracking-shipments?shipment-number=BOS-77123';
    expect(mail?.text).toContain('Tracking number: BOS-77123');
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`<a href="${link}">`);
  });

  it('lists the coupon’s discount between the items and the shipping, in the order’s language', async () => {
    await orderWithMail('confirmed', { coupon: { code: 'SAVE10', discount: 5_000 } });
    await orderWithMail('confirmed', { coupon: { code: 'SAVE10', discount: 5_000 }, language: 'ar' });
    expect(await t.app.messageSender.flush()).toBe(2);
    const [english, arabic] = smtp.received.map((mail) => plain(mail.text));
    expect(english).toMatch(/Items: EGP 500\nCoupon SAVE10: −EGP 50\nShipping: EGP 21\n/);
    expect(english).toContain('Total: EGP 480');
    expect(arabic).toContain('كوبون SAVE10: −');
  });

  it('tells why an order was cancelled, and escapes what it interpolates into HTML', async () => {
    const name = '<b>Tea & "Co"</b>';
    const reason = '<script>alert(1)</script> changed my mind';
    await orderWithMail('cancelled', {
      status: 'cancelled',
      reason,
      lines: [{ name, price: 1_000, quantity: 1 }],
    });
    expect(await t.app.messageSender.flush()).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.text).toContain(`Reason: ${reason}`);
    expect(mail?.text).toContain(name);
    expect(mail?.html).toContain('&lt;b&gt;Tea &amp; &quot;Co&quot;&lt;/b&gt;');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; changed my mind');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<b>Tea');
  });

  it("says the shop's own reasons in the mail's language", async () => {
    await orderWithMail('cancelled', { status: 'cancelled', reason: NOT_CONFIRMED_IN_TIME, language: 'ar' });
    await orderWithMail('cancelled', { status: 'cancelled', reason: paidBackReason(PAID_BACK_WAYS.bankTransfer) });
    await orderWithMail('cancelled', {
      status: 'cancelled',
      reason: paidBackReason(PAID_BACK_WAYS.instapay),
      language: 'ar',
    });
    expect(await t.app.messageSender.flush()).toBe(3);
    const [timedOut, transfer, instapay] = smtp.received.map((mail) => plain(mail.text));
    expect(timedOut).toContain('السبب: لم يُؤكَّد في الوقت المحدد');
    expect(transfer).toContain('Reason: Paid back by bank transfer');
    expect(instapay).toContain('السبب: رُدّ المبلغ عبر إنستاباي');
  });

  it('leaves a refused mail queued and tries it again after a backoff that doubles', async () => {
    const order = await orderWithMail('paid', { status: 'paid' });
    smtp.refuseWith(451);
    // The test clock runs on with real time: the pass counts its minute from a moment after this one.
    const before = t.clock.now().getTime();
    expect(await t.app.messageSender.flush()).toBe(0);
    let row = await queueRow(order.id);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('451');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 60_000);

    // Not due yet: nothing is tried.
    expect(await t.app.messageSender.flush()).toBe(0);
    expect((await queueRow(order.id)).attempts).toBe(1);

    t.clock.advance(61_000);
    const again = t.clock.now().getTime();
    expect(await t.app.messageSender.flush()).toBe(0);
    row = await queueRow(order.id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(again + 120_000);

    smtp.refuseWith(null);
    t.clock.advance(121_000);
    expect(await t.app.messageSender.flush()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    row = await queueRow(order.id);
    expect(row.sentAt).not.toBeNull();
    expect(row.lastError).toBeNull();
  });

  it('gives a mail up after its last attempt', async () => {
    const order = await orderWithMail('refunded', { status: 'refunded' });
    await t.app.db
      .update(messages)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(messages.orderId, order.id));
    smtp.refuseWith(451);
    expect(await t.app.messageSender.flush()).toBe(0);
    smtp.refuseWith(null);
    t.clock.advance(backoffMs(MAX_ATTEMPTS) + 1_000);
    expect(await t.app.messageSender.flush()).toBe(0);
    const row = await queueRow(order.id);
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.sentAt).toBeNull();
    // Kept, failed, with the server's last word.
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('451') });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends each mail once when two instances send at the same time', async () => {
    const sibling = await t.sibling();
    const queued = [];
    // More than one batch each, so the two interleave their claims.
    for (let i = 0; i < 25; i++) queued.push(await orderWithMail('confirmed'));
    const [mine, theirs] = await Promise.all([t.app.messageSender.flush(), sibling.messageSender.flush()]);
    expect(mine + theirs).toBe(queued.length);
    const subjects = smtp.received.map((m) => m.subject);
    expect(new Set(subjects).size).toBe(queued.length);
    expect([...subjects].sort()).toEqual(queued.map((o) => `Your order ${orderRef(o.id)} is confirmed`).sort());
  });

  it('gives back, untried, the mails of a batch whose sends have taken half their lease', async () => {
    const queued = [
      await orderWithMail('confirmed'),
      await orderWithMail('confirmed'),
      await orderWithMail('confirmed'),
    ];
    const sent: string[] = [];
    // A mail server this slow: each send takes 8 of the lease's 30 minutes.
    const slow = senderWith({
      send: async (message) => {
        sent.push(message.subject);
        t.clock.advance(8 * 60_000);
      },
    });
    const left = async () =>
      (
        await t.app.db
          .select({ attempts: messages.attempts })
          .from(messages)
          .where(
            and(
              inArray(
                messages.orderId,
                queued.map((order) => order.id),
              ),
              isNull(messages.sentAt),
            ),
          )
      ).map((row) => row.attempts);
    expect(await slow.flush()).toBe(2);
    // Given back before another sender could take it, its attempt not counted.
    expect(await left()).toEqual([0]);
    expect(await slow.flush()).toBe(1);
    expect(await left()).toEqual([]);
    expect(sent.sort()).toEqual(queued.map((order) => `Your order ${orderRef(order.id)} is confirmed`).sort());
  });

  it('leaves alone a mail another sender took once its lease ran out', async () => {
    const [first, second] = [await orderWithMail('confirmed'), await orderWithMail('confirmed')];
    let otherLease = new Date(0);
    const stuck = senderWith({
      // A send that outlasts the whole lease: meanwhile another instance takes what is due.
      send: async () => {
        t.clock.advance(31 * 60_000);
        otherLease = new Date(t.clock.now().getTime() + 60_000);
        await claimDue(t.app.db, t.clock.now(), otherLease, 20);
      },
    });
    await stuck.flush();
    const [row] = await t.app.db
      .select({ attempts: messages.attempts, nextAttemptAt: messages.nextAttemptAt, sentAt: messages.sentAt })
      .from(messages)
      .where(eq(messages.orderId, second.id));
    // Not given back: the other instance's claim and its lease stand.
    expect(row).toEqual({ attempts: 2, nextAttemptAt: otherLease, sentAt: null });
    const [sent] = await t.app.db.select().from(messages).where(eq(messages.orderId, first.id));
    expect(sent?.sentAt).not.toBeNull();
  });

  it('sends a mail once when recording it as sent fails after the mail server took it, and the queue goes on', async () => {
    const order = await orderWithMail('confirmed');
    const subject = `Your order ${orderRef(order.id)} is confirmed`;
    const sent: string[] = [];
    let lostWrites = 0;
    // The database out of reach for the one write after the mail server took the mail.
    const db = new Proxy(t.app.db, {
      get(target, key) {
        if (key === 'update' && lostWrites > 0) {
          lostWrites--;
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const sender = createMessageSender({
      db,
      log: t.app.log,
      config: t.app.config,
      clock: t.clock,
      providers: messageProviders({
        config: t.app.config,
        log: t.app.log,
        mailer: {
          send: async (message) => {
            if (message.subject === subject) lostWrites = 1;
            sent.push(message.subject);
          },
        },
      }),
    });
    await sender.flush();
    // The retry of the write, first thing in the next pass, fails too: a mail queued meanwhile is sent all the same.
    const next = await orderWithMail('shipped', { status: 'shipped', trackingNumber: 'MAN-2' });
    lostWrites = 1;
    await sender.flush();
    expect(await queueRow(next.id)).toMatchObject({ status: 'sent' });
    // Past any backoff and the claim's lease: a mail still due would be sent again now.
    t.clock.advance(31 * 60_000);
    await sender.flush();
    expect(sent.filter((s) => s === subject)).toHaveLength(1);
    expect(await queueRow(order.id)).toMatchObject({ status: 'sent', sentAt: expect.any(Date), lastError: null });
  });

  it('sends after a restart what was queued before it', async () => {
    const before: FastifyInstance = await t.sibling();
    const order = await orderWithMail('shipped', { status: 'shipped', trackingNumber: 'MAN-1' });
    await before.close();
    expect(smtp.received).toHaveLength(0);
    const after = await t.sibling();
    // start() begins with a pass; stop() waits for it.
    after.messageSender.start();
    await after.messageSender.stop();
    expect(smtp.received.map((m) => m.subject)).toEqual([`Your order ${orderRef(order.id)} is on its way`]);
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail, its HTML part included, to the outbox', async () => {
    const order = await orderWithMail('confirmed');
    const outboxDir = path.join(t.dataDir, 'outbox-only');
    const mailer = await createMailer({ from: 'Shop <shop@example.com>', outboxDir, log: t.app.log });
    const rendered = renderOrderMail('confirmed', await loadOrder(t.app.db, order.id), 'ar', PUBLIC_URL);
    await mailer.send({ to: shopper.email, ...rendered });
    const [file] = fs.readdirSync(outboxDir);
    const written = JSON.parse(fs.readFileSync(path.join(outboxDir, file ?? ''), 'utf8')) as Record<string, string>;
    expect(written).toMatchObject({ to: shopper.email, subject: rendered.subject, text: rendered.text });
    expect(written.html).toContain('dir="rtl"');
  });
});
