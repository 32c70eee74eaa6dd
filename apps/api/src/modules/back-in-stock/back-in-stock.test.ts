import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backInStockRequests, messages, products, productVariants, users } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import { mailsTo } from '../../../test/outbox.js';
import { freePort } from '../../../test/security/server-process.js';
import { mobileMaker, startMessagingSimulators } from '../../../test/messaging-simulators.js';
import type { WhatsAppSimulator } from '../messaging/whatsapp/simulator.js';
import type { CequensSimulator } from '../messaging/sms/simulator.js';

/**
 * "Notify me when it's back" end to end: shoppers ask over HTTP, the stock comes back by whichever writer, and the
 * alerts' pass queues one message per request, sent by the simulators of CEQUENS and WhatsApp or to the outbox.
 */
let t: TestContext;
let sms: CequensSimulator;
let whatsapp: WhatsAppSimulator;
let admin: Account;
let base: string;

beforeAll(async () => {
  const simulators = await startMessagingSimulators();
  ({ sms, whatsapp } = simulators);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ ...simulators.env, PUBLIC_URL: base, RATE_LIMIT_MAX: '1000000' });
  await t.app.listen({ port, host: '127.0.0.1' });
  whatsapp.setWebhook(`${base}/api/messaging/whatsapp/webhook`);
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
  await whatsapp?.close();
});

const newMobile = mobileMaker('0157');

/** A shopper signed in by a WhatsApp code, reached by WhatsApp, asking in `language`. */
async function whatsappShopper(language: 'ar' | 'en') {
  const phone = newMobile();
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/start',
    remoteAddress: '10.0.7.1',
    payload: { phone: phone.local, channel: 'whatsapp' },
  });
  expect(started.statusCode).toBe(202);
  await t.app.messageSender.flush();
  const code = whatsapp.list().at(-1)?.text.match(/\d{6}/)?.[0] ?? '';
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { phone: phone.local, code, name: 'هدى' },
  });
  const session = verified.json<{ token: string; user: { _id: string } }>();
  return { phone, id: session.user._id, headers: { 'x-access-token': session.token, 'accept-language': language } };
}

const ask = (headers: Record<string, string>, productId: string, variantId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/back-in-stock/${productId}`,
    headers,
    payload: variantId ? { variant_id: variantId } : {},
  });

const whatsappTo = (stored: string) => whatsapp.list().filter((m) => m.request.to === stored.slice(1));

/** Runs the alerts' pass and sends what it queued; resolves to how many alerts it queued. */
async function alert(): Promise<number> {
  const queued = await t.app.backInStockAlerts.flush();
  await t.app.messageSender.flush();
  return queued;
}

const setStock = (productId: string, stock: number) =>
  t.app.db.update(products).set({ stock }).where(eq(products.id, productId));

describe('asking', () => {
  it('is for what is out of stock, once per shopper, product and variant; cancelling ends it', async () => {
    const shopper = await registerShopper(t.app, 'Salma Ask');
    const inStock = await createProduct(t.app.db, { stock: 3 });
    for (const [language, message] of [
      ['en', 'This is in stock: add it to your cart instead'],
      ['ar', 'هذا المنتج متوفر: أضفه إلى سلتك بدلًا من ذلك'],
    ] as const) {
      const refused = await ask({ ...shopper.headers, 'accept-language': language }, inStock.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message });
    }

    const out = await createProduct(t.app.db, { stock: 0 });
    const first = await ask(shopper.headers, out.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ waiting: [null] });
    expect((await ask(shopper.headers, out.id)).json()).toEqual({ waiting: [null] });
    const rows = await t.app.db.select().from(backInStockRequests).where(eq(backInStockRequests.userId, shopper.id));
    expect(rows).toHaveLength(1);
    const shown = await t.app.inject({ method: 'GET', url: `/api/back-in-stock/${out.id}`, headers: shopper.headers });
    expect(shown.json()).toEqual({ waiting: [null] });

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/back-in-stock/${out.id}`,
      headers: shopper.headers,
    });
    expect(cancelled.json()).toEqual({ waiting: [] });
    await setStock(out.id, 5);
    expect(await alert()).toBe(0);
  });

  it('names a variant of a product with options, and is refused to staff', async () => {
    const shopper = await registerShopper(t.app, 'Nour Sizes');
    const { product, variants } = await createVariantProduct(
      t.app.db,
      [
        {
          name: 'Size',
          nameAr: 'المقاس',
          values: [
            { value: 'M', valueAr: 'وسط' },
            { value: 'L', valueAr: 'كبير' },
          ],
        },
      ],
      [
        { options: { Size: 'M' }, price: 300, stock: 4 },
        { options: { Size: 'L' }, price: 300, stock: 0 },
      ],
    );
    const [medium, large] = variants;
    if (!medium || !large) throw new Error('variants not made');
    expect((await ask(shopper.headers, product.id)).statusCode).toBe(400);
    expect((await ask(shopper.headers, product.id, medium.id)).statusCode).toBe(400);
    expect((await ask(shopper.headers, product.id, large.id)).json()).toEqual({ waiting: [large.id] });
    expect((await ask(admin.headers, product.id, large.id)).statusCode).toBe(403);
  });
});

describe('the limit', () => {
  it('lets a shopper cancel (or ask) 30 times a minute, then answers 429, counting each shopper apart', async () => {
    const [busy, calm] = [await registerShopper(t.app, 'Busy Bee'), await registerShopper(t.app, 'Calm Cat')];
    const product = await createProduct(t.app.db, { stock: 0 });
    const cancel = (shopper: Account) =>
      t.app.inject({ method: 'DELETE', url: `/api/back-in-stock/${product.id}`, headers: shopper.headers });
    for (let i = 0; i < 30; i++) expect((await cancel(busy)).statusCode).toBe(200);
    const refused = await cancel(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'Too many requests, please try again in a minute' });
    // Counted per shopper, not per address: the tests' shoppers all come from one.
    expect((await cancel(calm)).statusCode).toBe(200);
  });
});

describe('the alert', () => {
  it('goes once to each asker, in their language and channel, when a cancelled order gives the stock back', async () => {
    const buyer = await registerShopper(t.app, 'Buyer Bassem');
    const product = await createProduct(t.app.db, { stock: 5, name: 'Kettle Pro', nameAr: 'غلاية برو' });
    const order = await placeOrderOf(t.app, buyer, [[product, 5]], ADDRESS, 'cash');

    const byMail = await registerShopper(t.app, 'Mail Mona');
    const byWhatsapp = await whatsappShopper('ar');
    expect((await ask({ ...byMail.headers, 'accept-language': 'en' }, product.id)).statusCode).toBe(200);
    expect((await ask(byWhatsapp.headers, product.id)).statusCode).toBe(200);
    expect(await alert()).toBe(0);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/cancel`,
      headers: buyer.headers,
      payload: { reason: 'changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await alert()).toBe(2);

    const link = `${base}/product/one/${product.id}`;
    const mails = (await mailsTo(t, byMail.email)).filter((mail) => mail.subject === 'It is back in stock');
    expect(mails.map((mail) => mail.text)).toEqual([`EGP Shop: Kettle Pro is back in stock: ${link}`]);
    const sent = whatsappTo(byWhatsapp.phone.stored).filter((m) => m.request.template?.name === 'back_in_stock');
    expect(sent.map((m) => m.text)).toEqual([
      `EGP Shop: غلاية برو متوفر من جديد: ${base}/ar/product/one/${product.id}`,
    ]);
    expect(sent[0]?.request.template).toMatchObject({ language: { code: 'ar' } });

    // Out again and back again: each request was told once, and is done.
    await setStock(product.id, 0);
    await setStock(product.id, 2);
    expect(await alert()).toBe(0);
    expect(await mailsTo(t, byMail.email)).toHaveLength(mails.length);
  });

  it('follows a direct update of the stock, links to the variant asked for, and is sent by one of two instances', async () => {
    const shopper = await registerShopper(t.app, 'Hana Variant');
    const plain = await createProduct(t.app.db, { stock: 0, name: 'Lamp Nova' });
    const { product, variants } = await createVariantProduct(
      t.app.db,
      [{ name: 'Colour', nameAr: 'اللون', values: [{ value: 'Red', valueAr: 'أحمر' }] }],
      [{ options: { Colour: 'Red' }, price: 120, stock: 0 }],
      { name: 'Mug Dot' },
    );
    const [red] = variants;
    if (!red) throw new Error('variant not made');
    await ask(shopper.headers, plain.id);
    await ask(shopper.headers, product.id, red.id);

    await setStock(plain.id, 5);
    await t.app.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, red.id));
    const sibling = await t.sibling();
    // The sibling only races for the requests: its sender stays idle, so what was queued is sent by this one's flush.
    await sibling.messageSender.stop();
    const [mine, theirs] = await Promise.all([t.app.backInStockAlerts.flush(), sibling.backInStockAlerts.flush()]);
    expect(mine + theirs).toBe(2);
    expect(await alert()).toBe(0);
    const texts = (await mailsTo(t, shopper.email)).map((mail) => mail.text).sort();
    expect(texts).toEqual([
      `EGP Shop: Lamp Nova is back in stock: ${base}/product/one/${plain.id}`,
      `EGP Shop: Mug Dot (Red) is back in stock: ${base}/product/one/${product.id}?variant=${red.id}`,
    ]);
  });

  it('is woken by the stock coming back, with no poll due', async () => {
    const shopper = await registerShopper(t.app, 'Rana Woken');
    const product = await createProduct(t.app.db, { stock: 0 });
    await ask(shopper.headers, product.id);
    // A poll an hour away: only the announcement of db/sql/back-in-stock.sql can start a pass in time.
    t.app.backInStockAlerts.start(60 * 60_000);
    try {
      await t.app.backInStockAlerts.listening();
      await vi.waitFor(async () => expect(await alert()).toBe(0));
      await setStock(product.id, 3);
      await vi.waitFor(
        async () => {
          const [request] = await t.app.db
            .select({ notifiedAt: backInStockRequests.notifiedAt })
            .from(backInStockRequests)
            .where(eq(backInStockRequests.productId, product.id));
          expect(request?.notifiedAt).not.toBeNull();
        },
        { timeout: 5000 },
      );
    } finally {
      // The other tests run the passes themselves.
      await t.app.backInStockAlerts.stop();
    }
  });

  it('respects a STOP on WhatsApp: by e-mail when there is one, else none; an ask after the STOP is heard', async () => {
    const product = await createProduct(t.app.db, { stock: 0, name: 'Fan Breeze' });
    const [withMail, withoutMail, askedAgain] = [
      await whatsappShopper('en'),
      await whatsappShopper('en'),
      await whatsappShopper('en'),
    ];
    const email = `breeze${Date.now()}@example.com`;
    await t.app.db.update(users).set({ email }).where(eq(users.id, withMail.id));
    for (const shopper of [withMail, withoutMail, askedAgain]) {
      expect((await ask(shopper.headers, product.id)).statusCode).toBe(200);
      expect(await whatsapp.reply(shopper.phone.stored.slice(1), { text: 'STOP' })).toBe(200);
    }
    t.clock.advance(1000);
    expect((await ask(askedAgain.headers, product.id)).statusCode).toBe(200);

    await setStock(product.id, 4);
    expect(await alert()).toBe(2);
    const alerts = (stored: string) => whatsappTo(stored).filter((m) => m.request.template?.name === 'back_in_stock');
    expect(alerts(withMail.phone.stored)).toEqual([]);
    expect((await mailsTo(t, email)).map((mail) => mail.subject)).toEqual(['It is back in stock']);
    expect(alerts(withoutMail.phone.stored)).toEqual([]);
    expect(alerts(askedAgain.phone.stored)).toHaveLength(1);
    const open = await t.app.db
      .select()
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.productId, product.id)));
    expect(open.every((request) => request.notifiedAt)).toBe(true);
    const queued = await t.app.db.select().from(messages).where(eq(messages.kind, 'back_in_stock'));
    expect(queued.filter((m) => m.to === withoutMail.phone.stored)).toEqual([]);
  });

  it('is dropped with its product', async () => {
    const shopper = await registerShopper(t.app, 'Dina Gone');
    const product = await createProduct(t.app.db, { stock: 0 });
    await ask(shopper.headers, product.id);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    const left = await t.app.db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, product.id));
    expect(left).toEqual([]);
  });
});
