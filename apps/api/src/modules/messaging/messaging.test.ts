import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { egyptianMobile, formatPrice, intlLocale } from '@shop/contracts';
import { messages, users } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  PASSWORD,
  placeOrderOf,
  registerShopper,
  UNKNOWN_ID,
  uniqueEmail,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { mailsTo } from '../../../test/outbox.js';
import { freePort } from '../../../test/security/server-process.js';
import type { CequensSimulator } from './sms/simulator.js';
import type { WhatsAppSimulator } from './whatsapp/simulator.js';
import { mobileMaker, SIMULATED_MESSAGING, startMessagingSimulators } from '../../../test/messaging-simulators.js';
import { SINGLE_PART, smsParts, smsText } from './sms/encoding.js';
import { fillTemplate, TEMPLATES } from './templates.js';
import { ORDER_MAIL_KINDS } from './order-messages.js';
import { queueMessage, type QueuedMessage } from './queue.js';
import { renderMessage, SIGN_IN_CODE } from './render.js';
import { CEQUENS_MESSAGES_PATH } from './sms/cequens-wire.js';
import { messagesPath, WHATSAPP_DEFAULT_VERSION } from './whatsapp/wire.js';
import { cequensSettings } from './sms/cequens.js';
import { whatsappSettings } from './whatsapp/cloud-api.js';
import { trackingUrl } from '../courier/tracking-url.js';
import { MAX_TRIES } from '../users/phone-sign-in.js';
import { transaction } from '../../db/transaction.js';

/**
 * Messaging and phone sign-in end to end against the CEQUENS and WhatsApp Cloud API simulators: the shop listens on
 * a real port, so their delivery reports and signed webhooks reach it as they would from the internet.
 */
const ENV = SIMULATED_MESSAGING;

let t: TestContext;
let sms: CequensSimulator;
let whatsapp: WhatsAppSimulator;
let port: number;

beforeAll(async () => {
  const simulators = await startMessagingSimulators();
  ({ sms, whatsapp } = simulators);
  port = await freePort();
  t = await createTestApp({
    ...simulators.env,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  whatsapp.setWebhook(`http://127.0.0.1:${port}/api/messaging/whatsapp/webhook`);
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
  await whatsapp?.close();
});

/** A mobile of its own for each test, as 010… and as the shop stores it. */
const newMobile = mobileMaker('0155');

const start = (phone: string, channel: 'sms' | 'whatsapp' = 'sms', language = 'en', ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/start',
    headers: { 'accept-language': language },
    remoteAddress: ip,
    payload: { phone, channel },
  });
const verify = (payload: { phone: string; code: string; name?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/phone/verify', payload });

/** Sends what is queued, then the code the simulator holds for `stored` (the newest). */
async function smsCodeFor(stored: string): Promise<string> {
  await t.app.messageSender.flush();
  const last = sms
    .list()
    .filter((m) => m.request.recipients === stored.slice(1))
    .at(-1);
  const code = last?.request.messageText.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS code for ${stored}`);
  return code;
}

const messageRow = async (provider: string, providerMessageId: string) =>
  (
    await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.provider, provider), eq(messages.providerMessageId, providerMessageId)))
  )[0];

describe('phones', () => {
  it('reads an Egyptian mobile written any usual way as one number', () => {
    for (const written of [
      '01012345678',
      '+201012345678',
      '00201012345678',
      '010 1234 5678',
      '٠١٠١٢٣٤٥٦٧٨',
      '+٢٠ ١٠ ١٢٣٤ ٥٦٧٨',
    ])
      expect(egyptianMobile(written), written).toBe('+201012345678');
    for (const wrong of ['01312345678', '0101234567', '+441012345678', 'phone'])
      expect(egyptianMobile(wrong)).toBeNull();
  });
});

const DASHBOARD_ORDER = '/dashboard/orders/0f8fad5b-d9cb-469f-a165-70867728950e';

describe('SMS coding', () => {
  it('sends Latin text as text, 160 to a part, and Arabic as unicode, 70 to a part', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ coding: 'text', parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ coding: 'text', parts: 2 });
    expect(smsParts('{'.repeat(81))).toEqual({ coding: 'text', parts: 2 });
    expect(smsParts('ب'.repeat(70))).toEqual({ coding: 'unicode', parts: 1 });
    expect(smsParts('ب'.repeat(71))).toEqual({ coding: 'unicode', parts: 2 });
  });

  it('fits every SMS of the shop in one part, in both languages, with an order link on a short address', () => {
    // Filled as the shop fills them. The cart reminder carries two links, a confirmation's request its signed link,
    // and a Fawry reference's message and a refund's carry an amount and more: in Arabic (70 characters to a part)
    // those take two parts, in English one. A staff member's alerts, with a dashboard link, take three.
    const values: Record<string, Record<'ar' | 'en', string[]>> = {
      order_pay_reference: {
        en: ['#1A2B3C4D', '9876543210', formatPrice(12_345.5, intlLocale('en')), '30/11 14:00'],
        ar: ['#1A2B3C4D', '9876543210', formatPrice(12_345.5, intlLocale('ar')), '30/11 14:00'],
      },
      order_refund: {
        en: [
          '#1A2B3C4D',
          formatPrice(1250, intlLocale('en')),
          'It goes back to your card within 10 working days.',
          'https://shop.example/Orders',
        ],
        ar: [
          '#1A2B3C4D',
          formatPrice(1250, intlLocale('ar')),
          'يعود المبلغ إلى بطاقتك خلال 10 أيام عمل.',
          'https://shop.example/ar/Orders',
        ],
      },
      order_confirm_request: {
        en: ['#1A2B3C4D', 'https://shop.example/confirm/0f8fad5b-d9cb-469f-a165-70867728950e.a1B2c3D4e5F6g7H8i9J0kA'],
        ar: ['#1A2B3C4D', 'https://shop.example/confirm/0f8fad5b-d9cb-469f-a165-70867728950e.a1B2c3D4e5F6g7H8i9J0kA'],
      },
      order_confirm_reminder: {
        en: ['#1A2B3C4D', 'https://shop.example/confirm/0f8fad5b-d9cb-469f-a165-70867728950e.a1B2c3D4e5F6g7H8i9J0kA'],
        ar: ['#1A2B3C4D', 'https://shop.example/confirm/0f8fad5b-d9cb-469f-a165-70867728950e.a1B2c3D4e5F6g7H8i9J0kA'],
      },
      // The invoice (with the e-receipt's QR code) of a sale once its receipt is issued.
      ...Object.fromEntries(
        ['order_paid_receipt', 'order_delivered_receipt'].map((name) => {
          const invoice = (path: string) => [
            '#1A2B3C4D',
            `https://shop.example${path}/0f8fad5b-d9cb-469f-a165-70867728950e/invoice`,
          ];
          return [name, { en: invoice('/Orders'), ar: invoice('/ar/Orders') }];
        }),
      ),
      staff_low_review: {
        en: [
          'Tornado Kettle 1.7 L',
          '1 star',
          'Leaks after a week',
          'https://shop.example/dashboard/reviews?awaiting=true',
        ],
        ar: [
          'غلاية تورنادو 1.7 لتر',
          'نجمة واحدة',
          '\u2068Leaks after a week\u2069',
          'https://shop.example/ar/dashboard/reviews?awaiting=true',
        ],
      },
      review_answered: {
        en: ['Tornado Kettle 1.7 L', 'https://shop.example/product/one/0f8fad5b-d9cb-469f-a165-70867728950e'],
        ar: ['غلاية تورنادو 1.7 لتر', 'https://shop.example/ar/product/one/0f8fad5b-d9cb-469f-a165-70867728950e'],
      },
      back_in_stock_withdrawn: {
        en: ['Classic Tee (M, Red)', 'https://shop.example/product/one/0f8fad5b-d9cb-469f-a165-70867728950e'],
        ar: ['تيشيرت كلاسيك (وسط, أحمر)', 'https://shop.example/ar/product/one/0f8fad5b-d9cb-469f-a165-70867728950e'],
      },
      // A staff member's alerts link to the order's page on the dashboard, by its id.
      staff_new_order: {
        en: [
          '#1A2B3C4D',
          formatPrice(1250, intlLocale('en')),
          'cash on delivery',
          `https://shop.example${DASHBOARD_ORDER}`,
        ],
        ar: [
          '#1A2B3C4D',
          formatPrice(1250, intlLocale('ar')),
          'الدفع عند الاستلام',
          `https://shop.example/ar${DASHBOARD_ORDER}`,
        ],
      },
      staff_return_requested: {
        en: ['#1A2B3C4D', `https://shop.example${DASHBOARD_ORDER}`],
        ar: ['#1A2B3C4D', `https://shop.example/ar${DASHBOARD_ORDER}`],
      },
      staff_low_stock: {
        en: ['Kettle (2 left), Cups (none left) and 1 more', 'https://shop.example/dashboard/DashProducts?stock=low'],
        ar: ['غلاية (بقي 2)، أكواب (نفد) و1 غيرها', 'https://shop.example/ar/dashboard/DashProducts?stock=low'],
      },
      // A busy morning: every waiting count there.
      staff_daily_summary: {
        en: [
          'Wed, Dec 30',
          `114 orders, ${formatPrice(118_250, intlLocale('en'))}`,
          '13 to confirm, 112 to ship, 12 returns, 15 low in stock',
          'https://shop.example/dashboard',
        ],
        ar: [
          'الأربعاء، 30 ديسمبر',
          `114 طلبًا بقيمة ${formatPrice(118_250, intlLocale('ar'))}`,
          'للتأكيد (13)، للشحن (112)، طلبات إرجاع (12)، مخزون قليل (15)',
          'https://shop.example/ar/dashboard',
        ],
      },
      // Always with the courier's tracking link, the longest there is.
      order_out_for_delivery_cash: {
        en: ['#1A2B3C4D', formatPrice(12_450.5), 'https://bosta.co/tracking-shipments?shipment-number=1234567890'],
        ar: [
          '#1A2B3C4D',
          formatPrice(12_450.5, intlLocale('ar')),
          'https://bosta.co/tracking-shipments?shipment-number=1234567890',
        ],
      },
      cart_reminder: {
        en: ['https://shop.example/CartPage', 'https://shop.example/api/messaging/reminders/stop/1.abc'],
        ar: ['https://shop.example/CartPage', 'https://shop.example/api/messaging/reminders/stop/1.abc'],
      },
    };
    for (const template of Object.values(TEMPLATES))
      for (const language of ['ar', 'en'] as const) {
        const filled =
          values[template.name]?.[language] ??
          (template.parameters.length === 1
            ? ['123456']
            : ['#1A2B3C4D', `https://shop.example${language === 'ar' ? '/ar' : ''}/Orders`]);
        expect(filled).toHaveLength(template.parameters.length);
        const text = smsText(fillTemplate(template, language, filled));
        const { coding, parts } = smsParts(text);
        expect(coding).toBe(language === 'ar' ? 'unicode' : 'text');
        const most = language === 'ar' && values[template.name] ? (template.name.startsWith('staff_') ? 3 : 2) : 1;
        expect(parts, `${template.name} ${language}: ${text.length} of ${SINGLE_PART[coding]}`).toBeLessThanOrEqual(
          most,
        );
      }
  });
});

describe('sign-in codes', () => {
  it('answers alike for a phone with an account and one without, and sends each a code', async () => {
    const known = newMobile();
    await t.app.db
      .insert(users)
      .values({ name: 'Known', email: `known${known.local}@example.com`, phone: known.local });
    const unknown = newMobile();
    const [a, b] = [await start(known.local), await start(unknown.local)];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    await smsCodeFor(known.stored);
    await smsCodeFor(unknown.stored);
  });

  it('sends the code by CEQUENS: Arabic as unicode, with the delivery-report address', async () => {
    const phone = newMobile();
    expect((await start(phone.local, 'sms', 'ar')).statusCode).toBe(202);
    await t.app.messageSender.flush();
    const sent = sms.list().at(-1);
    expect(sent?.request).toMatchObject({
      recipients: phone.stored.slice(1),
      senderName: 'EGPShop',
      messageType: 'unicode',
      dlrUrl: `http://127.0.0.1:${port}/api/messaging/cequens/dlr/${ENV.CEQUENS_DLR_SECRET}`,
    });
    expect(sent?.parts).toBe(1);
    expect(sent?.request.messageText).toMatch(/^\d{6} هو رمز الدخول/);
    // Sent: the code is no longer kept in the queue.
    const row = await messageRow('cequens', sent?.id ?? '');
    expect(row).toMatchObject({ status: 'sent', channel: 'sms', payload: null });
  });

  it('signs up a new phone with its name: without one it asks for it, and the code stays good for the retry', async () => {
    const phone = newMobile();
    await start(`+20 ${phone.local.slice(1)}`);
    const code = await smsCodeFor(phone.stored);
    // A step of signing up, not a refusal: the browser logs no failed request for it.
    const nameless = await verify({ phone: phone.local, code });
    expect(nameless.statusCode).toBe(200);
    expect(nameless.json()).toEqual({ nameNeeded: true, message: 'Your name, to make your account' });
    const made = await verify({ phone: phone.local, code, name: 'Salma Adel' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({
      created: true,
      user: { name: 'Salma Adel', email: null, phone: phone.stored },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { 'x-access-token': made.json().token },
    });
    expect(me.statusCode).toBe(200);
    // Used: the same code signs nobody in again.
    expect((await verify({ phone: phone.local, code })).statusCode).toBe(401);
  });

  it('makes an account with no e-mail or password, listed in the dashboard, until its owner adds them', async () => {
    const phone = newMobile();
    // An address of its own: the file's default one has its twenty codes an hour spent by the other tests.
    await start(phone.local, 'sms', 'en', '10.0.3.1');
    const made = await verify({ phone: phone.local, code: await smsCodeFor(phone.stored), name: 'Mona Phone' });
    const session = made.json<{ token: string; user: { _id: string } }>();
    const [row] = await t.app.db.select().from(users).where(eq(users.id, session.user._id));
    expect(row).toMatchObject({ email: null, passwordHash: null, verifiedPhone: phone.stored });

    const admin = await createAdmin(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/allUsers', headers: admin.headers });
    expect(list.json<{ users: unknown[] }>().users).toContainEqual(
      expect.objectContaining({ _id: session.user._id, name: 'Mona Phone', email: null, phone: phone.stored }),
    );

    // The profile adds an e-mail and a password; e-mail sign-in then works as for any account.
    const headers = { 'x-access-token': session.token };
    const email = uniqueEmail('mona');
    expect((await t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { email } })).statusCode).toBe(200);
    const password = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers,
      payload: { password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { _id: session.user._id, email, phone: phone.stored } });
  });

  it('refuses a wrong code, and after five wrong tries the right one too', async () => {
    const phone = newMobile();
    await start(phone.local);
    const code = await smsCodeFor(phone.stored);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_TRIES; i++)
      expect((await verify({ phone: phone.local, code: wrong, name: 'X' })).statusCode).toBe(401);
    expect((await verify({ phone: phone.local, code, name: 'Nadia' })).statusCode).toBe(401);
  });

  it('lets a code die after five minutes', async () => {
    const phone = newMobile();
    await start(phone.local);
    const code = await smsCodeFor(phone.stored);
    t.clock.advance(5 * 60_000 + 1);
    expect((await verify({ phone: phone.local, code, name: 'Late' })).statusCode).toBe(401);
  });

  it('sends a new code no sooner than 60 s after the last, saying how long to wait, and only the newest works', async () => {
    const phone = newMobile();
    const began = Date.now();
    await start(phone.local);
    const first = await smsCodeFor(phone.stored);
    t.clock.advance(20_000);
    const soon = await start(phone.local);
    const realSeconds = (Date.now() - began) / 1000;
    expect(soon.statusCode).toBe(429);
    // 40 s, less the real seconds the two requests took, as many as a busy machine needs (the test clock runs on from
    // real time).
    const { retryAfter } = soon.json<{ retryAfter: number }>();
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(40 - realSeconds));
    expect(retryAfter).toBeLessThanOrEqual(40);
    expect(soon.headers['retry-after']).toBe(String(retryAfter));
    t.clock.advance(40_000);
    expect((await start(phone.local)).statusCode).toBe(202);
    const second = await smsCodeFor(phone.stored);
    if (first !== second) expect((await verify({ phone: phone.local, code: first, name: 'Old' })).statusCode).toBe(401);
    expect((await verify({ phone: phone.local, code: second, name: 'New' })).statusCode).toBe(200);
  });
});

describe('WhatsApp', () => {
  it('sends the code as the approved template, with its copy-code button, and tracks its statuses', async () => {
    const phone = newMobile();
    expect((await start(phone.local, 'whatsapp', 'ar')).statusCode).toBe(202);
    await t.app.messageSender.flush();
    const sent = whatsapp.list().at(-1);
    const code = sent?.text.match(/\d{6}/)?.[0] ?? '';
    expect(sent?.request).toMatchObject({
      messaging_product: 'whatsapp',
      to: phone.stored.slice(1),
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'ar' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    });
    const id = sent?.id ?? '';
    expect(await whatsapp.status(id, 'delivered')).toBe(200);
    expect((await messageRow('whatsapp', id))?.status).toBe('delivered');
    expect(await whatsapp.status(id, 'read')).toBe(200);
    const read = await messageRow('whatsapp', id);
    expect(read?.status).toBe('read');
    // Late or replayed reports move nothing back.
    expect(await whatsapp.status(id, 'delivered')).toBe(200);
    expect(await whatsapp.postRaw(whatsapp.notified.at(-2)?.body ?? '')).toBe(200);
    expect(await messageRow('whatsapp', id)).toEqual(read);
    expect((await verify({ phone: phone.local, code, name: 'Huda' })).statusCode).toBe(200);
  });

  it('refuses unsigned and forged webhooks, changing nothing', async () => {
    const phone = newMobile();
    await start(phone.local, 'whatsapp');
    await t.app.messageSender.flush();
    const id = whatsapp.list().at(-1)?.id ?? '';
    const before = await messageRow('whatsapp', id);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'x',
          changes: [
            { field: 'messages', value: { statuses: [{ id, status: 'failed', timestamp: '1', recipient_id: '1' }] } },
          ],
        },
      ],
    });
    expect(await whatsapp.postRaw(body, null)).toBe(401);
    expect(await whatsapp.postRaw(body, `sha256=${'0'.repeat(64)}`)).toBe(401);
    expect(await whatsapp.postRaw(body, whatsapp.sign(`${body} `))).toBe(401);
    expect(await messageRow('whatsapp', id)).toEqual(before);
    // The same bytes signed right are taken.
    expect(await whatsapp.postRaw(body)).toBe(200);
    expect(await messageRow('whatsapp', id)).toMatchObject({ status: 'failed' });
  });

  it('acknowledges a signed body it cannot read, logging it and changing nothing', async () => {
    const phone = newMobile();
    await start(phone.local, 'whatsapp', 'en', '10.0.5.1');
    await t.app.messageSender.flush();
    const id = whatsapp.list().at(-1)?.id ?? '';
    const before = await messageRow('whatsapp', id);
    const statuses = (status: object) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'x', changes: [{ field: 'messages', value: { statuses: [status] } }] }],
      });
    const warned = vi.spyOn(t.app.log, 'warn');
    try {
      // Meta retries whatever is not a 200 for days, and the same bytes would be refused each time: taken, and logged.
      for (const body of [
        'not json',
        'null',
        statuses({ id, status: 'failed', timestamp: '1', recipient_id: '1', errors: 'undeliverable' }),
        statuses({ status: 'read', timestamp: '1', recipient_id: '1' }),
      ]) {
        expect(await whatsapp.postRaw(body), body).toBe(200);
        expect(warned).toHaveBeenLastCalledWith(
          expect.anything(),
          'a signed WhatsApp notification the shop cannot read',
        );
      }
      // A status the shop does not keep (Meta adds some) is taken and leaves the message as it was.
      warned.mockClear();
      expect(await whatsapp.postRaw(statuses({ id, status: 'deleted', timestamp: '1', recipient_id: '1' }))).toBe(200);
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
    expect(await messageRow('whatsapp', id)).toEqual(before);
  });

  it("records a failed message with Meta's reason", async () => {
    const phone = newMobile();
    await start(phone.local, 'whatsapp', 'en', '10.0.3.1');
    await t.app.messageSender.flush();
    const id = whatsapp.list().at(-1)?.id ?? '';
    expect(await whatsapp.status(id, 'failed', 'Message undeliverable: not a WhatsApp number')).toBe(200);
    expect(await messageRow('whatsapp', id)).toMatchObject({
      status: 'failed',
      lastError: 'Message undeliverable: not a WhatsApp number',
    });
  });

  it("answers Meta's verification with the challenge only for the right token", async () => {
    const url = (token: string) =>
      `/api/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const right = await t.app.inject({ method: 'GET', url: url(ENV.WHATSAPP_VERIFY_TOKEN) });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(right.body).toBe('1158201444');
    expect((await t.app.inject({ method: 'GET', url: url('guess') })).statusCode).toBe(403);
  });

  it("hands a shopper's reply to the modules that asked, once however often Meta delivers it", async () => {
    const heard: string[] = [];
    t.app.replies.subscribe(async (reply) => void heard.push(`${reply.from} ${reply.text ?? reply.buttonPayload}`));
    expect(await whatsapp.reply('201555000001', { text: 'إيقاف' })).toBe(200);
    expect(await whatsapp.reply('201555000001', { buttonPayload: 'confirm:order-1' })).toBe(200);
    expect(await whatsapp.postRaw(whatsapp.notified.at(-1)?.body ?? '')).toBe(200);
    expect(heard).toEqual(['+201555000001 إيقاف', '+201555000001 confirm:order-1']);
  });
});

describe('the templates', () => {
  it("are every one in the guide's table, which the merchant submits to Meta from", () => {
    const guide = fs.readFileSync(new URL('../../../../../docs/guide/messaging.md', import.meta.url), 'utf8');
    const rows = guide.split('\n').filter((line) => line.startsWith('| `'));
    const listed = new Set(
      rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1])),
    );
    expect(
      Object.values(TEMPLATES)
        .filter((template) => !listed.has(template.name))
        .map((t) => t.name),
    ).toEqual([]);
  });
});

describe('provider settings', () => {
  it("default to CEQUENS's and Meta's addresses, and refuse a provider named without the rest", () => {
    const cequens = { CEQUENS_API_KEY: 'key', CEQUENS_SENDER: 'EGPShop', CEQUENS_DLR_SECRET: 'a-secret-of-16-chars' };
    expect(cequensSettings.parse(cequens).CEQUENS_API_URL).toBe('https://apis.cequens.com');
    const whatsappEnv = {
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'secret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
    };
    expect(whatsappSettings.parse(whatsappEnv)).toMatchObject({
      WHATSAPP_API_URL: 'https://graph.facebook.com',
      WHATSAPP_API_VERSION: WHATSAPP_DEFAULT_VERSION,
    });
    expect(() => cequensSettings.parse({ CEQUENS_API_KEY: 'key' })).toThrow(/CEQUENS_SENDER/);
    expect(() => cequensSettings.parse({ ...cequens, CEQUENS_DLR_SECRET: 'short' })).toThrow(/16 characters/);
    expect(() => whatsappSettings.parse({ WHATSAPP_ACCESS_TOKEN: 'token' })).toThrow(/WHATSAPP_APP_SECRET/);
  });
});

describe('the simulators', () => {
  it('refuse a wrong key, token or phone number id, as CEQUENS and Meta do, and keep nothing of it', async () => {
    const [smsBefore, whatsappBefore] = [sms.list().length, whatsapp.list().length];
    const post = (url: string, authorization: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const text = { messageText: 'hi', senderName: 'EGPShop', messageType: 'text', recipients: '201012345678' };
    expect((await post(sms.url + CEQUENS_MESSAGES_PATH, 'Bearer not-the-key', text)).status).toBe(401);
    expect((await post(sms.url + CEQUENS_MESSAGES_PATH, `Bearer ${ENV.CEQUENS_API_KEY}`, text)).status).toBe(200);
    const template = {
      messaging_product: 'whatsapp',
      to: '201012345678',
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: '123456' }] }],
      },
    };
    const route = (id: string) => whatsapp.url + messagesPath(WHATSAPP_DEFAULT_VERSION, id);
    const token = `Bearer ${ENV.WHATSAPP_ACCESS_TOKEN}`;
    expect((await post(route(ENV.WHATSAPP_PHONE_NUMBER_ID), 'Bearer not-the-token', template)).status).toBe(401);
    expect((await post(route('100000000000999'), token, template)).status).toBe(400);
    expect((await post(route(ENV.WHATSAPP_PHONE_NUMBER_ID), token, template)).status).toBe(200);
    expect([sms.list().length, whatsapp.list().length]).toEqual([smsBefore + 1, whatsappBefore + 1]);
  });
});

describe('CEQUENS delivery reports', () => {
  it('marks a message delivered, or failed with the reason, and refuses an address without the secret', async () => {
    const [one, two] = [newMobile(), newMobile()];
    await start(one.local);
    await start(two.local);
    await t.app.messageSender.flush();
    const [first, second] = sms.list().slice(-2);
    expect(await sms.deliver(first?.id ?? '')).toBe(200);
    expect(await sms.undeliver(second?.id ?? '')).toBe(200);
    expect(await messageRow('cequens', first?.id ?? '')).toMatchObject({ status: 'delivered' });
    expect(await messageRow('cequens', second?.id ?? '')).toMatchObject({ status: 'failed', lastError: 'UnDelivered' });
    const guessed = await t.app.inject({
      method: 'GET',
      url: `/api/messaging/cequens/dlr/not-the-secret?MessageId=${first?.id}&Status=2`,
    });
    expect(guessed.statusCode).toBe(404);
    expect(await messageRow('cequens', first?.id ?? '')).toMatchObject({ status: 'delivered' });
  });
});

describe('the queue', () => {
  it('sends nothing of a transaction that rolled back', async () => {
    const phone = newMobile();
    const before = sms.list().length;
    await transaction(t.app.db, async (tx) => {
      await queueMessage(tx, {
        kind: SIGN_IN_CODE,
        channel: 'sms',
        to: phone.stored,
        language: 'en',
        payload: { code: '123456' },
      });
      throw new Error('the change failed');
    }).catch(() => undefined);
    expect(await t.app.messageSender.flush()).toBe(0);
    expect(sms.list().length).toBe(before);
    expect(await t.app.db.select().from(messages).where(eq(messages.to, phone.stored))).toEqual([]);
  });

  it('retries an SMS the provider failed, and sends each once with two instances, the second started later', async () => {
    const before = sms.list().length;
    sms.failSends(1);
    const phones = [newMobile(), newMobile(), newMobile()];
    for (const phone of phones) await start(phone.local);
    await t.app.messageSender.flush();
    expect(sms.list().length).toBe(before + 2);
    const failed = await t.app.db.select().from(messages).where(eq(messages.status, 'queued'));
    expect(failed.map((m) => m.lastError)).toEqual([expect.stringMatching(/CEQUENS answered 500/)]);
    // Due after its backoff, and taken by one of two instances sending at once.
    t.clock.advance(61_000);
    const other = await t.sibling();
    const [a, b] = await Promise.all([t.app.messageSender.flush(), other.messageSender.flush()]);
    expect(a + b).toBe(1);
    expect(sms.list().length).toBe(before + 3);
    expect(
      new Set(
        sms
          .list()
          .slice(before)
          .map((m) => m.request.recipients),
      ),
    ).toEqual(new Set(phones.map((p) => p.stored.slice(1))));
  });
});

/** A new shopper signed up by a code sent by `channel`, their screens in `language`. */
async function phoneShopper(channel: 'sms' | 'whatsapp', language: 'ar' | 'en') {
  const phone = newMobile();
  // From an address of their own: the sign-in tests spend the default address's twenty codes an hour.
  await start(phone.local, channel, language, '10.0.4.1');
  await t.app.messageSender.flush();
  const code =
    channel === 'sms' ? await smsCodeFor(phone.stored) : (whatsapp.list().at(-1)?.text.match(/\d{6}/)?.[0] ?? '');
  const session = (await verify({ phone: phone.local, code, name: 'هدى' })).json<{
    token: string;
    user: { _id: string };
  }>();
  const headers = { 'x-access-token': session.token, 'accept-language': language };
  return { phone, session, headers, account: { id: session.user._id, email: '', token: session.token, headers } };
}

describe('order messages', () => {
  it("go by the channel the shopper signed in with, in the order's language, and by the one they choose", async () => {
    const { phone, session } = await phoneShopper('whatsapp', 'ar');
    const headers = { 'x-access-token': session.token };
    const me = await t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { name: 'هدى علي' } });
    expect(me.json()).toMatchObject({ user: { contactChannel: 'whatsapp', email: null } });

    const shopper = {
      id: session.user._id,
      email: '',
      token: session.token,
      headers: { ...headers, 'accept-language': 'ar' },
    };
    const order = await placeOrderOf(
      t.app,
      shopper as Account,
      [[await createProduct(t.app.db, { stock: 3 }), 1]],
      ADDRESS,
      'cash',
    );
    await t.app.messageSender.flush();
    const sent = whatsapp.list().at(-1);
    expect(sent?.request.template).toMatchObject({ name: 'order_confirmed', language: { code: 'ar' } });
    expect(sent?.text).toBe(
      `EGP Shop: تم تأكيد طلبك #${order._id.slice(0, 8).toUpperCase()}. http://127.0.0.1:${port}/ar/Orders`,
    );

    // SMS chosen in the profile: the next message goes by SMS; e-mail cannot be chosen without an address.
    const noEmail = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers,
      payload: { contactChannel: 'email' },
    });
    expect(noEmail.statusCode).toBe(400);
    const toSms = await t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { contactChannel: 'sms' } });
    expect(toSms.json()).toMatchObject({ user: { contactChannel: 'sms' } });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/cancel`,
      headers: shopper.headers,
      payload: { reason: 'changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    await t.app.messageSender.flush();
    const text = sms.list().at(-1);
    expect(text?.request).toMatchObject({ recipients: phone.stored.slice(1), messageType: 'unicode' });
    expect(text?.request.messageText).toMatch(/^EGP Shop: تم إلغاء طلبك #/);
    expect(text?.parts).toBe(1);
  });

  it('say a card order is placed and waits for its payment, in one part', async () => {
    const { phone, account } = await phoneShopper('sms', 'ar');
    const order = await placeOrderOf(
      t.app,
      account as Account,
      [[await createProduct(t.app.db, { stock: 3 }), 1]],
      ADDRESS,
      'visa',
    );
    expect(order.status).toBe('pending');
    await t.app.messageSender.flush();
    const placed = sms.list().at(-1);
    expect(placed?.request.recipients).toBe(phone.stored.slice(1));
    expect(placed?.request.messageText).toBe(
      `EGP Shop: طلبك #${order._id.slice(0, 8).toUpperCase()} ينتظر الدفع. http://127.0.0.1:${port}/ar/Orders`,
    );
    expect(placed?.parts).toBe(1);

    // Every move's message, by each phone channel, in both languages: its own template, the order's reference and
    // link (the courier's, once shipped and the day it comes), in one SMS part; an Arabic one with Bosta's long
    // tracking link takes two.
    const shipped = { ...order, trackingUrl: trackingUrl('bosta', '1234567890') };
    // A Fawry reference's message carries its own payload (what to pay, where, until when): fawry.test.ts has it; a
    // confirmation's request and reminder carry their link: confirmations.test.ts has them; the pay link of a phone
    // order: staff-orders.test.ts.
    const ownPayload = ['pay_reference', 'pay_link', 'confirm_request', 'confirm_reminder'];
    for (const kind of ORDER_MAIL_KINDS.filter((each) => !ownPayload.includes(each)))
      for (const language of ['ar', 'en'] as const) {
        const queued = { id: 1, kind, orderId: order._id, to: phone.stored, language, payload: null };
        const message = queued as unknown as QueuedMessage;
        const text = renderMessage('sms', message, shipped, 'https://shop.example').text;
        expect(text).toContain(`#${order._id.slice(0, 8).toUpperCase()}`);
        // The shopper's orders at their address in the message's language.
        const orders = `https://shop.example${language === 'ar' ? '/ar' : ''}/Orders`;
        const parcel = kind === 'shipped' || kind === 'out_for_delivery';
        expect(text).toContain(parcel ? shipped.trackingUrl : orders);
        expect(smsParts(text).parts, text).toBe(parcel && language === 'ar' ? 2 : 1);
        const template = renderMessage('whatsapp', message, shipped, 'https://shop.example').template;
        expect(template).toMatchObject({ name: `order_${kind}`, language });
      }

    // Out for delivery with cash to pay at the door: the amount the courier's report carried, in the reader's words.
    const ref = `#${order._id.slice(0, 8).toUpperCase()}`;
    const comes = {
      id: 1,
      kind: 'out_for_delivery',
      orderId: order._id,
      to: phone.stored,
      payload: { collect: '1250' },
    };
    const comesIn = (language: 'ar' | 'en') => ({ ...comes, language }) as unknown as QueuedMessage;
    const textOf = (language: 'ar' | 'en') => renderMessage('sms', comesIn(language), shipped, 'https://shop.example');
    expect(textOf('en').text).toBe(
      `EGP Shop: order ${ref} is out for delivery today; please have EGP 1,250 ready in cash: ${shipped.trackingUrl}`,
    );
    expect(textOf('ar').text).toBe(
      `EGP Shop: طلبك ${ref} خرج للتوصيل، جهّز ${smsText(formatPrice(1250, intlLocale('ar')))} نقدًا: ${shipped.trackingUrl}`,
    );
    expect(renderMessage('whatsapp', comesIn('ar'), shipped, 'https://shop.example').template).toMatchObject({
      name: 'order_out_for_delivery_cash',
      language: 'ar',
    });
  });
});

describe('cart reminders', () => {
  const DAY = 24 * 60 * 60_000;
  const addToCart = async (headers: Record<string, string>, productId: string) =>
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cart/incItem',
          headers,
          payload: { product_id: productId, flag: 1 },
        })
      ).statusCode,
    ).toBe(200);
  const agree = async (headers: Record<string, string>, cartReminders: boolean) =>
    (await t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { cartReminders } })).json<{
      user: { cartReminders: boolean };
    }>();
  const remindersTo = (to: string) =>
    whatsapp.list().filter((m) => m.request.to === to && m.request.template.name === 'cart_reminder');
  /** Moves the clock on and runs a pass: how many reminders it queued. */
  const passAfter = async (ms: number) => {
    t.clock.advance(ms);
    const queued = await t.app.cartReminders.flush();
    await t.app.messageSender.flush();
    return queued;
  };

  it('reminds once of a cart left a day, by WhatsApp in Arabic, once more after it changes, never after STOP', async () => {
    const { phone, headers } = await phoneShopper('whatsapp', 'ar');
    const product = await createProduct(t.app.db, { stock: 5 });
    await addToCart(headers, product.id);
    // Off until the shopper agrees: a day later nothing comes.
    expect(await passAfter(DAY + 60_000)).toBe(0);
    expect((await agree(headers, true)).user.cartReminders).toBe(true);
    await addToCart(headers, product.id);
    expect(await passAfter(DAY - 60_000)).toBe(0);

    // Two instances at once: one reminder.
    t.clock.advance(2 * 60_000);
    const sibling = await t.sibling();
    const [mine, theirs] = await Promise.all([t.app.cartReminders.flush(), sibling.cartReminders.flush()]);
    expect(mine + theirs).toBe(1);
    // Whichever queued it woke its own sender: both passes are waited for.
    await Promise.all([t.app.messageSender.flush(), sibling.messageSender.flush()]);
    const [reminder, ...more] = remindersTo(phone.stored.slice(1));
    expect(more).toEqual([]);
    expect(reminder?.request.template.language.code).toBe('ar');
    expect(reminder?.text).toMatch(
      new RegExp(
        `^EGP Shop: سلتك بانتظارك: http://127.0.0.1:${port}/CartPage لإيقاف التذكير: http://127.0.0.1:${port}/api/messaging/reminders/stop/`,
      ),
    );
    expect(reminder?.request.template.components).toContainEqual({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: 'cart_reminders_stop' }],
    });
    // Left longer: still the one.
    expect(await passAfter(DAY)).toBe(0);

    // Changed again, then left a day: a second.
    await addToCart(headers, product.id);
    expect(await passAfter(DAY + 60_000)).toBe(1);
    expect(remindersTo(phone.stored.slice(1))).toHaveLength(2);

    // STOP in Arabic, as the shopper types it: no more, and the profile shows it.
    expect(await whatsapp.reply(phone.stored.slice(1), { text: ' إيقاف ' })).toBe(200);
    await addToCart(headers, product.id);
    expect(await passAfter(DAY + 60_000)).toBe(0);
    const [me] = await t.app.db
      .select({ language: users.cartRemindersLanguage })
      .from(users)
      .where(eq(users.verifiedPhone, phone.stored));
    expect(me?.language).toBeNull();
  });

  it('stops by the signed link of an SMS, in the language agreed in, with no sign-in; a forged link does nothing', async () => {
    const { phone, headers, session } = await phoneShopper('sms', 'en');
    await agree(headers, true);
    await addToCart(headers, (await createProduct(t.app.db, { stock: 5 })).id);
    expect(await passAfter(DAY + 60_000)).toBe(1);
    const text = sms
      .list()
      .filter((m) => m.request.recipients === phone.stored.slice(1))
      .at(-1)?.request.messageText;
    expect(text).toMatch(/^EGP Shop: your cart is waiting for you: /);
    const link = text?.match(/http:\S+\/reminders\/stop\/\S+/)?.[0] ?? '';
    const path = new URL(link).pathname;

    const forged = path.replace(session.user._id, UNKNOWN_ID);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${path}x` })).statusCode).toBe(404);
    const stop = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'ar' } });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/html/);
    expect(stop.body).toContain('lang="en"');
    expect(stop.body).toContain('you will get no more cart reminders');
    const me = await t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { name: 'Huda' } });
    expect(me.json()).toMatchObject({ user: { cartReminders: false } });
  });

  it('reminds an e-mail account by e-mail, in the language agreed in, with the opt-out link', async () => {
    const shopper = await registerShopper(t.app, 'Reem Mail');
    const headers = { ...shopper.headers, 'accept-language': 'ar' };
    expect((await agree(headers, true)).user.cartReminders).toBe(true);
    await addToCart(headers, (await createProduct(t.app.db, { stock: 5 })).id);
    expect(await passAfter(DAY + 60_000)).toBe(1);
    const [mail, ...more] = (await mailsTo(t, shopper.email)).filter((m) => m.subject === 'سلتك بانتظارك');
    expect(more).toEqual([]);
    expect(mail?.text).toMatch(
      new RegExp(
        `^EGP Shop: سلتك بانتظارك: \\S+/CartPage لإيقاف التذكير: \\S+/api/messaging/reminders/stop/${shopper.id}\\.`,
      ),
    );
  });

  it('stops on a STOP whose opt-out failed once, when Meta delivers it again', async () => {
    const shopper = await phoneShopper('whatsapp', 'en');
    expect((await agree(shopper.headers, true)).user.cartReminders).toBe(true);
    const failing = vi.spyOn(t.app.cartReminders, 'optOutPhone').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect(await whatsapp.reply(shopper.phone.stored.slice(1), { text: 'STOP' })).toBe(500);
      expect(await whatsapp.postRaw(whatsapp.notified.at(-1)?.body ?? '')).toBe(200);
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      failing.mockRestore();
    }
    const [me] = await t.app.db
      .select({ language: users.cartRemindersLanguage })
      .from(users)
      .where(eq(users.verifiedPhone, shopper.phone.stored));
    expect(me).toEqual({ language: null });
  });

  it("stops on STOP in English and on the reminder's button, as on إيقاف", async () => {
    const [byWord, byButton] = [await phoneShopper('whatsapp', 'en'), await phoneShopper('whatsapp', 'en')];
    for (const shopper of [byWord, byButton])
      expect((await agree(shopper.headers, true)).user.cartReminders).toBe(true);
    expect(await whatsapp.reply(byWord.phone.stored.slice(1), { text: 'Stop' })).toBe(200);
    expect(await whatsapp.reply(byButton.phone.stored.slice(1), { buttonPayload: 'cart_reminders_stop' })).toBe(200);
    const rows = await t.app.db
      .select({ language: users.cartRemindersLanguage })
      .from(users)
      .where(inArray(users.verifiedPhone, [byWord.phone.stored, byButton.phone.stored]));
    expect(rows).toEqual([{ language: null }, { language: null }]);
  });
});
