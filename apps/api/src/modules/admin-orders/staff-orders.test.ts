import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AdminOrdersPage, Cart, PhoneCustomer, StaffOrderPlaced } from '@shop/contracts';
import { addresses, auditLogs, cartItems, messages, orders, products, users } from '../../db/schema.js';
import {
  createAdmin,
  createStaff,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import type { CequensSimulator } from '../messaging/sms/simulator.js';
import type { WhatsAppSimulator } from '../messaging/whatsapp/simulator.js';
import { mobileMaker, startMessagingSimulators } from '../../../test/messaging-simulators.js';
import { smsParts } from '../messaging/sms/encoding.js';

/**
 * Orders staff take by phone or chat (POST /api/admin/orders): placed by the checkout's code for a customer found by
 * their mobile or made for it, with the server's prices, stock and fees, and the payment link of a `link` order sent
 * through the SMS and WhatsApp simulators.
 */
let t: TestContext;
let sms: CequensSimulator;
let whatsapp: WhatsAppSimulator;
let agent: Account;
let cataloguer: Account;

const staffMember = (role: string) => createStaff(t.app, role, 'Nour Staff');

beforeAll(async () => {
  const simulators = await startMessagingSimulators();
  ({ sms, whatsapp } = simulators);
  t = await createTestApp({ ...simulators.env, PUBLIC_URL: 'https://shop.example' });
  agent = await staffMember('orders');
  cataloguer = await staffMember('catalogue');
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
  await whatsapp?.close();
});

/** A mobile of its own for each test, as typed (012…) and as the shop stores it (+2012…). */
const newMobile = mobileMaker('0128');

const place = (payload: Record<string, unknown>, account: Account = agent, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: { ...account.headers, 'accept-language': language },
    payload,
  });

const stockOf = async (id: string) =>
  (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

describe('an order taken by phone', () => {
  it('makes a phone account for a new customer and places the order as the checkout does, at the server’s prices', async () => {
    const kettle = await createProduct(t.app.db, { price: 450, stock: 5, weight: 1 });
    const phone = newMobile();
    const res = await place({
      customerPhone: phone.local,
      customerName: 'Hoda Farid',
      // A price sent along is no part of the input, and changes nothing.
      items: [{ product_id: kettle.id, quantity: 2, price: 1 }],
      deliveryAddress: { ...ADDRESS, phone: phone.local },
      paymentMethod: 'cash',
      source: 'phone',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, customerCreated } = res.json() as StaffOrderPlaced;
    expect(customerCreated).toBe(true);
    // 2 × 450, Cairo's default 21 EGP delivery and the 9 EGP cash fee.
    // A cash order, however it came, waits for its customer's word as a web one does (docs/guide/cash-on-delivery.md).
    expect(order).toMatchObject({
      status: 'awaiting_confirmation',
      paymentMethod: 'cash',
      source: 'phone',
      itemsTotal: 900,
      shipping: 21,
      codFee: 9,
      bill: 930,
      customer: { name: 'Hoda Farid', email: '' },
    });
    expect(order.products).toMatchObject([{ product_id: kettle.id, quantity: 2, productBrief: { price: 450 } }]);
    expect(await stockOf(kettle.id)).toBe(3);

    // The account is a phone account: no e-mail or password, the mobile verified, reached by SMS.
    const [account] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, order.customer?._id ?? ''));
    expect(account).toMatchObject({
      name: 'Hoda Farid',
      email: null,
      passwordHash: null,
      verifiedPhone: phone.stored,
      contactChannel: 'sms',
      role: false,
    });
    // Its address book holds the delivery address, for the next call.
    const saved = await t.app.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, account?.id ?? ''));
    expect(saved).toMatchObject([{ street: ADDRESS.street, phone: phone.local }]);

    // The order's own message goes to the customer's mobile, as a web order's does.
    await t.app.messageSender.flush();
    const sent = sms.list().filter((m) => m.request.recipients === phone.stored.slice(1));
    expect(sent.map((m) => m.request.messageText)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^EGP Shop: confirm or cancel your cash order #${order._id.slice(0, 8).toUpperCase()}: https://shop.example/confirm/`,
        ),
      ),
    ]);

    // The dashboard's list shows where it came from, and filters by it; the audit log names the agent.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      query: { source: 'phone', q: phone.local },
      headers: agent.headers,
    });
    expect((list.json() as AdminOrdersPage).orders.map((o) => [o._id, o.source])).toEqual([[order._id, 'phone']]);
    const web = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      query: { source: 'web', q: phone.local },
      headers: agent.headers,
    });
    expect((web.json() as AdminOrdersPage).total).toBe(0);
    const [entry] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'order_placed'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry).toMatchObject({ userId: agent.id, type: 'admin' });
    expect(entry?.data).toMatchObject({ orderId: order._id, customerId: account?.id, source: 'phone' });
  });

  it('finds an existing customer by their mobile, offers their addresses, and leaves their cart alone', async () => {
    const shopper = await registerShopper(t.app, 'Mona Ali');
    const phone = newMobile();
    // Registered by e-mail, then proved the mobile with a code.
    await t.app.db.update(users).set({ verifiedPhone: phone.stored }).where(eq(users.id, shopper.id));
    await t.app.db.insert(addresses).values({ userId: shopper.id, ...ADDRESS, street: 'Nile Corniche' });
    const inCart = await createProduct(t.app.db, { stock: 4 });
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: inCart.id, quantity: 1 });

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/by-phone/${encodeURIComponent(`+2${phone.local}`)}`,
      headers: agent.headers,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      // No order yet: no language of theirs to offer.
      customer: { _id: shopper.id, name: 'Mona Ali', language: null },
      addresses: [{ street: 'Nile Corniche', state: 'Cairo' }],
    });
    expect((found.json() as PhoneCustomer).customer?.phone).toBe(phone.stored);
    const nobody = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/by-phone/${newMobile().local}`,
      headers: agent.headers,
    });
    expect(nobody.json()).toEqual({ customer: null, addresses: [] });

    const { product, variants } = await createVariantProduct(
      t.app.db,
      [
        {
          name: 'Size',
          nameAr: null,
          values: [
            { value: 'S', valueAr: null },
            { value: 'M', valueAr: null },
          ],
        },
      ],
      [
        { options: { Size: 'S' }, price: 200, stock: 3 },
        { options: { Size: 'M' }, price: 250, stock: 3 },
      ],
    );
    const res = await place({
      customerPhone: phone.local,
      customerName: 'Somebody Else',
      items: [{ product_id: product.id, variant_id: variants[1]?.id, quantity: 1 }],
      deliveryAddress: { ...ADDRESS, street: 'Nile Corniche' },
      paymentMethod: 'cash',
      source: 'instagram',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, customerCreated } = res.json() as StaffOrderPlaced;
    expect(customerCreated).toBe(false);
    expect(order).toMatchObject({
      customer: { _id: shopper.id, name: 'Mona Ali' },
      source: 'instagram',
      itemsTotal: 250,
    });
    expect(order.products[0]?.variant).toMatchObject({ _id: variants[1]?.id });
    // The customer's own cart is theirs: an order taken for them does not empty it.
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toHaveLength(1);
    // The address was there already: not saved twice.
    expect(await t.app.db.select().from(addresses).where(eq(addresses.userId, shopper.id))).toHaveLength(1);
    // A registered shopper is reached by e-mail, their channel.
    const [queued] = await t.app.db.select().from(messages).where(eq(messages.orderId, order._id));
    expect(queued).toMatchObject({ kind: 'confirm_request', channel: 'email' });
  });

  it('sends a link order’s customer the link to pay it, by WhatsApp when they wrote from it, in their language', async () => {
    const lamp = await createProduct(t.app.db, { price: 300, stock: 2 });
    const phone = newMobile();
    const res = await place(
      {
        customerPhone: phone.stored,
        customerName: 'Omar Said',
        items: [{ product_id: lamp.id, quantity: 1 }],
        deliveryAddress: { ...ADDRESS, phone: phone.local },
        paymentMethod: 'link',
        source: 'whatsapp',
      },
      agent,
      'ar',
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as StaffOrderPlaced;
    // Paid online: a card order waiting for its payment, its stock held, no cash fee.
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'visa', source: 'whatsapp', codFee: 0, bill: 300 });
    expect(await stockOf(lamp.id)).toBe(1);

    await t.app.messageSender.flush();
    const ref = `#${order._id.slice(0, 8).toUpperCase()}`;
    const sent = whatsapp.list().filter((m) => m.request.to === phone.stored.slice(1));
    expect(sent.map((m) => m.request.template.name)).toEqual(['order_placed', 'order_pay_link']);
    const link = sent[1];
    expect(link?.request.template.language.code).toBe('ar');
    expect(link?.text).toBe(`EGP Shop: ادفع طلبك ${ref} من هنا: https://shop.example/ar/Stripe`);
  });

  it('leaves the customer’s own cart whole while their link order is being paid, and once it is paid', async () => {
    const shopper = await registerShopper(t.app);
    const phone = newMobile();
    await t.app.db.update(users).set({ verifiedPhone: phone.stored }).where(eq(users.id, shopper.id));
    const kettle = await createProduct(t.app.db, { price: 100, stock: 10 });
    // Two kettles the customer put in their cart; the agent takes one more by phone, paid by the link.
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: kettle.id, quantity: 2 });
    const res = await place({
      customerPhone: phone.local,
      customerName: 'Mona Ali',
      items: [{ product_id: kettle.id, quantity: 1 }],
      deliveryAddress: { ...ADDRESS, phone: phone.local },
      paymentMethod: 'link',
      source: 'phone',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as StaffOrderPlaced;
    const cart = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers })).json() as Cart;
    const inCart = async () => (await cart()).products.map((line) => line.quantity);

    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: shopper.headers,
      payload: { order_id: order._id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    // Its units never came from the cart, so the payment under way holds none of the cart's, nor says it does.
    expect(await inCart()).toEqual([2]);
    expect((await cart()).payingOrder).toBeNull();
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/offline/confirm',
      payload: {
        clientSecret: (intent.json() as { clientSecret: string }).clientSecret,
        card: { number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' },
      },
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    // Nor does its payment take the bought kettle out of the cart.
    expect(await inCart()).toEqual([2]);
  });

  it('writes to the customer in the language the agent chose, which the next call finds', async () => {
    const phone = newMobile();
    const byPhone = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/customers/by-phone/${phone.local}`,
          headers: agent.headers,
        })
      ).json() as PhoneCustomer;
    // The agent's dashboard is in English; the customer speaks Arabic.
    const res = await place({
      customerPhone: phone.local,
      customerName: 'Hoda Kamal',
      items: [{ product_id: (await createProduct(t.app.db, { price: 80 })).id, quantity: 1 }],
      deliveryAddress: ADDRESS,
      paymentMethod: 'link',
      source: 'phone',
      language: 'ar',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as StaffOrderPlaced;
    const [row] = await t.app.db.select({ language: orders.language }).from(orders).where(eq(orders.id, order._id));
    expect(row?.language).toBe('ar');
    await t.app.messageSender.flush();
    const texts = sms
      .list()
      .filter((m) => m.request.recipients === phone.stored.slice(1))
      .map((m) => m.request.messageText);
    expect(texts.some((text) => text.startsWith('EGP Shop: ادفع'))).toBe(true);
    // The next agent to take their call is offered the language of their newest order.
    expect((await byPhone()).customer).toMatchObject({ name: 'Hoda Kamal', language: 'ar' });
  });

  it('sends the link by SMS in one part, in either language, to a customer who called', async () => {
    const phone = newMobile();
    for (const language of ['en', 'ar']) {
      const res = await place(
        {
          customerPhone: phone.local,
          customerName: 'Salma Adel',
          items: [{ product_id: (await createProduct(t.app.db, { price: 1250.5 })).id, quantity: 1 }],
          deliveryAddress: ADDRESS,
          paymentMethod: 'link',
          source: 'phone',
        },
        agent,
        language,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.messageSender.flush();
    const links = sms
      .list()
      .filter((m) => m.request.recipients === phone.stored.slice(1) && m.request.messageText.includes('/Stripe'));
    expect(links.map((m) => m.request.messageText.startsWith('EGP Shop: ادفع'))).toEqual([false, true]);
    for (const m of links) expect(smsParts(m.request.messageText).parts, m.request.messageText).toBe(1);
  });

  it('prices an order before it is placed, as placing bills it', async () => {
    const fan = await createProduct(t.app.db, { price: 700, stock: 9, weight: 3 });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/quote',
      headers: agent.headers,
      payload: { items: [{ product_id: fan.id, quantity: 2 }], state: 'Aswan', paymentMethod: 'cash' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const phone = newMobile();
    const res = await place({
      customerPhone: phone.local,
      customerName: 'Adel Aswani',
      items: [{ product_id: fan.id, quantity: 2 }],
      deliveryAddress: { ...ADDRESS, state: 'Aswan', city: 'Aswan' },
      paymentMethod: 'cash',
      source: 'other',
    });
    const { order } = res.json() as StaffOrderPlaced;
    expect(quote.json()).toEqual({
      itemsTotal: order.itemsTotal,
      shipping: order.shipping,
      codFee: order.codFee,
      bill: order.bill,
      // Without the delivery phone, the quote says nothing of the cash rules (orders/cash-rules.test.ts).
      cash: null,
      // Nor does it ask for the customer's national ID: the shop issues no e-receipts (receipts/buyer-id.test.ts).
      buyerIdRequired: false,
    });
    expect(order.itemsTotal).toBe(1400);
  });

  it('answers 409 with the products that ran out, and takes nothing', async () => {
    const scarce = await createProduct(t.app.db, { stock: 1 });
    const phone = newMobile();
    const res = await place({
      customerPhone: phone.local,
      customerName: 'Rana Samir',
      items: [{ product_id: scarce.id, quantity: 2 }],
      deliveryAddress: ADDRESS,
      paymentMethod: 'cash',
      source: 'phone',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject([{ _id: scarce.id, stock: 1 }]);
    expect(await stockOf(scarce.id)).toBe(1);
    // Nothing of it stayed: neither an order nor the account made for it.
    expect(await t.app.db.select().from(users).where(eq(users.verifiedPhone, phone.stored))).toEqual([]);
  });

  it('refuses cash for a product sold only online, as the checkout does', async () => {
    const online = await createProduct(t.app.db, { name: 'Online Only TV', cod: false });
    const res = await place({
      customerPhone: newMobile().local,
      customerName: 'Tamer Nabil',
      items: [{ product_id: online.id, quantity: 1 }],
      deliveryAddress: ADDRESS,
      paymentMethod: 'cash',
      source: 'phone',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('Online Only TV') });
  });
});

describe('who may take an order, and what it must say', () => {
  const valid = (extra: Record<string, unknown> = {}) => ({
    customerPhone: '01012345678',
    customerName: 'Hoda Farid',
    items: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    deliveryAddress: ADDRESS,
    paymentMethod: 'cash',
    source: 'phone',
    ...extra,
  });

  it('is refused to a member without orders.create, and to shoppers, and changes nothing', async () => {
    const product = await createProduct(t.app.db, { stock: 2 });
    const body = valid({ customerPhone: newMobile().local, items: [{ product_id: product.id, quantity: 1 }] });
    const before = await t.app.db.select({ id: orders.id }).from(orders);
    expect((await place(body, cataloguer)).statusCode).toBe(403);
    expect((await place(body, await registerShopper(t.app))).statusCode).toBe(403);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/admin/customers/by-phone/01012345678',
      headers: cataloguer.headers,
    });
    expect(lookup.statusCode).toBe(403);
    expect(await t.app.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    expect(await stockOf(product.id)).toBe(2);
    // The owner holds every permission.
    expect((await place(body, await createAdmin(t.app))).statusCode).toBe(201);
  });

  it('answers 400 naming each field that is wrong, in the asker’s language', async () => {
    const res = await place(
      valid({ customerPhone: '12345', items: [], paymentMethod: 'card', source: 'web', customerName: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors).toMatchObject({
      customerPhone: 'Not valid phone',
      items: 'Add at least one product',
      paymentMethod: 'Choose cash on delivery or a payment link',
      source: 'Choose where the order came from: phone, WhatsApp, Instagram or other',
    });
    const arabic = await place(
      valid({ items: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 0 }] }),
      agent,
      'ar',
    );
    expect(arabic.json()).toMatchObject({ errors: { 'items.0.quantity': 'الكمية عدد صحيح من 1 إلى 99' } });

    const product = await createProduct(t.app.db);
    const twice = await place(
      valid({
        items: [
          { product_id: product.id, quantity: 1 },
          { product_id: product.id, quantity: 2 },
        ],
      }),
    );
    expect(twice.json()).toMatchObject({
      errors: { 'items.1.product_id': 'This product is in the order already: change its quantity instead' },
    });
    const unknown = await place(valid());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { 'items.0.product_id': 'Product not found' } });
    const { product: shirt } = await createVariantProduct(
      t.app.db,
      [{ name: 'Size', nameAr: null, values: [{ value: 'S', valueAr: null }] }],
      [{ options: { Size: 'S' }, price: 100, stock: 1 }],
    );
    const noVariant = await place(valid({ items: [{ product_id: shirt.id, quantity: 1 }] }));
    expect(noVariant.json()).toMatchObject({
      errors: { 'items.0.variant_id': 'Choose the options of this product first' },
    });
    const alien = await place(valid({ items: [{ product_id: shirt.id, variant_id: product.id, quantity: 1 }] }));
    expect(alien.json()).toMatchObject({ errors: { 'items.0.variant_id': 'This product has no such variant' } });
  });

  it('files the order of a mobile only typed into an account under a new account, not that one', async () => {
    const typist = await registerShopper(t.app, 'Typed It');
    const phone = newMobile();
    // Anyone may register with any mobile typed in: the caller is not this account's owner.
    await t.app.db.update(users).set({ phone: phone.local }).where(eq(users.id, typist.id));
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/by-phone/${phone.local}`,
      headers: agent.headers,
    });
    expect(found.json()).toEqual({ customer: null, addresses: [] });
    const product = await createProduct(t.app.db);
    const res = await place(valid({ customerPhone: phone.local, items: [{ product_id: product.id, quantity: 1 }] }));
    expect(res.statusCode, res.body).toBe(201);
    const { order, customerCreated } = res.json() as StaffOrderPlaced;
    expect(customerCreated).toBe(true);
    expect(order.customer).toMatchObject({ name: 'Hoda Farid', email: '' });
    expect(order.customer?._id).not.toBe(typist.id);
    expect(await t.app.db.select().from(addresses).where(eq(addresses.userId, typist.id))).toEqual([]);
    const [made] = await t.app.db.select().from(users).where(eq(users.verifiedPhone, phone.stored));
    expect(made?.id).toBe(order.customer?._id);
  });

  it('does not take an order for a staff member’s mobile', async () => {
    const phone = newMobile();
    await t.app.db.update(users).set({ verifiedPhone: phone.stored }).where(eq(users.id, cataloguer.id));
    const product = await createProduct(t.app.db);
    const res = await place(valid({ customerPhone: phone.local, items: [{ product_id: product.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { customerPhone: expect.stringContaining('staff member') } });
  });
});
