import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AdminOrderDetail,
  EtaReceiptsPage,
  EtaSettings,
  Order,
  ShippingQuote,
  StaffOrderBill,
} from '@shop/contracts';
import { auditLogs, cartItems, etaReceipts, orders } from '../../db/schema.js';
import { createAdmin, createTestApp, registerShopper, type Account, type TestContext } from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import type { ReceiptDocument } from './document.js';
import { startEtaSimulator, type EtaSimulator } from './simulator.js';

/**
 * The buyer's national ID on an e-receipt (docs/decisions/eta-receipts.md, "Buyer"): asked of an order whose bill is
 * EGP 150,000 or more, only where the shop issues e-receipts; the server decides from its own bill, says so in the
 * checkout's and the staff's quotes, refuses an order without a valid ID with a 400 naming why, keeps the ID with the
 * order, shows no more than its last four digits, and puts it on the receipt's buyer.
 */

const RIN = '100200300';
const POS = { clientId: 'pos-client', clientSecret: 'pos-secret', posSerial: 'POS-ID-1', rin: RIN };
const SELLER: EtaSettings = {
  rin: RIN,
  companyTradeName: 'EGP Shop',
  branchCode: '0',
  branchAddress: { country: 'EG', governate: 'Cairo', regionCity: 'Nasr City', street: 'Abbas', buildingNumber: '1' },
  activityCode: '4791',
  deliveryItemCode: `EG-${RIN}-DELIVERY`,
};
/** Born 1 January 1990 in Cairo. */
const NATIONAL_ID = '29001010100015';
const IN_ARABIC_DIGITS = '٢٩٠٠١٠١٠١٠٠٠١٥';
/** A card order ships free by default: a product at this price is a bill of exactly the threshold. */
const THRESHOLD = 150_000;

type Context = { t: TestContext; admin: Account; shopper: Account };

async function context(env: Record<string, string> = {}): Promise<Context> {
  const t = await createTestApp(env);
  return { t, admin: await createAdmin(t.app), shopper: await registerShopper(t.app) };
}

/** The shopper's cart holds `price` worth of one product: what their card order is billed. */
async function cartOf({ t, shopper }: Context, price: number) {
  const product = await createProduct(t.app.db, { price, stock: 20 });
  await t.app.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
  await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, quantity: 1 });
  return product;
}

const quote = ({ t, shopper }: Context) =>
  t.app.inject({
    method: 'GET',
    url: '/api/shipping/quote',
    query: { state: 'Cairo', paymentMethod: 'visa' },
    headers: shopper.headers,
  });

const order = ({ t, shopper }: Context, nationalId?: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...shopper.headers, 'accept-language': language },
    payload: { deliveryAddress: ADDRESS, paymentMethod: 'visa', ...(nationalId === undefined ? {} : { nationalId }) },
  });

const storedId = async ({ t }: Context, orderId: string) =>
  (await t.app.db.select({ id: orders.buyerNationalId }).from(orders).where(eq(orders.id, orderId)))[0]?.id;

/** An order taken by staff for a new customer, of `price` worth of one product, paid by link. */
async function staffOrder({ t, admin }: Context, price: number, nationalId?: string) {
  const product = await createProduct(t.app.db, { price, stock: 20 });
  const items = [{ product_id: product.id, quantity: 1 }];
  const quoted = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/quote',
    headers: admin.headers,
    payload: { items, state: 'Cairo', paymentMethod: 'link' },
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: admin.headers,
    payload: {
      customerPhone: '01098765432',
      customerName: 'Hoda Farid',
      items,
      deliveryAddress: { ...ADDRESS, phone: '01098765432' },
      paymentMethod: 'link',
      source: 'phone',
      ...(nationalId === undefined ? {} : { nationalId }),
    },
  });
  return { quote: quoted.json<StaffOrderBill>(), placed };
}

describe('with e-receipts off', () => {
  let off: Context;
  beforeAll(async () => {
    off = await context();
  });
  afterAll(async () => {
    await off.t.close();
  });

  it('never asks: a bill over the threshold is placed without an ID, and one sent along is not kept', async () => {
    await cartOf(off, THRESHOLD * 2);
    expect((await quote(off)).json<ShippingQuote>().buyerIdRequired).toBe(false);
    const placed = await order(off, NATIONAL_ID);
    expect(placed.statusCode, placed.body).toBe(201);
    const [made] = placed.json<Order[]>();
    expect(made?.nationalIdEnding).toBeUndefined();
    expect(await storedId(off, made!._id)).toBeNull();

    const staff = await staffOrder(off, THRESHOLD * 2);
    expect(staff.quote.buyerIdRequired).toBe(false);
    expect(staff.placed.statusCode, staff.placed.body).toBe(201);
  });
});

describe('with e-receipts on', () => {
  let sim: EtaSimulator;
  let on: Context;
  beforeAll(async () => {
    sim = await startEtaSimulator(POS);
    on = await context({
      ETA_CLIENT_ID: POS.clientId,
      ETA_CLIENT_SECRET: POS.clientSecret,
      ETA_POS_SERIAL: POS.posSerial,
      ETA_POS_OS_VERSION: 'Debian 13',
      ETA_ID_URL: sim.url,
      ETA_API_URL: sim.url,
    });
  });
  afterAll(async () => {
    await on.t.close();
    await sim.close();
  });

  /**
   * Placed at the threshold without an ID while receipts were not issued yet, by a shopper of its own (a shopper's
   * newer card order replaces their unpaid one).
   */
  let placedBefore: { order: Order; productId: string; shopper: Account };
  it('asks nothing until the seller is saved: receipts are not issued yet', async () => {
    const early = { ...on, shopper: await registerShopper(on.t.app, 'Karim Nabil') };
    const product = await cartOf(early, THRESHOLD);
    expect((await quote(early)).json<ShippingQuote>().buyerIdRequired).toBe(false);
    const placed = await order(early);
    expect(placed.statusCode).toBe(201);
    placedBefore = { order: placed.json<Order[]>()[0]!, productId: product.id, shopper: early.shopper };
    const saved = await on.t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/eta',
      headers: on.admin.headers,
      payload: SELLER,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('below the threshold: not asked, placed without one, and an ID sent along is not kept', async () => {
    await cartOf(on, THRESHOLD - 0.01);
    expect((await quote(on)).json<ShippingQuote>().buyerIdRequired).toBe(false);
    const placed = await order(on, NATIONAL_ID);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await storedId(on, placed.json<Order[]>()[0]!._id)).toBeNull();
  });

  it('at the threshold: said in advance, and refused without a valid ID, in the shopper’s language', async () => {
    await cartOf(on, THRESHOLD);
    expect((await quote(on)).json<ShippingQuote>().buyerIdRequired).toBe(true);

    const none = await order(on, undefined, 'ar');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'national_id_required' });
    expect(none.json<{ message: string }>().message).toMatch(/الرقم القومي/);
    expect((await order(on, '   ')).json()).toMatchObject({ code: 'national_id_required' });

    const short = await order(on, NATIONAL_ID.slice(1));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'national_id_invalid',
      message: 'A national ID is 14 digits',
      errors: { nationalId: 'A national ID is 14 digits' },
    });
    // 14 digits, but born on 30 February, and in a governorate numbered 05, which none is.
    for (const wrong of ['29002300100015', '29001010500015']) {
      const refused = await order(on, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'national_id_invalid' });
    }
    // Nothing was placed by any of them: the cart is still there.
    expect(await on.t.app.db.select().from(cartItems).where(eq(cartItems.userId, on.shopper.id))).toHaveLength(1);
  });

  /** A product the ETA knows, so that its receipt is valid. */
  async function coded(productId: string) {
    const res = await on.t.app.inject({
      method: 'PUT',
      url: `/api/admin/eta/products/${productId}`,
      headers: on.admin.headers,
      payload: { itemType: 'GS1', itemCode: '6221234567890' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The shopper pays their card order; its sale receipt is issued with the payment. */
  async function payByCard(orderId: string, shopper = on.shopper) {
    const intent = await on.t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: shopper.headers,
      payload: { order_id: orderId },
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await on.t.app.inject({
      method: 'POST',
      url: '/api/payment/offline/confirm',
      payload: { clientSecret, card: { number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [receipt] = await on.t.app.db.select().from(etaReceipts).where(eq(etaReceipts.orderId, orderId));
    if (!receipt) throw new Error('no receipt issued');
    return receipt;
  }

  it('placed with a valid ID (Arabic-Indic digits welcome): kept, shown by its last four digits, on the receipt', async () => {
    const product = await cartOf(on, THRESHOLD);
    await coded(product.id);
    const placed = await order(on, IN_ARABIC_DIGITS);
    expect(placed.statusCode, placed.body).toBe(201);
    const [made] = placed.json<Order[]>();
    expect(made?.nationalIdEnding).toBe('0015');
    expect(placed.body).not.toContain(NATIONAL_ID);
    expect(await storedId(on, made!._id)).toBe(NATIONAL_ID);

    // The shopper's own order and list show the last four digits; another shopper does not see the order at all.
    const own = await on.t.app.inject({ method: 'GET', url: `/api/order/${made!._id}`, headers: on.shopper.headers });
    expect(own.json<Order>().nationalIdEnding).toBe('0015');
    const list = await on.t.app.inject({ method: 'GET', url: '/api/order', headers: on.shopper.headers });
    expect(list.body).not.toContain(NATIONAL_ID);
    const stranger = await registerShopper(on.t.app, 'Sara Adel');
    const theirs = await on.t.app.inject({ method: 'GET', url: `/api/order/${made!._id}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    // Staff who read orders see the same four digits.
    const admin = await on.t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${made!._id}`,
      headers: on.admin.headers,
    });
    expect(admin.json<AdminOrderDetail>().nationalIdEnding).toBe('0015');
    expect(admin.body).not.toContain(NATIONAL_ID);

    // Paid, its receipt names the buyer by it, and the ETA's validation takes it.
    const receipt = await payByCard(made!._id);
    const doc = JSON.parse(receipt.document) as ReceiptDocument;
    expect(doc.buyer).toEqual({ type: 'P', id: NATIONAL_ID, name: 'Mona Ali', mobileNumber: ADDRESS.phone });
    expect(doc.totalAmount).toBe(THRESHOLD);
    await on.t.app.receiptSender.flush();
    expect(sim.receipts.get(receipt.uuid)).toMatchObject({ status: 'Valid' });

    // The audit log keeps no copy of it.
    expect(JSON.stringify(await on.t.app.db.select().from(auditLogs))).not.toContain(NATIONAL_ID);
  });

  it('asks staff taking an order by phone under the same rule', async () => {
    const below = await staffOrder(on, THRESHOLD - 1);
    expect(below.quote.buyerIdRequired).toBe(false);
    expect(below.placed.statusCode, below.placed.body).toBe(201);

    const without = await staffOrder(on, THRESHOLD);
    expect(without.quote.buyerIdRequired).toBe(true);
    expect(without.placed.statusCode).toBe(400);
    expect(without.placed.json()).toMatchObject({ code: 'national_id_required' });
    expect((await staffOrder(on, THRESHOLD, '39001010100015')).placed.json()).toMatchObject({
      code: 'national_id_invalid',
    });

    const withId = await staffOrder(on, THRESHOLD, NATIONAL_ID);
    expect(withId.placed.statusCode, withId.placed.body).toBe(201);
    const { order: made } = withId.placed.json<{ order: Order }>();
    expect(made.nationalIdEnding).toBe('0015');
    expect(await storedId(on, made._id)).toBe(NATIONAL_ID);
  });

  it('paid after receipts began, an order placed before names its buyer without an ID, which the ETA takes', async () => {
    await coded(placedBefore.productId);
    const receipt = await payByCard(placedBefore.order._id, placedBefore.shopper);
    const doc = JSON.parse(receipt.document) as ReceiptDocument;
    expect(doc.totalAmount).toBe(THRESHOLD);
    expect(doc.buyer).toEqual({ type: 'P', name: 'Karim Nabil', mobileNumber: ADDRESS.phone });
    // The ETA's rules ask an id only of a buyer who is not a person (P), at any amount.
    await on.t.app.receiptSender.flush();
    expect(sim.receipts.get(receipt.uuid)).toMatchObject({ status: 'Valid' });
    const [row] = await on.t.app.db.select().from(etaReceipts).where(eq(etaReceipts.uuid, receipt.uuid));
    expect(row?.state).toBe('valid');
  });

  // Last of its chain: the simulator's chain does not take a receipt it rejected, so the next one would not follow.
  it('a buyer the ETA rejects: the receipt is invalid with the reason on the dashboard, and not sent again', async () => {
    const product = await cartOf(on, 100);
    await coded(product.id);
    const placed = await order(on);
    const receipt = await payByCard(placed.json<Order[]>()[0]!._id);
    // The shop names only persons; a business named without its registration number stands for any buyer refused.
    await on.t.app.db
      .update(etaReceipts)
      .set({ document: receipt.document.replace('"buyer":{"type":"P"', '"buyer":{"type":"B"') })
      .where(eq(etaReceipts.id, receipt.id));
    const sent = sim.received.length;
    await on.t.app.receiptSender.flush();
    expect(sim.received.slice(sent)).toEqual([receipt.uuid]);
    expect(sim.receipts.has(receipt.uuid)).toBe(false);
    const [row] = await on.t.app.db.select().from(etaReceipts).where(eq(etaReceipts.id, receipt.id));
    expect(row).toMatchObject({ state: 'invalid', errors: ['buyer.id: buyer.id is required or not valid'] });
    expect(row?.lastError).toBeNull();
    const listed = await on.t.app.inject({
      method: 'GET',
      url: '/api/admin/eta/receipts?state=invalid',
      headers: on.admin.headers,
    });
    expect(listed.json<EtaReceiptsPage>().receipts.find((r) => r.uuid === receipt.uuid)?.errors).toEqual([
      'buyer.id: buyer.id is required or not valid',
    ]);
    await on.t.app.receiptSender.flush();
    expect(sim.received.slice(sent)).toEqual([receipt.uuid]);
  });
});
