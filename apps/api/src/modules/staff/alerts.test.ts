import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  API_MSG_AR,
  LOW_STOCK_THRESHOLD,
  orderRef,
  variantValues,
  type AdminOrderDetail,
  type ProductList,
  type StaffAlerts,
} from '@shop/contracts';
import { messages, products, productVariants, users } from '../../db/schema.js';
import {
  alertsOf,
  chooseAlerts,
  confirmByShopper,
  createStaff,
  createTestApp,
  moveOrder,
  payByCard,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import { lowStockPayload } from './alert-message.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { loadOrder } from '../orders/queries.js';
import { renderMessage } from '../messaging/render.js';
import { smsParts } from '../messaging/sms/encoding.js';

const PUBLIC_URL = 'https://shop.example';

let smtp: TestSmtp;
let t: TestContext;
let owner: Account;
let desk: Account;
let mona: Account;
let product: { id: string };

/** The staff alerts queued about an order: who each goes to, by which channel, in which language. */
const alertsAbout = async (orderId: string) =>
  (
    await t.app.db
      .select({ kind: messages.kind, to: messages.to, channel: messages.channel, language: messages.language })
      .from(messages)
      .where(and(eq(messages.orderId, orderId), like(messages.kind, 'staff_%')))
      .orderBy(messages.id)
  ).map(({ kind, to, channel, language }) => `${kind} ${channel} ${to} ${language}`);

const cashOrder = (confirm = true) => placeOrderOf(t.app, mona, [[product, 1]], ADDRESS, 'cash', { confirm });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  owner = await createStaff(t.app, 'owner', 'Omar Owner');
  desk = await createStaff(t.app, 'orders', 'Dina Desk');
  mona = await registerShopper(t.app, 'Mona Ali');
  product = await createProduct(t.app.db, { stock: 50, price: 1250 });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

afterEach(async () => {
  // Every test chooses its own alerts.
  await t.app.db.update(users).set({ staffAlerts: [] });
  smtp.received.length = 0;
});

describe('a staff member’s alerts', () => {
  it('are chosen among those the role allows, and go by the member’s channel', async () => {
    const before = await alertsOf(t.app, desk);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<StaffAlerts>()).toEqual({
      alerts: [],
      language: 'en',
      allowed: ['new_order', 'return_requested'],
      channel: 'email',
      to: desk.email,
    });
    const saved = await chooseAlerts(t.app, desk, ['return_requested', 'new_order'], 'ar');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StaffAlerts>()).toMatchObject({ alerts: ['new_order', 'return_requested'], language: 'ar' });
    expect((await alertsOf(t.app, desk)).json<StaffAlerts>()).toMatchObject({
      alerts: ['new_order', 'return_requested'],
    });

    // The catalogue's desk reads orders but does not move them: no returns to be told of, but its stock.
    const catalogue = await createStaff(t.app, 'catalogue', 'Karim Catalogue');
    expect((await alertsOf(t.app, catalogue)).json<StaffAlerts>().allowed).toEqual([
      'new_order',
      'low_stock',
      'low_review',
    ]);
    const refused = await chooseAlerts(t.app, catalogue, ['return_requested'], 'ar');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_MSG_AR.alertBeyondYourRole);
    expect((await alertsOf(t.app, catalogue)).json<StaffAlerts>().alerts).toEqual([]);

    expect((await chooseAlerts(t.app, mona, ['new_order'])).statusCode).toBe(403);
    expect((await chooseAlerts(t.app, desk, ['restock'])).statusCode).toBe(400);
  });

  it('tell of a cash order once its shopper confirms it, to those who asked, in their language', async () => {
    expect((await chooseAlerts(t.app, desk, ['new_order'], 'ar')).statusCode).toBe(200);
    const suspended = await createStaff(t.app, 'orders', 'Samy Suspended');
    expect((await chooseAlerts(t.app, suspended, ['new_order'])).statusCode).toBe(200);
    await t.app.db.update(users).set({ staffSuspendedAt: new Date() }).where(eq(users.id, suspended.id));

    const order = await cashOrder(false);
    expect(order.status).toBe('awaiting_confirmation');
    expect(await alertsAbout(order._id)).toEqual([]);
    // Confirmed by its shopper: one alert, to the desk (the owner did not ask, the other member is suspended).
    await confirmByShopper(t.app, order._id);
    expect(await alertsAbout(order._id)).toEqual([`staff_new_order email ${desk.email} ar`]);

    await t.app.messageSender.flush();
    const mail = smtp.received.find((m) => m.to.includes(desk.email));
    const ref = `#${orderRef(order._id)}`;
    expect(mail?.subject).toBe(`طلب جديد \u2066${ref}\u2069`);
    // The bill as the shop writes prices in Arabic (the item and the delivery fees).
    expect(order.bill).toBe(1280);
    expect(mail?.text).toBe(
      `EGP Shop: طلب جديد ${ref} بقيمة \u200f1,280\u00a0ج.م.\u200f، الدفع عند الاستلام: ${PUBLIC_URL}/ar/dashboard/orders/${order._id}\n`,
    );
  });

  it('tell of an order paid online when it is paid, not while it waits for the payment', async () => {
    expect((await chooseAlerts(t.app, owner, ['new_order'])).statusCode).toBe(200);
    const order = await placeOrderOf(t.app, mona, [[product, 2]], ADDRESS, 'visa');
    expect(order.status).toBe('pending');
    expect(await alertsAbout(order._id)).toEqual([]);

    await payByCard(t.app, mona, order._id);
    expect(await alertsAbout(order._id)).toEqual([`staff_new_order email ${owner.email} en`]);

    await t.app.messageSender.flush();
    const mail = smtp.received.find((m) => m.to.includes(owner.email));
    expect(mail?.subject).toBe(`New order #${orderRef(order._id)}`);
    expect(mail?.text).toBe(
      `EGP Shop: new order #${orderRef(order._id)} of EGP\u00a02,500, paid online: ${PUBLIC_URL}/dashboard/orders/${order._id}\n`,
    );
  });

  it('tell of a return asked for, to the roles that handle returns as they stand at the time', async () => {
    // A custom role that may move orders, whose member asks for returns; the owner then takes the moving away.
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: owner.headers,
      payload: { name: 'Returns', permissions: ['orders.move'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    const { key } = role.json<{ key: string }>();
    const returns = await createStaff(t.app, key, 'Rana Returns');
    expect((await chooseAlerts(t.app, returns, ['return_requested'])).statusCode).toBe(200);
    expect((await chooseAlerts(t.app, desk, ['new_order', 'return_requested'])).statusCode).toBe(200);

    const delivered = async () => {
      const order = await cashOrder();
      await moveOrder(t.app, owner, order._id, 'shipped', { trackingNumber: `TRK${order._id.slice(0, 6)}` });
      await moveOrder(t.app, owner, order._id, 'delivered');
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/return`,
        headers: mona.headers,
        payload: { reason: 'Too small' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      return order;
    };
    const first = await delivered();
    expect(await alertsAbout(first._id)).toEqual([
      `staff_new_order email ${desk.email} en`,
      `staff_return_requested email ${returns.email} en`,
      `staff_return_requested email ${desk.email} en`,
    ]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/roles/${key}`,
      headers: owner.headers,
      payload: { name: 'Returns', permissions: ['orders.read'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await delivered();
    expect(await alertsAbout(second._id)).toEqual([
      `staff_new_order email ${desk.email} en`,
      `staff_return_requested email ${desk.email} en`,
    ]);
  });

  it('are not sent to the agent who confirmed the order on the phone, nor by a channel without an address', async () => {
    expect((await chooseAlerts(t.app, desk, ['new_order'])).statusCode).toBe(200);
    expect((await chooseAlerts(t.app, owner, ['new_order'])).statusCode).toBe(200);
    // Awaiting its shopper's confirmation, a cash order is not one to prepare yet.
    const order = await cashOrder(false);
    expect(await alertsAbout(order._id)).toEqual([]);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/confirmations/${order._id}/claim`,
      headers: desk.headers,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/confirmations/${order._id}/outcome`,
      headers: desk.headers,
      payload: { outcome: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await alertsAbout(order._id)).toEqual([`staff_new_order email ${owner.email} en`]);

    // The owner chose WhatsApp, and the account has no confirmed mobile: nothing can reach them there.
    await t.app.db.update(users).set({ contactChannel: 'whatsapp' }).where(eq(users.id, owner.id));
    const next = await cashOrder();
    expect(await alertsAbout(next._id)).toEqual([`staff_new_order email ${desk.email} en`]);
    expect((await alertsOf(t.app, owner)).json<StaffAlerts>()).toMatchObject({ channel: 'whatsapp', to: null });
    await t.app.db.update(users).set({ contactChannel: null }).where(eq(users.id, owner.id));
  });

  it('go by WhatsApp as their template, and stay off the order’s list of what the customer was told', async () => {
    const mobile = '+201055512345';
    await t.app.db
      .update(users)
      .set({ verifiedPhone: mobile, contactChannel: 'whatsapp' })
      .where(eq(users.id, desk.id));
    expect((await alertsOf(t.app, desk)).json<StaffAlerts>()).toMatchObject({ channel: 'whatsapp', to: '01055512345' });
    expect((await chooseAlerts(t.app, desk, ['new_order'], 'ar')).statusCode).toBe(200);
    const order = await cashOrder();
    expect(await alertsAbout(order._id)).toEqual([`staff_new_order whatsapp ${mobile} ar`]);

    const [queued] = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, order._id), eq(messages.kind, 'staff_new_order')));
    const loaded = await loadOrder(t.app.db, order._id);
    if (!queued || !loaded) throw new Error('the alert or its order is missing');
    const sent = renderMessage('whatsapp', queued, loaded, PUBLIC_URL);
    expect(sent.template).toMatchObject({ name: 'staff_new_order', language: 'ar' });
    expect(sent.template.parameters).toEqual([
      `#${orderRef(order._id)}`,
      '\u200f1,280\u00a0ج.م.\u200f',
      'الدفع عند الاستلام',
      `${PUBLIC_URL}/ar/dashboard/orders/${order._id}`,
    ]);
    // By SMS in English, the price's no-break space goes as a plain one: the GSM alphabet's, 160 characters a part.
    const english = renderMessage('sms', { ...queued, language: 'en' }, loaded, PUBLIC_URL);
    expect(english.text).toBe(
      `EGP Shop: new order #${orderRef(order._id)} of EGP 1,280, cash on delivery: ${PUBLIC_URL}/dashboard/orders/${order._id}`,
    );
    expect(smsParts(english.text)).toEqual({ coding: 'text', parts: 1 });

    const page = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order._id}`, headers: owner.headers });
    const told = page.json<AdminOrderDetail>().messages.map((message) => message.kind);
    expect(told.length).toBeGreaterThan(0);
    expect(told.filter((kind) => kind.startsWith('staff_'))).toEqual([]);
    await t.app.db.update(users).set({ verifiedPhone: null, contactChannel: null }).where(eq(users.id, desk.id));
  });
});

/** The worded alerts of a kind queued so far, oldest first: to whom, in which language, and what they say. */
const queuedOfKind = (kind: string) =>
  t.app.db
    .select({ to: messages.to, language: messages.language, payload: messages.payload })
    .from(messages)
    .where(eq(messages.kind, kind))
    .orderBy(messages.id);

describe('low-stock alerts', () => {
  const lowAlerts = () => queuedOfKind('staff_low_stock');
  const setStock = (id: string, stock: number) => t.app.db.update(products).set({ stock }).where(eq(products.id, id));
  const LINK = `${PUBLIC_URL}/ar/dashboard/DashProducts?stock=low`;

  it('tell who keeps the catalogue once a product falls to the threshold, by a sale or an edit', async () => {
    const keeper = await createStaff(t.app, 'catalogue', 'Karim Catalogue');
    expect((await chooseAlerts(t.app, keeper, ['low_stock'], 'ar')).statusCode).toBe(200);
    // The orders desk does not keep the catalogue.
    expect((await chooseAlerts(t.app, desk, ['low_stock'])).statusCode).toBe(403);
    const kettle = await createProduct(t.app.db, { name: 'Kettle', nameAr: 'غلاية', stock: LOW_STOCK_THRESHOLD + 2 });
    const buy = () => placeOrderOf(t.app, mona, [[kettle, 1]], ADDRESS, 'cash');
    const before = (await lowAlerts()).length;

    await buy(); // one above the threshold: not low yet
    expect(await t.app.lowStockAlerts.flush()).toBe(0);
    await buy(); // at the threshold
    expect(await t.app.lowStockAlerts.flush()).toBe(1);
    await buy(); // lower still: no news
    expect(await t.app.lowStockAlerts.flush()).toBe(0);
    // Restocked, then emptied by an edit: a fall again.
    await setStock(kettle.id, 40);
    await setStock(kettle.id, 0);
    expect(await t.app.lowStockAlerts.flush()).toBe(1);
    expect((await lowAlerts()).slice(before)).toEqual([
      { to: keeper.email, language: 'ar', payload: { products: `غلاية (بقي ${LOW_STOCK_THRESHOLD})`, link: LINK } },
      { to: keeper.email, language: 'ar', payload: { products: 'غلاية (نفد)', link: LINK } },
    ]);

    smtp.received.length = 0;
    await t.app.messageSender.flush();
    const mails = smtp.received.filter((m) => m.to.includes(keeper.email));
    expect(mails.map((mail) => [mail.subject, mail.text])).toEqual([
      ['المخزون ينفد', `EGP Shop: المخزون ينفد: غلاية (بقي ${LOW_STOCK_THRESHOLD}). راجعها: ${LINK}\n`],
      ['المخزون ينفد', `EGP Shop: المخزون ينفد: غلاية (نفد). راجعها: ${LINK}\n`],
    ]);
  });

  it('name the three with fewest left and count the rest, leaving out one restocked before the pass', async () => {
    expect((await chooseAlerts(t.app, owner, ['low_stock'])).statusCode).toBe(200);
    const shelf = await Promise.all(
      ['Cups', 'Plates', 'Bowls', 'Spoons', 'Forks'].map((name) =>
        createProduct(t.app.db, { name, stock: LOW_STOCK_THRESHOLD + 1 }),
      ),
    );
    const before = (await lowAlerts()).length;
    for (const [index, product] of shelf.entries()) await setStock(product.id, index);
    await setStock(shelf[4]?.id ?? '', 30);
    expect(await t.app.lowStockAlerts.flush()).toBe(1);
    expect((await lowAlerts()).slice(before)).toEqual([
      {
        to: owner.email,
        language: 'en',
        payload: {
          products: 'Cups (none left), Plates (1 left), Bowls (2 left) and 1 more',
          link: `${PUBLIC_URL}/dashboard/DashProducts?stock=low`,
        },
      },
    ]);
  });

  it('tell of a product sold in sizes whose variants fall low together, and count the rest in Arabic', async () => {
    expect((await chooseAlerts(t.app, owner, ['low_stock'])).statusCode).toBe(200);
    const size = {
      name: 'Size',
      nameAr: 'المقاس',
      values: [
        { value: 'M', valueAr: 'وسط' },
        { value: 'L', valueAr: 'كبير' },
      ],
    };
    const { variants } = await createVariantProduct(
      t.app.db,
      [size],
      [
        { options: { Size: 'M' }, price: 250, stock: 4 },
        { options: { Size: 'L' }, price: 250, stock: 4 },
      ],
      { name: 'Classic Tee' },
    );
    await t.app.lowStockAlerts.flush(); // the product's first variants, 8 in all: not low
    const before = (await lowAlerts()).length;
    // The product's stock is its variants' total (variant-totals.sql): 4 left once one size sells out.
    await t.app.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, variants[1]?.id ?? ''));
    expect(await t.app.lowStockAlerts.flush()).toBe(1);
    expect((await lowAlerts()).slice(before).map((alert) => alert.payload?.products)).toEqual([
      'Classic Tee (L: none left; M: 4 left)',
    ]);

    // Worded for an Arabic reader: English names set apart, the rest counted as Arabic counts.
    const shelf = ['Cups', 'Plates', 'Bowls', 'Spoons', 'Forks'].map((name, stock) => ({
      name,
      stock,
      sizes: [],
    }));
    expect(lowStockPayload(shelf, 'ar', PUBLIC_URL).products).toBe(
      '\u2068Cups\u2069 (نفد)، \u2068Plates\u2069 (بقي 1)، \u2068Bowls\u2069 (بقي 2) ومنتجان آخران',
    );
    expect(lowStockPayload(shelf.slice(0, 4), 'ar', PUBLIC_URL).products).toMatch(/ ومنتج آخر$/);
  });

  it('tell of one size falling low while the others sell on, and list its product as low', async () => {
    expect((await chooseAlerts(t.app, owner, ['low_stock'], 'ar')).statusCode).toBe(200);
    const sizes = {
      name: 'Size',
      nameAr: 'المقاس',
      values: ['S', 'M', 'L', 'XL', 'XXL'].map((value) => ({ value, valueAr: value === 'M' ? 'وسط' : null })),
    };
    const { product: hoodie, variants } = await createVariantProduct(
      t.app.db,
      [sizes],
      sizes.values.map(({ value }) => ({ options: { Size: value }, price: 600, stock: 20 })),
      { name: 'Fleece Hoodie', nameAr: 'هودي فليس' },
    );
    const [small, medium, large, extra, extraExtra] = variants.map((variant) => variant.id);
    const setSize = (id: string | undefined, stock: number) =>
      t.app.db
        .update(productVariants)
        .set({ stock })
        .where(eq(productVariants.id, id ?? ''));
    /** The hoodie's sizes low, as the products screen's low list gives them; null: not listed. */
    const listedLow = async () => {
      const res = await t.app.inject({ url: '/api/admin/products?lowStock=true&limit=48', headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      const listed = res.json<ProductList>().products.find((p) => p._id === hoodie.id);
      return listed?.lowSizes?.map((size) => [variantValues(size, 'ar'), size.stock]) ?? null;
    };
    await t.app.lowStockAlerts.flush();
    expect(await listedLow()).toBeNull();
    const before = (await lowAlerts()).length;

    // M sells to one above the threshold: nothing yet (the trigger's 5 is the threshold's).
    await setSize(medium, LOW_STOCK_THRESHOLD + 1);
    expect(await t.app.lowStockAlerts.flush()).toBe(0);
    expect(await listedLow()).toBeNull();
    // Then down to it, 80 still in the other sizes: news, and the product is listed as low.
    await setSize(medium, LOW_STOCK_THRESHOLD);
    expect(await t.app.lowStockAlerts.flush()).toBe(1);
    expect(await listedLow()).toEqual([['وسط', LOW_STOCK_THRESHOLD]]);
    // More sizes falling low later are news again: the sizes low now, fewest left first, the three emptiest named.
    await setSize(large, 2);
    await setSize(small, 0);
    await setSize(extra, 19);
    await setSize(extraExtra, 1);
    expect(await t.app.lowStockAlerts.flush()).toBe(1);
    expect((await lowAlerts()).slice(before).map((alert) => alert.payload?.products)).toEqual([
      `هودي فليس (\u2068وسط\u2069: بقي ${LOW_STOCK_THRESHOLD})`,
      'هودي فليس (\u2068S\u2069: نفد؛ \u2068XXL\u2069: بقي 1؛ \u2068L\u2069: بقي 2؛ …)',
    ]);
    expect(await listedLow()).toEqual([
      ['S', 0],
      ['XXL', 1],
      ['L', 2],
      ['وسط', LOW_STOCK_THRESHOLD],
    ]);
    // Restocked, it is listed no more.
    for (const id of [small, medium, large, extraExtra]) await setSize(id, 30);
    expect(await listedLow()).toBeNull();
  });
});

describe('low-review alerts', () => {
  const reviewAlerts = () => queuedOfKind('staff_low_review');
  const write = (rating: number, title: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: mona.headers,
      payload: { product: product.id, rating, title, comment: 'Not as shown' },
    });

  it('tell who answers reviews of a review giving two stars or fewer, as it is written', async () => {
    const support = await createStaff(t.app, 'support', 'Sara Support');
    expect((await chooseAlerts(t.app, support, ['low_review'], 'ar')).statusCode).toBe(200);
    // The orders desk does not answer reviews.
    expect((await chooseAlerts(t.app, desk, ['low_review'])).statusCode).toBe(403);
    expect((await chooseAlerts(t.app, owner, ['low_review'])).statusCode).toBe(200);
    const [named] = await t.app.db
      .update(products)
      .set({ name: 'Steam Iron', nameAr: 'مكواة بخار' })
      .where(eq(products.id, product.id))
      .returning({ id: products.id });
    expect(named?.id).toBe(product.id);
    const before = (await reviewAlerts()).length;

    expect((await write(3, 'It is fine')).statusCode).toBe(201);
    expect(await reviewAlerts()).toHaveLength(before);
    // Written again, lower: a shopper let down, told to both at once in their own language.
    expect((await write(2, 'Leaks water')).statusCode).toBe(201);
    expect(await write(1, 'Broke in a week')).toMatchObject({ statusCode: 201 });
    expect((await reviewAlerts()).slice(before)).toEqual([
      {
        to: owner.email,
        language: 'en',
        payload: {
          product: 'Steam Iron',
          stars: '2 stars',
          title: 'Leaks water',
          link: `${PUBLIC_URL}/dashboard/reviews?awaiting=true`,
        },
      },
      {
        to: support.email,
        language: 'ar',
        payload: {
          product: 'مكواة بخار',
          stars: 'نجمتين',
          title: '\u2068Leaks water\u2069',
          link: `${PUBLIC_URL}/ar/dashboard/reviews?awaiting=true`,
        },
      },
      expect.objectContaining({ to: owner.email, payload: expect.objectContaining({ stars: '1 star' }) }),
      expect.objectContaining({ to: support.email, payload: expect.objectContaining({ stars: 'نجمة واحدة' }) }),
    ]);

    await t.app.messageSender.flush();
    const mail = smtp.received.find((m) => m.to.includes(owner.email) && m.text.includes('Broke'));
    expect([mail?.subject, mail?.text]).toEqual([
      'A low review to answer',
      `EGP Shop: a review of Steam Iron gives 1 star: "Broke in a week". Answer it: ${PUBLIC_URL}/dashboard/reviews?awaiting=true\n`,
    ]);
  });
});
