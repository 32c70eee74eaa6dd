import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { PRODUCT_CSV_COLUMNS, VARIANT_CSV_COLUMNS, type ProductImport, type ProductOption } from '@shop/contracts';
import { backInStockRequests, messages, products, productVariants, users } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct, sizeOption } from '../../../test/fixtures.js';
import { mailsTo } from '../../../test/outbox.js';
import { multipart } from '../../../test/multipart.js';
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
    // Told by e-mail, the address partly hidden.
    const [local = '', domain] = shopper.email.split('@');
    const waiting = {
      waiting: [{ variant_id: null, reach: { channel: 'email', to: `${local.slice(0, 2)}•••@${domain}` } }],
    };
    expect(first.json()).toEqual(waiting);
    expect((await ask(shopper.headers, out.id)).json()).toEqual(waiting);
    const rows = await t.app.db.select().from(backInStockRequests).where(eq(backInStockRequests.userId, shopper.id));
    expect(rows).toHaveLength(1);
    const shown = await t.app.inject({ method: 'GET', url: `/api/back-in-stock/${out.id}`, headers: shopper.headers });
    expect(shown.json()).toEqual(waiting);

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
    expect((await ask(shopper.headers, product.id, large.id)).json()).toMatchObject({
      waiting: [{ variant_id: large.id }],
    });
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

  it('is woken by the stock coming back, with no poll due, a product’s first variants’ stock too', async () => {
    const shopper = await registerShopper(t.app, 'Rana Woken');
    const product = await createProduct(t.app.db, { stock: 0 });
    const gainsVariants = await createProduct(t.app.db, { stock: 0 });
    await ask(shopper.headers, product.id);
    await ask(shopper.headers, gainsVariants.id);
    const notified = async (productId: string) => {
      const [request] = await t.app.db
        .select({ notifiedAt: backInStockRequests.notifiedAt })
        .from(backInStockRequests)
        .where(eq(backInStockRequests.productId, productId));
      return request?.notifiedAt ?? null;
    };
    // A poll an hour away: only the announcement of db/sql/back-in-stock.sql can start a pass in time.
    t.app.backInStockAlerts.start(60 * 60_000);
    try {
      await t.app.backInStockAlerts.listening();
      await vi.waitFor(async () => expect(await alert()).toBe(0));
      await setStock(product.id, 3);
      await vi.waitFor(async () => expect(await notified(product.id)).not.toBeNull(), { timeout: 5000 });
      // Its first variants, in stock: the product's stock is set from theirs in an update of its options alone.
      const grid = await t.app.inject({
        method: 'PUT',
        url: `/api/product/${gainsVariants.id}/variants`,
        headers: admin.headers,
        payload: {
          options: [sizeOption('M')],
          variants: [
            {
              sku: `WOKEN-M-${gainsVariants.id.slice(0, 8)}`,
              options: { Size: 'M' },
              price: 80,
              compareAtPrice: null,
              stock: 2,
              image_path: [],
            },
          ],
        },
      });
      expect(grid.statusCode, grid.body).toBe(200);
      await vi.waitFor(async () => expect(await notified(gainsVariants.id)).not.toBeNull(), { timeout: 5000 });
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
    const reachOf = async (shopper: { headers: Record<string, string> }) =>
      (await t.app.inject({ url: `/api/back-in-stock/${product.id}`, headers: shopper.headers })).json<{
        waiting: { reach: unknown }[];
      }>().waiting[0]?.reach;
    for (const shopper of [withMail, withoutMail, askedAgain]) {
      const asked = await ask(shopper.headers, product.id);
      expect(asked.statusCode).toBe(200);
      const { stored } = shopper.phone;
      // The page says where the alert will go, as the pass will send it: "+20 15•••••678".
      expect(asked.json()).toEqual({
        waiting: [
          { variant_id: null, reach: { channel: 'whatsapp', to: `+20 ${stored.slice(3, 5)}•••••${stored.slice(-3)}` } },
        ],
      });
      expect(await whatsapp.reply(shopper.phone.stored.slice(1), { text: 'STOP' })).toBe(200);
    }
    expect(await reachOf(withMail)).toEqual({ channel: 'email', to: `br•••@example.com` });
    expect(await reachOf(withoutMail)).toBeNull();
    t.clock.advance(1000);
    expect((await ask(askedAgain.headers, product.id)).statusCode).toBe(200);
    expect(await reachOf(askedAgain)).toMatchObject({ channel: 'whatsapp' });

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

  it('for a product that gains options since, comes when any variant is back, naming none of them', async () => {
    const shopper = await registerShopper(t.app, 'Omar Options');
    const product = await createProduct(t.app.db, { stock: 0, name: 'Hat Plain' });
    await ask(shopper.headers, product.id);
    const options = [
      {
        name: 'Size',
        nameAr: null,
        values: [
          { value: 'M', valueAr: null },
          { value: 'L', valueAr: null },
        ],
      },
    ];
    const grid = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}/variants`,
      headers: admin.headers,
      payload: {
        options,
        variants: ['M', 'L'].map((size) => ({
          sku: `HAT-${size}-${product.id.slice(0, 8)}`,
          options: { Size: size },
          price: 80,
          compareAtPrice: null,
          stock: 0,
          image_path: [],
        })),
      },
    });
    expect(grid.statusCode, grid.body).toBe(200);
    expect(await alert()).toBe(0);

    const [, large] = await t.app.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    await t.app.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(eq(productVariants.id, large?.id ?? ''));
    expect(await alert()).toBe(1);
    const texts = (await mailsTo(t, shopper.email)).map((mail) => mail.text);
    expect(texts).toEqual([`EGP Shop: Hat Plain is back in stock: ${base}/product/one/${product.id}`]);
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

describe('a variant no longer sold', () => {
  const SIZES: ProductOption[] = [
    {
      name: 'Size',
      nameAr: 'المقاس',
      values: [
        { value: 'M', valueAr: 'وسط' },
        { value: 'L', valueAr: 'كبير' },
        { value: 'XL', valueAr: 'كبير جدًا' },
      ],
    },
  ];
  const waitingRows = (productId: string) =>
    t.app.db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, productId));
  const withdrawnTo = (to: string) =>
    t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'back_in_stock_withdrawn'), eq(messages.to, to)));

  /** The product's rows of the dashboard's export, as a spreadsheet reads them. */
  async function exportedRows(productId: string) {
    const file = await t.app.inject({ url: '/api/admin/products/export', headers: admin.headers });
    const rows = parse(file.body, { columns: true, bom: true }) as Record<string, string>[];
    return rows.filter((row) => row.id === productId);
  }
  /** Uploads a file of those rows, applies it, and waits for the import to end. */
  async function imported(rows: Record<string, string>[]) {
    const header = [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS];
    const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const body = [header, ...rows.map((row) => header.map((column) => quote(row[column] ?? '')))]
      .map((cells) => `${cells.join(',')}\r\n`)
      .join('');
    const form = multipart({}, [
      { field: 'file', filename: 'products.csv', contentType: 'text/csv', data: Buffer.from(body) },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/imports',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { _id } = upload.json<ProductImport>();
    const apply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/imports/${_id}/apply`,
      headers: admin.headers,
    });
    expect(apply.statusCode, apply.body).toBe(202);
    await t.app.productImports.flush();
    const job = await t.app.inject({ url: `/api/admin/products/imports/${_id}`, headers: admin.headers });
    expect(job.json<ProductImport>().result).toMatchObject({ update: 1, reject: 0 });
  }

  it('deleted by the CSV import: its askers are told it is no longer sold, or follow it made again under a new SKU', async () => {
    const { product, variants } = await createVariantProduct(
      t.app.db,
      SIZES,
      [
        { sku: 'TEE-M', options: { Size: 'M' }, price: 200, stock: 2 },
        { sku: 'TEE-L', options: { Size: 'L' }, price: 200, stock: 0 },
        { sku: 'TEE-XL', options: { Size: 'XL' }, price: 220, stock: 0 },
      ],
      { name: 'Tee Line', nameAr: 'تيشيرت لاين' },
    );
    const [, large, extraLarge] = variants;
    if (!large || !extraLarge) throw new Error('variants not made');
    const byMail = await registerShopper(t.app, 'Laila Large');
    const byWhatsapp = await whatsappShopper('ar');
    expect((await ask(byMail.headers, product.id, large.id)).statusCode).toBe(200);
    expect((await ask(byWhatsapp.headers, product.id, large.id)).statusCode).toBe(200);
    expect((await ask(byWhatsapp.headers, product.id, extraLarge.id)).statusCode).toBe(200);

    // The file drops L, and sells XL under a new SKU: a new variant of the same size.
    const [medium, , xl] = await exportedRows(product.id);
    if (!medium || !xl) throw new Error('rows not exported');
    await imported([medium, { ...xl, variantSku: 'TEE-XL-2' }]);

    const [newXl] = await t.app.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, 'TEE-XL-2'));
    if (!newXl) throw new Error('XL not made again');
    const left = await waitingRows(product.id);
    expect(left.map((row) => [row.userId, row.variantId, row.notifiedAt])).toEqual([[byWhatsapp.id, newXl.id, null]]);

    await t.app.messageSender.flush();
    const told = (await mailsTo(t, byMail.email)).filter((mail) => mail.subject === 'No longer sold');
    expect(told.map((mail) => mail.text)).toEqual([
      `EGP Shop: Tee Line (L) is no longer sold. See its other options: ${base}/product/one/${product.id}`,
    ]);
    const inArabic = whatsappTo(byWhatsapp.phone.stored).filter(
      (m) => m.request.template?.name === 'back_in_stock_withdrawn',
    );
    expect(inArabic.map((m) => m.text)).toEqual([
      `EGP Shop: تيشيرت لاين (كبير) لم يعد يُباع، شاهد غيره: ${base}/ar/product/one/${product.id}`,
    ]);

    // The XL asker hears when the new XL is in stock, of the new XL.
    await t.app.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, newXl.id));
    expect(await alert()).toBe(1);
    const back = whatsappTo(byWhatsapp.phone.stored).filter((m) => m.request.template?.name === 'back_in_stock');
    expect(back.map((m) => m.text)).toEqual([
      `EGP Shop: تيشيرت لاين (كبير جدًا) متوفر من جديد: ${base}/ar/product/one/${product.id}?variant=${newXl.id}`,
    ]);
  });

  it('deleted on the dashboard: told in the transaction that deletes it, and not at all if the save fails', async () => {
    const { product, variants } = await createVariantProduct(
      t.app.db,
      SIZES.map((option) => ({ ...option, values: option.values.slice(0, 2) })),
      [
        { sku: 'CAP-M', options: { Size: 'M' }, price: 90, stock: 1 },
        { sku: 'CAP-L', options: { Size: 'L' }, price: 90, stock: 0 },
      ],
      { name: 'Cap Grid' },
    );
    const [medium, large] = variants;
    if (!medium || !large) throw new Error('variants not made');
    const taken = await createVariantProduct(t.app.db, SIZES, [
      { sku: 'TAKEN-SKU', options: { Size: 'M' }, price: 90, stock: 1 },
    ]);
    const shopper = await registerShopper(t.app, 'Gamal Grid');
    expect((await ask(shopper.headers, product.id, large.id)).statusCode).toBe(200);
    const save = (extra: { sku: string; options: Record<string, string> }[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${product.id}/variants`,
        headers: admin.headers,
        payload: {
          options: SIZES,
          variants: [
            {
              _id: medium.id,
              sku: 'CAP-M',
              options: { Size: 'M' },
              price: 90,
              compareAtPrice: null,
              stock: 1,
              image_path: [],
            },
            ...extra.map((variant) => ({ ...variant, price: 90, compareAtPrice: null, stock: 0, image_path: [] })),
          ],
        },
      });

    // L left out, and a new XL whose SKU is another product's: the save is refused and nothing of it stays.
    const refused = await save([{ sku: taken.variants[0]?.sku ?? '', options: { Size: 'XL' } }]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await waitingRows(product.id)).map((row) => row.variantId)).toEqual([large.id]);
    expect(await withdrawnTo(shopper.email)).toEqual([]);

    const saved = await save([{ sku: 'CAP-XL', options: { Size: 'XL' } }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await waitingRows(product.id)).toEqual([]);
    expect((await withdrawnTo(shopper.email)).map((m) => m.payload)).toEqual([
      { product: 'Cap Grid (L)', productId: product.id },
    ]);
  });
});
