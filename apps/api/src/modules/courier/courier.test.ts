import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { API_MSG, DEFAULT_SHIPPING_RATES, formatPrice, type Order } from '@shop/contracts';
import { auditLogs, courierEvents, messages, orders } from '../../db/schema.js';
import { mailsTo } from '../../../test/outbox.js';
import {
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
  payByCard,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import * as probes from '../../../test/order-probes.js';
import { freePort } from '../../../test/security/server-process.js';
import { BOSTA_WEBHOOK_PATH } from './bosta/adapter.js';
import { startBostaSimulator } from './bosta/simulator.js';
import { STATE, type DeliveryRequest } from './bosta/wire.js';

/**
 * Shipping through Bosta end to end against its simulator: the shop listens on a real port, the
 * simulator takes the deliveries and posts its state callbacks there.
 */

const API_KEY = 'bosta_test_api_key';
const SECRET = 'bosta-webhook-secret-for-tests';

let t: TestContext;
let admin: Account;
let simulator: Awaited<ReturnType<typeof startBostaSimulator>>;

beforeAll(async () => {
  simulator = await startBostaSimulator({ apiKey: API_KEY });
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
    COURIER: 'bosta',
    BOSTA_API_KEY: API_KEY,
    BOSTA_API_URL: simulator.url,
    BOSTA_WEBHOOK_SECRET: SECRET,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const ship = (orderId: string, extra: object = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}/status`,
    headers: admin.headers,
    payload: { status: 'shipped', ...extra },
  });
const statusOf = async (orderId: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const stockOf = (product: ProductFixture) => probes.stockOf(t.app.db, product);
const mailsOf = (orderId: string) => probes.mailsOf(t.app.db, orderId);
const historyOf = (orderId: string) => probes.historyOf(t.app.db, orderId);
const DAY = 24 * 60 * 60_000;
/** Prices are written with a no-break space; the assertions write a plain one. */
const plain = (text: string | undefined) => (text ?? '').replaceAll('\u00a0', ' ');
/** The e-mail telling the shopper their order is out for delivery, as it reached them. */
const outForDeliveryMail = async (user: Account, orderId: string) =>
  (await mailsTo(t, user.email)).find(
    (mail) => mail.subject === `Your order ${orderId.slice(0, 8).toUpperCase()} is out for delivery today`,
  );
/** What the shop asked Bosta for this order (the latest request). */
const requestFor = (orderId: string) =>
  simulator.received
    .map((r) => r.body as DeliveryRequest)
    .filter((body) => body.businessReference === orderId)
    .at(-1);

async function cashOrder(user: Account) {
  const product = await createProduct(t.app.db, { stock: 5 });
  return { product, order: await placeOrderOf(t.app, user, [[product, 2]], ADDRESS, 'cash') };
}

async function paidCardOrder(user: Account) {
  const product = await createProduct(t.app.db, { stock: 4 });
  const order = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'visa');
  await payByCard(t.app, user, order._id);
  expect(await statusOf(order._id)).toBe('paid');
  return { product, order };
}

/** A cash order shipped through Bosta; its tracking number. */
async function shippedOrder(user: Account) {
  const { product, order } = await cashOrder(user);
  const res = await ship(order._id);
  expect(res.statusCode, res.body).toBe(200);
  const { trackingNumber } = res.json() as Order;
  if (!trackingNumber) throw new Error('shipped without a tracking number');
  return { product, order, trackingNumber };
}

const unknownParcelAudits = async (trackingNumber: string) =>
  (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'unknown_parcel')))
    .map((row) => row.data as Record<string, unknown> | null)
    .filter((data) => data?.trackingNumber === trackingNumber);

/** Posts a callback as Bosta would, with `secret` in the Authorization header. */
const callback = (body: object, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: BOSTA_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { authorization: secret }) },
    payload: JSON.stringify(body),
  });

describe('shipping through Bosta', () => {
  it('creates the delivery of a cash order with its bill to collect, and ships it with the tracking number', async () => {
    const user = await registerShopper(t.app, 'Mona Ali Hassan');
    const { order } = await cashOrder(user);
    const res = await ship(order._id);
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json() as Order;
    const request = requestFor(order._id);
    expect(request).toMatchObject({
      type: 10,
      cod: order.bill,
      receiver: { firstName: 'Mona', lastName: 'Ali Hassan', phone: ADDRESS.phone },
      dropOffAddress: { city: ADDRESS.state, zone: ADDRESS.city, firstLine: ADDRESS.street, buildingNumber: '12' },
      specs: { packageDetails: { itemsCount: 2 } },
      webhookUrl: expect.stringMatching(/\/api\/courier\/bosta\/webhook$/) as unknown,
      webhookCustomHeaders: { Authorization: SECRET },
      allowToOpenPackage: false,
    });
    // Nothing empty is sent for what the shopper left out.
    expect(Object.keys(request?.dropOffAddress ?? {}).sort()).toEqual(['buildingNumber', 'city', 'firstLine', 'zone']);
    expect(request).not.toHaveProperty('notes');
    expect(simulator.received.at(-1)?.authorization).toBe(API_KEY);
    const parcel = simulator.deliveries.get(shipped.trackingNumber ?? '');
    expect(parcel?.request.businessReference).toBe(order._id);
    expect(shipped.status).toBe('shipped');
    expect(shipped.trackingUrl).toContain(`shipment-number=${shipped.trackingNumber}`);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ courier: 'bosta', trackingNumber: shipped.trackingNumber });
    expect(await mailsOf(order._id)).toEqual(['confirm_request', 'confirmed', 'shipped']);
  });

  it('tells Bosta the apartment, floor, landmark and instructions, and that the parcel opens if the order was told so', async () => {
    const owner = await createAdmin(t.app);
    const setOpening = async (openBeforeAccepting: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/shipping/rates',
        headers: owner.headers,
        payload: { ...DEFAULT_SHIPPING_RATES, openBeforeAccepting },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const user = await registerShopper(t.app, 'Omar Said');
    const product = await createProduct(t.app.db, { stock: 3 });
    const address = {
      ...ADDRESS,
      apartment: '14',
      floor: 'الثالث',
      landmark: 'Behind Omar Effendi',
      instructions: '  Call when you arrive: the doorman takes it after 6 pm  ',
    };
    const before = await placeOrderOf(t.app, user, [[product, 1]], ADDRESS, 'cash');
    await setOpening(true);
    let told: Order;
    try {
      told = await placeOrderOf(t.app, user, [[product, 1]], address, 'cash');
    } finally {
      await setOpening(false);
    }
    // Turned off since: the order placed while it was on keeps what its shopper was told.
    for (const order of [before, told]) expect((await ship(order._id)).statusCode).toBe(200);
    expect(requestFor(told._id)).toMatchObject({
      dropOffAddress: {
        firstLine: ADDRESS.street,
        buildingNumber: ADDRESS.building,
        apartment: '14',
        floor: 'الثالث',
        secondLine: 'Behind Omar Effendi',
      },
      notes: 'Call when you arrive: the doorman takes it after 6 pm',
      allowToOpenPackage: true,
    });
    expect(requestFor(before._id)?.allowToOpenPackage).toBe(false);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${told._id}`, headers: owner.headers });
    expect(detail.json()).toMatchObject({
      openBeforeAccepting: true,
      deliveryAddress: { instructions: 'Call when you arrive: the doorman takes it after 6 pm' },
    });
  });

  it('ships an order placed before addresses had apartment, floor, landmark and instructions', async () => {
    const user = await registerShopper(t.app);
    const { order } = await cashOrder(user);
    await t.app.db
      .update(orders)
      .set({ deliveryAddress: sql`${orders.deliveryAddress} - 'apartment' - 'floor' - 'landmark' - 'instructions'` })
      .where(eq(orders.id, order._id));
    expect((await ship(order._id)).statusCode).toBe(200);
    const request = requestFor(order._id);
    expect(Object.keys(request?.dropOffAddress ?? {}).sort()).toEqual(['buildingNumber', 'city', 'firstLine', 'zone']);
    expect(request).not.toHaveProperty('notes');
  });

  it('collects nothing for a card order that is paid', async () => {
    const user = await registerShopper(t.app);
    const { order } = await paidCardOrder(user);
    const res = await ship(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(requestFor(order._id)?.cod).toBe(0);
    expect((res.json() as Order).status).toBe('shipped');
  });

  it('still takes a tracking number the admin types, without asking the courier', async () => {
    const user = await registerShopper(t.app);
    const { order } = await cashOrder(user);
    const asked = simulator.received.length;
    const res = await ship(order._id, { trackingNumber: 'HAND-7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', trackingNumber: 'HAND-7', trackingUrl: null });
    expect(simulator.received.length).toBe(asked);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.courier).toBeNull();
  });

  it.each([
    ['refuses', 'refused'],
    ['fails', 'error'],
    ['hangs up', 'hangup'],
  ] as const)(
    'answers 502 when Bosta %s, and the order stays confirmed; shipping again makes one parcel',
    async (_, how) => {
      const user = await registerShopper(t.app);
      const { order } = await cashOrder(user);
      simulator.failDeliveries(how);
      const res = await ship(order._id);
      expect(res.statusCode).toBe(502);
      expect((res.json() as { message: string }).message).toBe(API_MSG.courierFailed);
      expect(await statusOf(order._id)).toBe('confirmed');
      expect(await mailsOf(order._id)).toEqual(['confirm_request', 'confirmed']);

      const first = await ship(order._id);
      expect(first.statusCode, first.body).toBe(200);
      // A retry of a delivery Bosta did make (its answer lost) gives back the same parcel.
      const parcels = [...simulator.deliveries.values()].filter((d) => d.request.businessReference === order._id);
      expect(parcels).toHaveLength(1);
      expect((first.json() as Order).trackingNumber).toBe(parcels[0]?.trackingNumber);
    },
  );

  it('refuses an order that cannot ship, without asking the courier', async () => {
    const user = await registerShopper(t.app);
    const { trackingNumber, order } = await shippedOrder(user);
    const asked = simulator.received.length;
    const res = await ship(order._id);
    expect(res.statusCode).toBe(409);
    expect(simulator.received.length).toBe(asked);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.trackingNumber).toBe(trackingNumber);
  });

  it('books one parcel when Ship is pressed twice at once: the second is told the parcel is being booked', async () => {
    const user = await registerShopper(t.app);
    const { order } = await cashOrder(user);
    simulator.slowDeliveries(300);
    try {
      const first = ship(order._id);
      await expect.poll(() => requestFor(order._id)).toBeTruthy();
      const second = await ship(order._id);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(API_MSG.shipmentBooking);
      expect((await first).statusCode).toBe(200);
    } finally {
      simulator.slowDeliveries(0);
    }
    expect(simulator.received.filter((r) => (r.body as DeliveryRequest).businessReference === order._id)).toHaveLength(
      1,
    );
    expect(await statusOf(order._id)).toBe('shipped');
  });

  it('leaves the order as the shopper left it when it was cancelled while Bosta was asked', async () => {
    const user = await registerShopper(t.app);
    const { product, order } = await cashOrder(user);
    simulator.slowDeliveries(300);
    try {
      const shipping = ship(order._id);
      await expect.poll(() => requestFor(order._id)).toBeTruthy();
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/order/${order._id}/cancel`,
        headers: user.headers,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await shipping).statusCode).toBe(409);
    } finally {
      simulator.slowDeliveries(0);
    }
    expect(await statusOf(order._id)).toBe('cancelled');
    expect(await stockOf(product)).toBe(5);
  });
});

describe("Bosta's callbacks", () => {
  it('move a delivered parcel’s order to delivered, by the courier, with its e-mail', async () => {
    const user = await registerShopper(t.app);
    const { order, trackingNumber } = await shippedOrder(user);
    expect(await simulator.advance(trackingNumber, 47)).toBe(200);
    expect(await statusOf(order._id)).toBe('shipped');
    expect(await simulator.deliver(trackingNumber)).toBe(200);
    expect(await statusOf(order._id)).toBe('delivered');
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'delivered', actor: 'courier', reason: null });
    expect(await mailsOf(order._id)).toEqual(['confirm_request', 'confirmed', 'shipped', 'delivered']);
  });

  it('tell the shopper of a cash parcel out for delivery that it comes today, with the cash to have ready, once', async () => {
    const user = await registerShopper(t.app);
    const { order, trackingNumber } = await shippedOrder(user);
    expect(await simulator.advance(trackingNumber, STATE.outForDelivery)).toBe(200);
    expect(await simulator.advance(trackingNumber, STATE.outForDelivery)).toBe(200);
    expect(await statusOf(order._id)).toBe('shipped');
    expect(await mailsOf(order._id)).toEqual(['confirm_request', 'confirmed', 'shipped', 'out_for_delivery']);
    const mail = await outForDeliveryMail(user, order._id);
    expect(plain(mail?.text)).toContain(`To pay the courier in cash: ${plain(formatPrice(order.bill))}`);
    expect(mail?.text).toContain(`Tracking number: ${trackingNumber}`);
  });

  it('tell the amount at the door less a deposit paid online, to Bosta and to the shopper alike', async () => {
    const user = await registerShopper(t.app);
    const { order } = await cashOrder(user);
    // The delivery fees paid online first (docs/decisions/cash-deposit.md), in piastres.
    await t.app.db.update(orders).set({ deposit: 3_000, depositState: 'paid' }).where(eq(orders.id, order._id));
    const { trackingNumber } = (await ship(order._id)).json() as Order;
    expect(requestFor(order._id)?.cod).toBe(order.bill - 30);
    expect(await simulator.advance(trackingNumber ?? '', STATE.outForDelivery)).toBe(200);
    const mail = plain((await outForDeliveryMail(user, order._id))?.text);
    expect(mail).toContain(`Paid online ahead: ${plain(formatPrice(30))}`);
    expect(mail).toContain(`To pay the courier in cash: ${plain(formatPrice(order.bill - 30))}`);
  });

  it('tell the shopper of a paid parcel only that it comes, and nobody of a parcel delivered already', async () => {
    const user = await registerShopper(t.app);
    const { order } = await paidCardOrder(user);
    const { trackingNumber } = (await ship(order._id)).json() as Order;
    expect(await simulator.advance(trackingNumber ?? '', STATE.outForDelivery)).toBe(200);
    const mail = await outForDeliveryMail(user, order._id);
    expect(mail?.text).toContain('Your order is out for delivery today');
    expect(mail?.text).not.toContain('in cash');

    const { order: late, trackingNumber: lateNumber } = await shippedOrder(user);
    expect(await simulator.deliver(lateNumber)).toBe(200);
    // Bosta's report of the morning, heard after the delivery of the afternoon.
    expect(await simulator.advance(lateNumber, STATE.outForDelivery)).toBe(200);
    expect(await mailsOf(late._id)).not.toContain('out_for_delivery');
    expect(await statusOf(late._id)).toBe('delivered');
  });

  it('tell the shopper again the day a parcel goes out after a failed attempt, and not of a day gone by', async () => {
    const user = await registerShopper(t.app);
    const { order, trackingNumber } = await shippedOrder(user);
    const id = simulator.deliveries.get(trackingNumber)?.id;
    const outOn = (at: Date) => callback({ _id: id, trackingNumber, state: STATE.outForDelivery, timeStamp: +at });
    const told = async () => (await mailsOf(order._id)).filter((kind) => kind === 'out_for_delivery').length;
    // Yesterday's report, heard only today (a retry, the shop down): no longer news.
    expect((await outOn(new Date(t.clock.now().getTime() - DAY))).statusCode).toBe(200);
    expect(await told()).toBe(0);
    const today = t.clock.now();
    expect((await outOn(today)).statusCode).toBe(200);
    expect((await outOn(today)).statusCode).toBe(200);
    expect(await told()).toBe(1);
    t.clock.advance(DAY);
    try {
      expect((await outOn(t.clock.now())).statusCode).toBe(200);
      expect(await told()).toBe(2);
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it('leave unsent a message of the day a parcel comes once it is no longer true', async () => {
    const user = await registerShopper(t.app);
    const { order: waiting } = await shippedOrder(user);
    const { order: delivered, trackingNumber } = await shippedOrder(user);
    expect(await simulator.deliver(trackingNumber)).toBe(200);
    // Queued and never sent until now: a provider down, a WhatsApp template not approved yet.
    const queued = (orderId: string, createdAt: Date) =>
      t.app.db
        .insert(messages)
        .values({ kind: 'out_for_delivery', channel: 'email', to: user.email, language: 'en', orderId, createdAt })
        .returning({ id: messages.id });
    const [yesterday] = await queued(waiting._id, new Date(t.clock.now().getTime() - DAY));
    const [came] = await queued(delivered._id, t.clock.now());
    await t.app.messageSender.flush();
    const rows = await t.app.db
      .select({ id: messages.id, status: messages.status, error: messages.lastError, sentAt: messages.sentAt })
      .from(messages)
      .where(inArray(messages.id, [yesterday?.id ?? 0, came?.id ?? 0]))
      .orderBy(messages.id);
    expect(rows.map(({ status, error, sentAt }) => ({ status, error, sentAt }))).toEqual([
      { status: 'failed', error: 'Not sent: its day had passed', sentAt: null },
      { status: 'failed', error: 'Not sent: the parcel was no longer on its way', sentAt: null },
    ]);
    expect(await outForDeliveryMail(user, waiting._id)).toBeUndefined();
  });

  it('move a parcel back to the business to returned, its stock back on the shelf', async () => {
    const user = await registerShopper(t.app);
    const { product, order, trackingNumber } = await shippedOrder(user);
    expect(await stockOf(product)).toBe(3);
    expect(await simulator.returnToBusiness(trackingNumber)).toBe(200);
    expect(await statusOf(order._id)).toBe('returned');
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'returned', actor: 'courier', reason: null });
    expect(await stockOf(product)).toBe(5);
    // A cash order that never reached its shopper was never paid: there is no refund to record.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: admin.headers,
      payload: { paidBackBy: 'cash' },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(API_MSG.nothingCollected);
    expect(await statusOf(order._id)).toBe('returned');
  });

  it('apply one event once, however often it comes', async () => {
    const user = await registerShopper(t.app);
    const { product, order, trackingNumber } = await shippedOrder(user);
    const parcel = simulator.deliveries.get(trackingNumber);
    const event = { _id: parcel?.id, trackingNumber, state: 46, timeStamp: Date.now() };
    expect((await callback(event)).statusCode).toBe(200);
    expect((await callback({ ...event, timeStamp: Date.now() + 1 })).statusCode).toBe(200);
    expect(await stockOf(product)).toBe(5);
    expect((await historyOf(order._id)).filter((h) => h.status === 'returned')).toHaveLength(1);
    // An unknown parcel's event is never taken as handled: each call is refused, so the next can still apply it.
    const unknown = { _id: 'c0ffee', trackingNumber: 'NO-SUCH-PARCEL-1', state: 45 };
    expect((await callback(unknown)).statusCode).toBe(503);
    expect((await callback({ ...unknown, timeStamp: 1 })).statusCode).toBe(503);
    expect(await t.app.db.select().from(courierEvents).where(eq(courierEvents.id, 'bosta:c0ffee:45'))).toEqual([]);
  });

  it('acknowledge an outcome the order no longer allows, and change nothing', async () => {
    const user = await registerShopper(t.app);
    const { product, order, trackingNumber } = await shippedOrder(user);
    expect(await simulator.deliver(trackingNumber)).toBe(200);
    expect(await simulator.returnToBusiness(trackingNumber)).toBe(200);
    expect(await statusOf(order._id)).toBe('delivered');
    expect(await stockOf(product)).toBe(3);
  });

  it('refuse a forged or missing secret with 401, changing nothing', async () => {
    const user = await registerShopper(t.app);
    const { order, trackingNumber } = await shippedOrder(user);
    const parcel = simulator.deliveries.get(trackingNumber);
    const event = { _id: parcel?.id, trackingNumber, state: 45 };
    for (const secret of ['wrong-secret', `${SECRET}x`, '', null]) {
      const res = await callback(event, secret);
      expect(res.statusCode).toBe(401);
      expect((res.json() as { message: string }).message).toBe(API_MSG.invalidWebhookSecret);
    }
    expect(await statusOf(order._id)).toBe('shipped');
    const recorded = await t.app.db
      .select()
      .from(courierEvents)
      .where(eq(courierEvents.id, `bosta:${parcel?.id}:45`));
    expect(recorded).toEqual([]);
  });

  it('audit a parcel no order ships with once, and answer 503 to every call so that Bosta calls again', async () => {
    const event = { _id: 'a1b2c3', trackingNumber: 'NO-SUCH-PARCEL-2', state: 45 };
    for (const timeStamp of [1, 2, 3]) {
      const res = await callback({ ...event, timeStamp });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({ message: API_MSG.unavailable });
    }
    expect(await unknownParcelAudits('NO-SUCH-PARCEL-2')).toEqual([
      expect.objectContaining({ courier: 'bosta', trackingNumber: 'NO-SUCH-PARCEL-2', outcome: 'delivered' }),
    ]);
    // The API's document says so, for whoever reads it to call back.
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
    }>();
    expect(Object.keys(doc.paths[BOSTA_WEBHOOK_PATH]?.post?.responses ?? {})).toContain('503');
    // Another outcome of the same parcel is news of its own.
    expect((await callback({ ...event, state: 46 })).statusCode).toBe(503);
    expect((await unknownParcelAudits('NO-SUCH-PARCEL-2')).map((a) => a?.outcome).sort()).toEqual([
      'delivered',
      'returned',
    ]);
  });

  it('apply a callback that came before the tracking number was saved once Bosta calls again', async () => {
    const user = await registerShopper(t.app);
    const { order, trackingNumber } = await shippedOrder(user);
    // As between Bosta creating the delivery and the shop saving its number (orders/service.ts, shipWith).
    await t.app.db.update(orders).set({ trackingNumber: null }).where(eq(orders.id, order._id));
    expect(await simulator.deliver(trackingNumber)).toBe(503);
    await t.app.db.update(orders).set({ trackingNumber }).where(eq(orders.id, order._id));
    expect(await simulator.deliver(trackingNumber)).toBe(200);
    expect(await statusOf(order._id)).toBe('delivered');
    expect((await historyOf(order._id)).at(-1)).toEqual({ status: 'delivered', actor: 'courier', reason: null });
  });

  it('refuse a body that is not a Bosta callback with 400', async () => {
    expect((await callback({ hello: 'world' })).statusCode).toBe(400);
    const garbled = await t.app.inject({
      method: 'POST',
      url: BOSTA_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', authorization: SECRET },
      payload: '{not json',
    });
    expect(garbled.statusCode).toBe(400);
  });

  it('move only the parcel Bosta carries, not an order whose typed number is the same', async () => {
    const user = await registerShopper(t.app);
    const { order, trackingNumber } = await shippedOrder(user);
    const { order: byHand } = await cashOrder(user);
    expect((await ship(byHand._id, { trackingNumber })).statusCode).toBe(200);
    expect(await simulator.deliver(trackingNumber)).toBe(200);
    expect(await statusOf(order._id)).toBe('delivered');
    expect(await statusOf(byHand._id)).toBe('shipped');
  });
});

describe('without a courier', () => {
  let plain: TestContext;
  let plainAdmin: Account;
  beforeAll(async () => {
    plain = await createTestApp();
    plainAdmin = await createAdmin(plain.app);
  });
  afterAll(() => plain?.close());

  it('the admin types the tracking number, and the courier route is not there', async () => {
    const user = await registerShopper(plain.app);
    const product = await createProduct(plain.app.db, { stock: 3 });
    const order = await placeOrderOf(plain.app, user, [[product, 1]], ADDRESS, 'cash');
    const put = (payload: object) =>
      plain.app.inject({
        method: 'PUT',
        url: `/api/order/${order._id}/status`,
        headers: plainAdmin.headers,
        payload,
      });
    const missing = await put({ status: 'shipped' });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { message: string }).message).toBe(API_MSG.trackingNumberRequired);
    const typed = await put({ status: 'shipped', trackingNumber: 'EG-42' });
    expect(typed.json()).toMatchObject({ status: 'shipped', trackingNumber: 'EG-42' });
    const hook = await plain.app.inject({
      method: 'POST',
      url: BOSTA_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', authorization: SECRET },
      payload: JSON.stringify({ _id: 'x', trackingNumber: 'EG-42', state: 45 }),
    });
    expect(hook.statusCode).toBe(404);
  });
});
