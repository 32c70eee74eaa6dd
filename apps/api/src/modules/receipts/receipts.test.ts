import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  API_MSG,
  API_MSG_AR,
  orderRef,
  type EtaReceipt,
  type EtaReceiptsPage,
  type EtaSettings,
  type EtaSettingsAnswer,
  type Order,
  type OrderStatus,
} from '@shop/contracts';
import { auditLogs, cartItems, etaPos, etaReceipts, payments, products, shippingSettings } from '../../db/schema.js';
import { paymentsService } from '../payments/service.js';
import type { PaymentEvent } from '../payments/provider.js';
import {
  confirmByShopper,
  createAdmin,
  createTestApp,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
  payByCard,
} from '../../../test/harness.js';
import { ADDRESS, createCategory, createProduct } from '../../../test/fixtures.js';
import { cashOrders } from '../../../test/cash-orders.js';
import { renderOrderMail } from '../messaging/email/templates/render.js';
import type { QueuedMessage } from '../messaging/queue.js';
import { renderMessage } from '../messaging/render.js';
import type { ReceiptDocument } from './document.js';
import { startEtaSimulator, type EtaSimulator } from './simulator.js';

const RIN = '100200300';
const POS = { clientId: 'pos-client', clientSecret: 'pos-secret', posSerial: 'POS-TEST-1', rin: RIN };
const SELLER: EtaSettings = {
  rin: RIN,
  companyTradeName: 'EGP Shop',
  branchCode: '0',
  branchAddress: { country: 'EG', governate: 'Cairo', regionCity: 'Nasr City', street: 'Abbas', buildingNumber: '1' },
  activityCode: '4791',
  deliveryItemCode: `EG-${RIN}-DELIVERY`,
};

let sim: EtaSimulator;
let t: TestContext;
let admin: Account;
let shopper: Account;
beforeAll(async () => {
  sim = await startEtaSimulator(POS);
  t = await createTestApp({
    ETA_CLIENT_ID: POS.clientId,
    ETA_CLIENT_SECRET: POS.clientSecret,
    ETA_POS_SERIAL: POS.posSerial,
    ETA_POS_OS_VERSION: 'Debian 13',
    ETA_ID_URL: sim.url,
    ETA_API_URL: sim.url,
  });
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, account = admin) =>
  t.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
const move = (id: string, status: OrderStatus, extra: object = {}) =>
  call('PUT', `/api/order/${id}/status`, { status, ...extra });
const receiptsOf = (orderId: string) =>
  t.app.db.select().from(etaReceipts).where(eq(etaReceipts.orderId, orderId)).orderBy(etaReceipts.seq);
const documentOf = (row: { document: string }) => JSON.parse(row.document) as ReceiptDocument;
const simulated = (uuid: string) => sim.receipts.get(uuid);
/** The offline provider's callback, as a provider's webhook hands it over. */
const receive = (event: PaymentEvent) => paymentsService(t.app).receive(t.app.payments.named('offline'), event);
const { depositOrder } = cashOrders(() => ({ t, admin }));

/** A product the ETA knows: a GS1 barcode. */
async function codedProduct(price = 100) {
  const product = await createProduct(t.app.db, { price, stock: 50 });
  expect(
    (await call('PUT', `/api/admin/eta/products/${product.id}`, { itemType: 'GS1', itemCode: '6221234567890' }))
      .statusCode,
  ).toBe(200);
  return product;
}

/** The order's shopper pays it online: the bill of a card order, the delivery fees of a cash order asked a deposit. */
const pay = (order: Order, account = shopper) => payByCard(t.app, account, order._id);

async function paidCardOrder(quantity = 1) {
  const order = await placeOrderOf(t.app, shopper, [[await codedProduct(), quantity]], ADDRESS, 'visa');
  await pay(order);
  return order;
}

describe('with nothing configured', () => {
  it('makes no receipt: the seller settings are still missing', async () => {
    const answer = (await call('GET', '/api/admin/settings/eta')).json<EtaSettingsAnswer>();
    expect(answer).toEqual({ settings: null, credentials: true, posSerial: POS.posSerial });
    const order = await paidCardOrder();
    expect(await receiptsOf(order._id)).toEqual([]);
    expect((await call('GET', `/api/order/${order._id}`, undefined, shopper)).json<Order>().etaReceipt).toBeUndefined();
  });

  it('takes the seller settings from an admin, checked', async () => {
    expect((await call('PUT', '/api/admin/settings/eta', { ...SELLER, rin: '12' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/settings/eta', SELLER, shopper)).statusCode).toBe(403);
    const saved = await call('PUT', '/api/admin/settings/eta', SELLER);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<EtaSettingsAnswer>().settings).toEqual(SELLER);
  });
});

describe('a sale', () => {
  it('by card is a receipt once paid, valid at the ETA, with its QR code on the invoice', async () => {
    const order = await paidCardOrder(2);
    const [receipt] = await receiptsOf(order._id);
    expect(receipt).toMatchObject({ kind: 'sale', state: 'queued' });
    const doc = documentOf(receipt!);
    expect(doc.documentType).toEqual({ receiptType: 'S', typeVersion: '1.2' });
    expect(doc.paymentMethod).toBe('V');
    expect(doc.seller).toMatchObject({ rin: RIN, deviceSerialNumber: POS.posSerial, activityCode: '4791' });
    expect(doc.buyer).toMatchObject({ type: 'P', name: 'Mona Ali', mobileNumber: ADDRESS.phone });
    expect(doc.totalAmount).toBe(order.bill);
    expect(doc.itemData[0]).toMatchObject({ itemType: 'GS1', itemCode: '6221234567890', quantity: 2 });

    expect(await t.app.receiptSender.flush()).toBeGreaterThanOrEqual(1);
    expect(simulated(receipt!.uuid)?.status).toBe('Valid');
    const [sent] = await receiptsOf(order._id);
    expect(sent?.state).toBe('valid');

    const invoice = (await call('GET', `/api/order/${order._id}`, undefined, shopper)).json<Order>();
    expect(invoice.etaReceipt?.uuid).toBe(receipt!.uuid);
    expect(invoice.etaReceipt?.qrContent).toBe(
      `https://preprod.invoicing.eta.gov.eg/receipts/search/${receipt!.uuid}/share/${doc.header.dateTimeIssued}#Total:${doc.totalAmount},IssuerRIN:${RIN}`,
    );
    const qr = await t.app.inject({ method: 'GET', url: invoice.etaReceipt!.qrImage });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The order's e-mail shows the same QR code, linking to the receipt.
    const mail = renderOrderMail('paid', invoice, 'ar', t.app.config.PUBLIC_URL);
    expect(mail.html).toContain(`src="${t.app.config.PUBLIC_URL}${invoice.etaReceipt!.qrImage}"`);
    expect(mail.text).toContain(invoice.etaReceipt!.qrContent);
    // Its SMS and WhatsApp message link the invoice, with the QR code, in place of the shopper's orders page.
    const invoiceUrl = `${t.app.config.PUBLIC_URL}/ar/Orders/${order._id}/invoice`;
    const message = { id: 1, kind: 'paid', orderId: order._id, to: ADDRESS.phone, language: 'ar', payload: null };
    const sms = renderMessage('sms', message as unknown as QueuedMessage, invoice, t.app.config.PUBLIC_URL);
    expect(sms.text).toBe(`EGP Shop: تم دفع طلبك #${orderRef(order._id)}. إيصالك الإلكتروني: ${invoiceUrl}`);
    const whatsapp = renderMessage('whatsapp', message as unknown as QueuedMessage, invoice, t.app.config.PUBLIC_URL);
    expect(whatsapp.template).toMatchObject({
      name: 'order_paid_receipt',
      parameters: [`#${orderRef(order._id)}`, invoiceUrl],
    });
  });

  it('in cash is a receipt once delivered, not before, its delivery a line of it', async () => {
    const order = await placeOrderOf(t.app, shopper, [[await codedProduct(250), 1]], ADDRESS, 'cash');
    expect((await move(order._id, 'shipped', { trackingNumber: 'EG-1' })).statusCode).toBe(200);
    expect(await receiptsOf(order._id)).toEqual([]);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    const [receipt] = await receiptsOf(order._id);
    const doc = documentOf(receipt!);
    expect(doc.paymentMethod).toBe('C');
    expect(doc.totalAmount).toBe(order.bill);
    expect(doc.itemData.at(-1)).toMatchObject({ internalCode: 'DELIVERY', total: order.shipping + order.codFee });
    await t.app.receiptSender.flush();
    expect(simulated(receipt!.uuid)?.status).toBe('Valid');
  });

  it("with a coupon carries the discount as a commercial discount, the receipt's total the bill", async () => {
    const coupon = await call('POST', '/api/admin/coupons', {
      code: `ETA${Date.now() % 100_000}`,
      kind: 'percent',
      value: 10,
    });
    expect(coupon.statusCode).toBe(201);
    const product = await codedProduct(300);
    await t.app.db
      .update(products)
      .set({ etaItemType: 'EGS', etaItemCode: `EG-${RIN}-KETTLE` })
      .where(eq(products.id, product.id));
    const cart = await placeOrderWithCoupon(product.id, coupon.json<{ code: string }>().code);
    expect(cart.discount).toBe(60);
    await pay(cart);
    const [receipt] = await receiptsOf(cart._id);
    const doc = documentOf(receipt!);
    expect(doc.totalCommercialDiscount).toBeGreaterThan(0);
    expect(doc.itemData[0]?.commercialDiscountData?.[0]?.description).toContain('Coupon');
    expect(doc.totalAmount).toBe(cart.bill);
    await t.app.receiptSender.flush();
    expect(simulated(receipt!.uuid)?.status).toBe('Valid');
  });

  it('with a coupon limited to a category discounts that category’s lines only, the total still the bill', async () => {
    const [covered, other] = [await createCategory(t.app.db), await createCategory(t.app.db)];
    const terms = { code: `ETAC${Date.now() % 100_000}`, kind: 'percent', value: 20 };
    const coupon = await call('POST', '/api/admin/coupons', { ...terms, categories: [covered.id] });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const kettle = await createProduct(t.app.db, { name: 'A kettle', price: 300, stock: 5, categoryId: covered.id });
    const mug = await createProduct(t.app.db, { name: 'B mug', price: 200, stock: 5, categoryId: other.id });
    await t.app.db
      .update(products)
      .set({ etaItemType: 'EGS', etaItemCode: `EG-${RIN}-ITEM` })
      .where(inArray(products.id, [kettle.id, mug.id]));
    await t.app.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
    await t.app.db.insert(cartItems).values([
      { userId: shopper.id, productId: kettle.id, quantity: 1 },
      { userId: shopper.id, productId: mug.id, quantity: 1 },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: shopper.headers,
      payload: { deliveryAddress: ADDRESS, paymentMethod: 'visa', coupon: terms.code },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order[]>()[0]!;
    expect(order.discount).toBe(60);
    // The coupon is changed and the kettle moved before the receipt is issued: the order's own shares still hold.
    const moved = await call('PUT', `/api/admin/coupons/${coupon.json<{ _id: string }>()._id}`, {
      ...terms,
      categories: [other.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.db
      .update(products)
      .set({ categoryId: other.id, departmentId: other.departmentId })
      .where(eq(products.id, kettle.id));
    await pay(order);
    const [receipt] = await receiptsOf(order._id);
    const [kettleLine, mugLine, ...rest] = documentOf(receipt!).itemData;
    expect(kettleLine).toMatchObject({ description: 'A kettle', total: 240 });
    expect(kettleLine?.commercialDiscountData?.[0]?.description).toContain('Coupon');
    // The mug's VAT base is its full price net of 14 % VAT: 200 / 1.14.
    expect(mugLine).toMatchObject({ description: 'B mug', total: 200, netSale: 175.4386 });
    expect(mugLine?.commercialDiscountData).toBeUndefined();
    expect(documentOf(receipt!).totalAmount).toBe(order.bill);
    expect(rest.every((line) => line.internalCode === 'DELIVERY')).toBe(true);
  });
});

async function placeOrderWithCoupon(productId: string, coupon: string): Promise<Order> {
  await t.app.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
  await t.app.db.insert(cartItems).values({ userId: shopper.id, productId, quantity: 2 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: shopper.headers,
    payload: { deliveryAddress: ADDRESS, paymentMethod: 'visa', coupon },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Order[]>()[0]!;
}

describe('money going back', () => {
  it('issues a return receipt referencing the sale, chained after it', async () => {
    const order = await paidCardOrder();
    const refund = await call('POST', `/api/order/${order._id}/refund`, {});
    expect(refund.statusCode).toBe(200);
    const [sale, back] = await receiptsOf(order._id);
    expect(back).toMatchObject({ kind: 'return', referenceUuid: sale!.uuid, previousUuid: sale!.uuid });
    const doc = documentOf(back!);
    expect(doc.documentType.receiptType).toBe('R');
    expect(doc.header.referenceUUID).toBe(sale!.uuid);
    expect(doc.totalAmount).toBe(order.bill);
    await t.app.receiptSender.flush();
    expect(simulated(back!.uuid)?.status).toBe('Valid');
    // The shopper's e-mail of the cancellation shows the return receipt, not the sale's.
    const cancelled = (await call('GET', `/api/order/${order._id}`, undefined, shopper)).json<Order>();
    expect(cancelled.etaReceipt?.uuid).toBe(sale!.uuid);
    expect(cancelled.etaReturnReceipts?.map((r) => r.uuid)).toEqual([back!.uuid]);
    const mail = renderOrderMail('cancelled', cancelled, 'en', t.app.config.PUBLIC_URL);
    expect(mail.html).toContain(
      `<img src="${t.app.config.PUBLIC_URL}${cancelled.etaReturnReceipts![0]!.qrImage}" alt="Your electronic return receipt`,
    );
    expect(mail.text).toContain(`Your electronic return receipt at the Egyptian Tax Authority: ${back!.qrContent}`);
    expect(mail.html).not.toContain(cancelled.etaReceipt!.qrImage);
  });

  it('refunded in parts at the provider, each part has its return as it goes back, and the rest its own', async () => {
    // A card order that pays its delivery, so that a part can take some of it.
    await t.app.db.insert(shippingSettings).values({ codFee: 1200, cardShipsFree: false, freeOver: null });
    const order = await paidCardOrder(2).finally(() => t.app.db.delete(shippingSettings));
    const delivery = Math.round((order.shipping + order.codFee) * 100);
    expect(delivery).toBeGreaterThan(0);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    // An admin refunds as much as the delivery cost from the provider's dashboard; its callback comes twice.
    const part = {
      id: `evt_part_${order._id}`,
      kind: 'refunded' as const,
      orderId: order._id,
      providerRef: payment!.providerRef,
      amount: delivery,
      currency: 'EGP',
      transactionId: null,
      reference: null,
      message: null,
    };
    await receive(part);
    await receive(part);
    const [sale, first, ...none] = await receiptsOf(order._id);
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      kind: 'return',
      referenceUuid: sale!.uuid,
      previousUuid: sale!.uuid,
      total: delivery,
    });
    expect(documentOf(first!).totalAmount).toBe(delivery / 100);
    const paidStill = (await call('GET', `/api/order/${order._id}`, undefined, shopper)).json<Order>();
    expect(paidStill.status).toBe('paid');
    expect(paidStill.etaReturnReceipts?.map((r) => r.uuid)).toEqual([first!.uuid]);

    // The shop refunds the rest: the order is cancelled, and the rest has its return.
    expect((await call('POST', `/api/order/${order._id}/refund`, {})).statusCode).toBe(200);
    const [, , rest, ...more] = await receiptsOf(order._id);
    expect(more).toEqual([]);
    expect(rest).toMatchObject({ kind: 'return', referenceUuid: sale!.uuid, previousUuid: first!.uuid });
    expect(documentOf(rest!).totalAmount).toBe(order.bill - delivery / 100);
    expect(first!.total + rest!.total).toBe(sale!.total);
    // Line by line, the two give back what the sale sold and no more: the part, shared over the lines, took some of the
    // delivery, so the rest gives back the rest of it.
    const byLine = (row: { document: string }) =>
      new Map(documentOf(row).itemData.map((line) => [line.internalCode, Math.round(line.total * 100)]));
    const [sold, ofPart, ofRest] = [byLine(sale!), byLine(first!), byLine(rest!)];
    for (const [code, total] of sold) expect((ofPart.get(code) ?? 0) + (ofRest.get(code) ?? 0)).toBe(total);
    expect(ofRest.get('DELIVERY')).toBeGreaterThan(0);
    await t.app.receiptSender.flush();
    expect([first, rest].map((r) => simulated(r!.uuid)?.status)).toEqual(['Valid', 'Valid']);
    const cancelled = (await call('GET', `/api/order/${order._id}`, undefined, shopper)).json<Order>();
    expect(cancelled.etaReturnReceipts?.map((r) => r.uuid)).toEqual([first!.uuid, rest!.uuid]);
    // The cancellation's e-mail shows the return of the rest, the last money given back.
    const mail = renderOrderMail('cancelled', cancelled, 'en', t.app.config.PUBLIC_URL);
    expect(mail.text).toContain(`Your electronic return receipt at the Egyptian Tax Authority: ${rest!.qrContent}`);
    expect(mail.text).not.toContain(first!.qrContent);
  });

  /** A cash order of two products, delivered, sent back and back at the shop: its refund is the admin's to set. */
  async function returnedOrder() {
    const [kettle, mug] = [await codedProduct(150), await codedProduct(60)];
    const order = await placeOrderOf(
      t.app,
      shopper,
      [
        [kettle, 1],
        [mug, 2],
      ],
      ADDRESS,
      'cash',
    );
    expect((await move(order._id, 'shipped', { trackingNumber: 'EG-R' })).statusCode).toBe(200);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    const asked = await call('POST', `/api/order/${order._id}/return`, { reason: 'Too small' }, shopper);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    return order;
  }
  const refund = (order: Order, amount: number) =>
    call('POST', `/api/order/${order._id}/refund`, { amount, paidBackBy: 'Vodafone Cash' });

  it('refunded the bill less delivery gives back the items, not the delivery line', async () => {
    const order = await returnedOrder();
    const delivery = order.shipping + order.codFee;
    expect(delivery).toBeGreaterThan(0);
    const refunded = await refund(order, order.bill - delivery);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [sale, back] = await receiptsOf(order._id);
    const doc = documentOf(back!);
    expect(doc.itemData.map((line) => line.internalCode)).not.toContain('DELIVERY');
    expect(doc.itemData.map((line) => line.total)).toEqual(
      documentOf(sale!)
        .itemData.filter((line) => line.internalCode !== 'DELIVERY')
        .map((line) => line.total),
    );
    expect(doc.totalAmount).toBe(order.bill - delivery);
    expect(back?.total).toBe(Math.round((order.bill - delivery) * 100));
    await t.app.receiptSender.flush();
    expect(simulated(back!.uuid)?.status).toBe('Valid');
    // The refund's e-mail in Arabic: the return receipt, and the shopper's orders at their Arabic address.
    const invoice = (await call('GET', `/api/order/${order._id}`, undefined, shopper)).json<Order>();
    const mail = renderOrderMail('refunded', invoice, 'ar', t.app.config.PUBLIC_URL);
    expect(mail.html).toContain(
      `<img src="${t.app.config.PUBLIC_URL}${invoice.etaReturnReceipts![0]!.qrImage}" alt="إيصالك الإلكتروني للمرتجع`,
    );
    expect(mail.html).not.toContain(invoice.etaReceipt!.qrImage);
    expect(mail.html).toContain(`<a href="${t.app.config.PUBLIC_URL}/ar/Orders">`);
  });

  it('refunded another part gives back that much, shared over the lines, the rest kept as a discount', async () => {
    const order = await returnedOrder();
    expect((await refund(order, 100)).statusCode).toBe(200);
    const [, back] = await receiptsOf(order._id);
    const doc = documentOf(back!);
    expect(doc.totalAmount).toBe(100);
    expect(back?.total).toBe(10_000);
    const [kettle, mug] = doc.itemData;
    // In proportion to what was paid for each line: 150 of the kettle, 120 of the mugs, and the delivery.
    expect(kettle!.total / mug!.total).toBeCloseTo(150 / 120, 2);
    expect(kettle?.commercialDiscountData).toEqual([{ amount: expect.any(Number), description: 'Not refunded' }]);
    expect(doc.taxTotals[0]!.amount).toBeLessThan(100 * 0.14);
    await t.app.receiptSender.flush();
    expect(simulated(back!.uuid)?.status).toBe('Valid');
  });
});

describe('a cash order asked for its delivery fees first', () => {
  /** Its deposit paid online, confirmed by its shopper and shipped: no receipt yet, the sale waits for the door. */
  async function shippedDepositOrder(items?: { price: number; quantity: number }) {
    const { user, product, order } = await depositOrder(items);
    await pay(order, user);
    await confirmByShopper(t.app, order._id);
    expect((await move(order._id, 'shipped', { trackingNumber: 'EG-D' })).statusCode).toBe(200);
    expect(await receiptsOf(order._id)).toEqual([]);
    return { user, product, order };
  }

  it('delivered, gets the sale receipt of its whole bill, and none of its deposit', async () => {
    const { product, order } = await shippedDepositOrder();
    const coded = await call('PUT', `/api/admin/eta/products/${product.id}`, {
      itemType: 'GS1',
      itemCode: '6221234567890',
    });
    expect(coded.statusCode).toBe(200);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    const [receipt, ...others] = await receiptsOf(order._id);
    expect(others).toEqual([]);
    expect(receipt?.kind).toBe('sale');
    const doc = documentOf(receipt!);
    expect(doc.totalAmount).toBe(order.bill);
    expect(doc.itemData.map((line) => line.internalCode).at(-1)).toBe('DELIVERY');
    // One payment method a receipt: 200 at the door against 30 online, the larger part cash.
    expect(doc.paymentMethod).toBe('C');
    await t.app.receiptSender.flush();
    expect(simulated(receipt!.uuid)?.status).toBe('Valid');
  });

  it('delivered, names the method that paid the larger part: its deposit online when the fees outweigh the rest', async () => {
    // 20 at the door against 30 paid online first.
    const { product, order } = await shippedDepositOrder({ price: 20, quantity: 1 });
    const code = { itemType: 'GS1', itemCode: '6221234567890' };
    expect((await call('PUT', `/api/admin/eta/products/${product.id}`, code)).statusCode).toBe(200);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    const [receipt] = await receiptsOf(order._id);
    const doc = documentOf(receipt!);
    expect(doc.totalAmount).toBe(50);
    expect(doc.paymentMethod).toBe('V');
    await t.app.receiptSender.flush();
    expect(simulated(receipt!.uuid)?.status).toBe('Valid');
  });

  /** The provider's callback of a refund of the order's deposit payment, as an admin's give-back at its dashboard. */
  async function depositRefund(order: Order, amount: number) {
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order._id));
    return {
      id: `evt_deposit_back_${order._id}_${amount}`,
      kind: 'refunded' as const,
      orderId: order._id,
      providerRef: payment!.providerRef,
      amount,
      currency: 'EGP',
      transactionId: null,
      reference: null,
      message: null,
    };
  }

  it('delivered and sent back, its deposit is part of the sale: given back at the provider, no return of its own', async () => {
    // 20 at the door against 30 paid online first: the sale names V.
    const { user, product, order } = await shippedDepositOrder({ price: 20, quantity: 1 });
    const code = { itemType: 'GS1', itemCode: '6221234567890' };
    expect((await call('PUT', `/api/admin/eta/products/${product.id}`, code)).statusCode).toBe(200);
    expect((await move(order._id, 'delivered')).statusCode).toBe(200);
    const asked = await call('POST', `/api/order/${order._id}/return`, { reason: 'Too small' }, user);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    await receive(await depositRefund(order, 3000));
    const [sale, ...others] = await receiptsOf(order._id);
    expect(sale).toMatchObject({ kind: 'sale', total: 5000 });
    expect(others).toEqual([]);
    const shown = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(shown).toMatchObject({ status: 'returned', refund: null });
    // The bill's refund gives the sale back whole, named as the sale was.
    const refunded = await call('POST', `/api/order/${order._id}/refund`, { amount: 50, paidBackBy: 'Vodafone Cash' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [, back] = await receiptsOf(order._id);
    expect(back).toMatchObject({ kind: 'return', total: 5000, referenceUuid: sale!.uuid });
    expect(documentOf(back!).paymentMethod).toBe('V');
  });

  it('refused, its kept deposit given back in a part the provider does not measure, stays kept for a person', async () => {
    const { user, order } = await shippedDepositOrder();
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    // Fawry's PARTIAL_REFUNDED says no amount: a return of the whole deposit would tell the ETA too much.
    await receive(await depositRefund(order, 0));
    const [kept, ...others] = await receiptsOf(order._id);
    expect(kept).toMatchObject({ kind: 'deposit' });
    expect(others).toEqual([]);
    const shown = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(shown).toMatchObject({ deposit: { state: 'paid' }, refund: null });
  });

  it('refused at the door without a deposit, leaves no receipt: the shop kept no money', async () => {
    const order = await placeOrderOf(t.app, shopper, [[await codedProduct(), 1]], ADDRESS, 'cash');
    expect((await move(order._id, 'shipped', { trackingNumber: 'EG-N' })).statusCode).toBe(200);
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    expect(await receiptsOf(order._id)).toEqual([]);
  });

  it('refused at the door, keeps its deposit on a sale receipt of the delivery, paid online, correctable', async () => {
    const { user, order } = await shippedDepositOrder();
    // The delivery's code mistyped in the settings: the ETA finds the receipt invalid until it is fixed and resent.
    const mistyped = await call('PUT', '/api/admin/settings/eta', { ...SELLER, deliveryItemCode: 'EG-1-DELIVERY' });
    expect(mistyped.statusCode).toBe(200);
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    const [receipt, ...others] = await receiptsOf(order._id);
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'deposit', total: 3000 });
    const doc = documentOf(receipt!);
    expect(doc.documentType.receiptType).toBe('S');
    expect(doc.paymentMethod).toBe('V');
    expect(doc.itemData).toEqual([
      expect.objectContaining({ internalCode: 'DELIVERY', itemCode: 'EG-1-DELIVERY', quantity: 1, total: 30 }),
    ]);
    expect(doc.totalAmount).toBe(order.deposit?.amount);
    await t.app.receiptSender.flush();
    const listed = (await call('GET', '/api/admin/eta/receipts')).json<EtaReceiptsPage>().receipts;
    expect(listed.find((r) => r.uuid === receipt!.uuid)).toMatchObject({ kind: 'deposit', state: 'invalid' });

    expect((await call('PUT', '/api/admin/settings/eta', SELLER)).statusCode).toBe(200);
    const resent = await call('POST', `/api/admin/eta/receipts/${receipt!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const [, correction] = await receiptsOf(order._id);
    expect(correction).toMatchObject({ kind: 'deposit', total: 3000 });
    expect(documentOf(correction!)).toMatchObject({
      header: { referenceOldUUID: receipt!.uuid },
      documentType: { receiptType: 'S' },
      itemData: [expect.objectContaining({ internalCode: 'DELIVERY', itemCode: SELLER.deliveryItemCode, total: 30 })],
      totalAmount: 30,
      paymentMethod: 'V',
    });
    await t.app.receiptSender.flush();
    expect(simulated(correction!.uuid)?.status).toBe('Valid');
    // The shopper's order shows it as the order's receipt.
    const shown = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(shown.etaReceipt?.uuid).toBe(correction!.uuid);
  });

  it('refused, its kept deposit given back at the provider, gets the return of its receipt, correctable', async () => {
    const { user, order } = await shippedDepositOrder();
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    await t.app.receiptSender.flush();
    const [kept] = await receiptsOf(order._id);
    expect(kept).toMatchObject({ kind: 'deposit', state: 'valid' });
    // The delivery's code mistyped meanwhile: the return is invalid until it is fixed and sent again.
    const mistyped = await call('PUT', '/api/admin/settings/eta', { ...SELLER, deliveryItemCode: 'EG-1-DELIVERY' });
    expect(mistyped.statusCode).toBe(200);

    // An admin gives the deposit back from the provider's dashboard; its refund callback, delivered twice, records it.
    const givenBack = await depositRefund(order, 3000);
    // Written with the record: a return that cannot be written (a full disk) leaves the deposit kept, and the
    // provider's callback, refused, comes again.
    await t.app.db.execute(
      sql.raw(`create function test_no_receipts() returns trigger language plpgsql as $$
        begin raise exception 'the disk is full'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_no_receipts before insert on eta_receipts
        for each row execute function test_no_receipts()`),
    );
    try {
      await expect(receive(givenBack)).rejects.toThrow();
    } finally {
      await t.app.db.execute(sql.raw('drop trigger test_no_receipts on eta_receipts'));
      await t.app.db.execute(sql.raw('drop function test_no_receipts()'));
    }
    const unrecorded = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(unrecorded).toMatchObject({ deposit: { state: 'paid' }, refund: null });
    await receive(givenBack);
    await receive({ ...givenBack, id: `${givenBack.id}_again` });
    const shown = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(shown).toMatchObject({ status: 'returned', deposit: { state: 'refunded' }, refund: { amount: 30 } });

    const [, back, ...others] = await receiptsOf(order._id);
    expect(others).toEqual([]);
    expect(back).toMatchObject({ kind: 'return', total: 3000, referenceUuid: kept!.uuid, previousUuid: kept!.uuid });
    expect(documentOf(back!)).toMatchObject({
      header: { referenceUUID: kept!.uuid },
      documentType: { receiptType: 'R' },
      itemData: [
        expect.objectContaining({ internalCode: 'DELIVERY', itemCode: 'EG-1-DELIVERY', quantity: 1, total: 30 }),
      ],
      totalAmount: 30,
      paymentMethod: 'V',
    });
    await t.app.receiptSender.flush();
    const listed = (await call('GET', '/api/admin/eta/receipts')).json<EtaReceiptsPage>().receipts;
    expect(listed.find((r) => r.uuid === back!.uuid)).toMatchObject({ kind: 'return', state: 'invalid' });

    expect((await call('PUT', '/api/admin/settings/eta', SELLER)).statusCode).toBe(200);
    const resent = await call('POST', `/api/admin/eta/receipts/${back!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const [, , correction] = await receiptsOf(order._id);
    expect(correction).toMatchObject({ kind: 'return', total: 3000, referenceUuid: kept!.uuid });
    expect(documentOf(correction!)).toMatchObject({
      header: { referenceUUID: kept!.uuid, referenceOldUUID: back!.uuid },
      documentType: { receiptType: 'R' },
      itemData: [expect.objectContaining({ internalCode: 'DELIVERY', itemCode: SELLER.deliveryItemCode, total: 30 })],
      paymentMethod: 'V',
    });
    await t.app.receiptSender.flush();
    expect(simulated(correction!.uuid)?.status).toBe('Valid');
    // The shopper's invoice shows both: the kept fees' receipt, and its return.
    const invoice = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(invoice.etaReceipt?.uuid).toBe(kept!.uuid);
    expect(invoice.etaReturnReceipts?.map((r) => r.uuid)).toEqual([correction!.uuid]);
  });

  /** The admin's refund of the order, in the language asked: of its kept deposit unless `deposit: undefined`. */
  const refund = (order: Order, payload: object, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/refund`,
      headers: { ...admin.headers, 'accept-language': language },
      payload: { deposit: true, ...payload },
    });
  const depositAudits = (order: Order) =>
    t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'deposit_refunded'), sql`${auditLogs.data}->>'orderId' = ${order._id}`));

  it('refused, its kept deposit paid back by hand in cash, gets the return of its receipt, paid as it was sold, once', async () => {
    const { user, order } = await shippedDepositOrder();
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    const [kept] = await receiptsOf(order._id);
    expect(kept).toMatchObject({ kind: 'deposit', total: 3000 });

    // A refund of the bill, confirmed on it as on any returned order, is not taken for the deposit's: never collected.
    const ofTheBill = await refund(order, { deposit: undefined, paidBackBy: 'cash' });
    expect(ofTheBill.statusCode).toBe(409);
    expect(ofTheBill.json().message).toBe(API_MSG.nothingCollected);
    // Who gave it back and how are required; more than the deposit is refused, in the asker's language.
    const unsaid = await refund(order, {});
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().message).toBe(API_MSG.paidBackByRequired);
    const tooMuch = await refund(order, { amount: 31, paidBackBy: 'cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(API_MSG.depositRefundTooLarge(30));
    const tooMuchAr = await refund(order, { amount: 31, paidBackBy: 'cash' }, 'ar');
    expect(tooMuchAr.json().message).toBe(API_MSG_AR.depositRefundTooLarge(30));
    expect(await receiptsOf(order._id)).toHaveLength(1);

    // The whole deposit, unless said otherwise.
    const recorded = await refund(order, { paidBackBy: 'cash' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const shown = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(shown).toMatchObject({
      status: 'returned',
      deposit: { state: 'refunded' },
      refund: { amount: 30, whole: false, method: 'cash', paidBackBy: 'cash' },
    });
    const [, back, ...others] = await receiptsOf(order._id);
    expect(others).toEqual([]);
    expect(back).toMatchObject({ kind: 'return', total: 3000, referenceUuid: kept!.uuid, state: 'queued' });
    expect(documentOf(back!)).toMatchObject({
      documentType: { receiptType: 'R' },
      itemData: [expect.objectContaining({ internalCode: 'DELIVERY', total: 30 })],
      totalAmount: 30,
      // A return names its sale's method, however the money went back (a delivered cash order's names cash).
      paymentMethod: 'V',
    });
    expect(await depositAudits(order)).toEqual([
      expect.objectContaining({
        type: 'admin',
        userEmail: admin.email,
        data: { orderId: order._id, amount: 30, paidBackBy: 'cash' },
      }),
    ]);
    await t.app.receiptSender.flush();
    expect(simulated(back!.uuid)?.status).toBe('Valid');

    // Not given back twice: a second record is refused, and the provider's callback coming late records nothing more.
    const again = await refund(order, { paidBackBy: 'cash' }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(API_MSG_AR.depositGivenBack);
    await receive(await depositRefund(order, 3000));
    expect(await receiptsOf(order._id)).toHaveLength(2);
    expect(await depositAudits(order)).toHaveLength(1);
    const after = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(after).toMatchObject({ status: 'returned', refund: { amount: 30, method: 'cash', paidBackBy: 'cash' } });
  });

  it('refused, its kept deposit paid back in part by a transfer, gets a return of that part', async () => {
    const { user, order } = await shippedDepositOrder();
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    const recorded = await refund(order, { amount: 12.5, paidBackBy: 'InstaPay' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [kept, back] = await receiptsOf(order._id);
    expect(back).toMatchObject({ kind: 'return', total: 1250, referenceUuid: kept!.uuid });
    expect(documentOf(back!)).toMatchObject({ totalAmount: 12.5, paymentMethod: 'V' });
    const shown = (await call('GET', `/api/order/${order._id}`, undefined, user)).json<Order>();
    expect(shown).toMatchObject({
      status: 'returned',
      deposit: { state: 'refunded' },
      refund: { amount: 12.5, method: 'cash', paidBackBy: 'InstaPay' },
    });
  });

  it('refused at the door without a deposit, has nothing to record given back', async () => {
    const order = await placeOrderOf(t.app, shopper, [[await codedProduct(), 1]], ADDRESS, 'cash');
    expect((await move(order._id, 'shipped', { trackingNumber: 'EG-N2' })).statusCode).toBe(200);
    expect((await move(order._id, 'returned')).statusCode).toBe(200);
    const refused = await refund(order, { paidBackBy: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(API_MSG.nothingCollected);
    expect(await depositAudits(order)).toEqual([]);
  });
});

describe('a receipt the ETA finds invalid', () => {
  it('shows why, and once the cause is fixed is sent again as a correction', async () => {
    const product = await createProduct(t.app.db, { price: 80, stock: 5 });
    const order = await placeOrderOf(t.app, shopper, [[product, 1]], ADDRESS, 'visa');
    await pay(order);
    await t.app.receiptSender.flush();
    const invalid = await call('GET', '/api/admin/eta/receipts?state=invalid');
    const [listed] = invalid.json<EtaReceiptsPage>().receipts.filter((r) => r.orderId === order._id);
    expect(listed?.state).toBe('invalid');
    expect(listed?.errors.join(' ')).toMatch(/itemCode/);
    // Sent again unchanged it would fail the same way; only an invalid receipt can be sent again.
    const [valid] = (await call('GET', '/api/admin/eta/receipts?state=valid')).json<EtaReceiptsPage>().receipts;
    expect((await call('POST', `/api/admin/eta/receipts/${valid!.id}/resend`)).statusCode).toBe(409);

    expect(
      (await call('PUT', `/api/admin/eta/products/${product.id}`, { itemType: 'EGS', itemCode: `EG-${RIN}-BOX` }))
        .statusCode,
    ).toBe(200);
    const resent = await call('POST', `/api/admin/eta/receipts/${listed!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const correction = resent.json<EtaReceipt>();
    expect(correction.state).toBe('queued');
    const [old, next] = await receiptsOf(order._id);
    expect(old?.state).toBe('replaced');
    expect(documentOf(next!).header.referenceOldUUID).toBe(old!.uuid);
    await t.app.receiptSender.flush();
    expect(simulated(correction.uuid)?.status).toBe('Valid');
    expect((await call('POST', `/api/admin/eta/receipts/${listed!.id}/resend`)).statusCode).toBe(409);
  });
});

describe('sending', () => {
  it('waits out an ETA that is down, in order, and renews a token the ETA stopped taking', async () => {
    sim.failNext(1);
    const order = await paidCardOrder();
    expect(await t.app.receiptSender.flush()).toBe(0);
    const [waiting] = await receiptsOf(order._id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting?.lastError).toMatch(/503/);
    sim.expireTokens();
    t.clock.advance(2 * 60_000);
    expect(await t.app.receiptSender.flush()).toBe(1);
    const [sent] = await receiptsOf(order._id);
    expect(sent?.state).toBe('valid');
  });

  it('takes a repeat the ETA refuses as a duplicate for a receipt it holds: submitted, then valid', async () => {
    sim.loseNextAnswers(1);
    const order = await paidCardOrder();
    expect(await t.app.receiptSender.flush()).toBe(0);
    const [lost] = await receiptsOf(order._id);
    expect(lost).toMatchObject({ state: 'queued', attempts: 1 });
    expect(simulated(lost!.uuid)?.status).toBe('Valid');
    t.clock.advance(2 * 60_000);
    await t.app.receiptSender.flush();
    const [held] = await receiptsOf(order._id);
    expect(held).toMatchObject({ state: 'valid', errors: null, submissionId: simulated(lost!.uuid)?.submissionId });
    // The chain goes on after it.
    const next = await paidCardOrder();
    await t.app.receiptSender.flush();
    expect((await receiptsOf(next._id))[0]?.state).toBe('valid');
  });

  it('stops submitting once another instance holds the chain, leaving the rest to it', async () => {
    const first = await paidCardOrder();
    let second: Order | undefined;
    const theirs = new Date(t.clock.now().getTime() + 60 * 60_000);
    sim.whileNextSubmission(async () => {
      // This sender's lease lapsed (a stalled process) and another instance claimed the chain.
      await t.app.db.update(etaPos).set({ leaseUntil: theirs });
      second = await paidCardOrder();
    });
    const before = sim.received.length;
    expect(await t.app.receiptSender.flush()).toBe(1);
    const [waiting] = await receiptsOf(second!._id);
    expect(waiting?.state).toBe('queued');
    expect(sim.received.slice(before)).toEqual([(await receiptsOf(first._id))[0]!.uuid]);
    const [pos] = await t.app.db.select().from(etaPos);
    expect(pos?.leaseUntil).toEqual(theirs);
    // The other instance is done with it: the rest goes in order.
    await t.app.db.update(etaPos).set({ leaseUntil: null });
    await t.app.receiptSender.flush();
    expect((await receiptsOf(second!._id))[0]?.state).toBe('valid');
    expect((await receiptsOf(first._id))[0]?.state).toBe('valid');
  });

  it('by two instances submits each receipt once, the chain unbroken', async () => {
    const other = await t.sibling();
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await paidCardOrder());
    const before = sim.received.length;
    await Promise.all([t.app.receiptSender.flush(), other.receiptSender.flush(), t.app.receiptSender.flush()]);
    await Promise.all([t.app.receiptSender.flush(), other.receiptSender.flush()]);
    const uuids = (await Promise.all(orders.map((o) => receiptsOf(o._id)))).flat().map((r) => r.uuid);
    const sent = sim.received.slice(before);
    expect(sent.sort()).toEqual([...uuids].sort());
    for (const uuid of uuids) expect(simulated(uuid)?.status).toBe('Valid');
  });
});
