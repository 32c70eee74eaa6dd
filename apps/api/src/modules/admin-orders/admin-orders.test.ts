import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderDetail,
  type AdminOrdersPage,
  type Order,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/contracts';
import { cartItems, orderItems, orders, users } from '../../db/schema.js';
import {
  confirmByShopper,
  createAdmin,
  createTestApp,
  lastAudit,
  UNKNOWN_ID,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import { EXPORT_BATCH } from './queries.js';

let t: TestContext;
let admin: Account;
let mona: Account;
let karim: Account;

interface OrderSpec {
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
  state?: string;
  city?: string;
  phone?: string;
  createdAt: Date | ReturnType<typeof sql>;
  userId?: string | null;
  trackingNumber?: string;
  /** Quantities of its lines. */
  lines?: number[];
}

/** Orders written straight to the table, in the statuses, places and days a test needs. */
async function insertOrders(specs: OrderSpec[]): Promise<string[]> {
  const rows = await t.app.db
    .insert(orders)
    .values(
      specs.map((spec) => ({
        userId: spec.userId === undefined ? mona.id : spec.userId,
        status: spec.status ?? 'confirmed',
        paymentMethod: spec.paymentMethod ?? 'cash',
        itemsTotal: 10_000,
        shipping: 2_100,
        codFee: spec.paymentMethod === 'visa' ? 0 : 900,
        bill: spec.paymentMethod === 'visa' ? 12_100 : 13_000,
        deliveryAddress: {
          ...ADDRESS,
          state: spec.state ?? ADDRESS.state,
          city: spec.city ?? ADDRESS.city,
          phone: spec.phone ?? ADDRESS.phone,
        },
        trackingNumber: spec.trackingNumber ?? null,
        createdAt: spec.createdAt,
      })),
    )
    .returning({ id: orders.id });
  const lines = rows.flatMap((row, i) =>
    (specs[i]?.lines ?? [1]).map((quantity, n) => ({
      orderId: row.id,
      productId: null,
      name: `Line ${n}`,
      price: 10_000,
      imagePaths: [],
      quantity,
    })),
  );
  if (lines.length) await t.app.db.insert(orderItems).values(lines);
  return rows.map((r) => r.id);
}

const ref = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

async function list(query: Record<string, string> = {}, account: Account = admin) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders', query, headers: account.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOrdersPage;
}
const idsOf = async (query: Record<string, string>) => (await list(query)).orders.map((o) => o._id);

const exportCsv = (query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/admin/orders/export', query, headers: admin.headers });
/** The CSV's records without the BOM and the header; none of the rows read here hold a line break. */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

// The fixed orders: ids by name, newest last.
let first: string; // 1 March, confirmed, cash, Cairo
let paid: string; // 5 March 23:30 in Cairo (21:30 UTC), paid, card, Giza
let shipped: string; // 6 March 00:10 in Cairo (5 March 22:10 UTC), shipped, cash, Alexandria, Karim's
let gone: string; // 10 March, cancelled, card, Cairo, its shopper deleted their account

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  mona = await registerShopper(t.app, 'Mona Ali');
  karim = await registerShopper(t.app, 'Karim Adel');
  await t.app.db.update(users).set({ phone: '01298765432' }).where(eq(users.id, karim.id));
  [first, paid, shipped, gone] = (await insertOrders([
    { createdAt: new Date('2025-03-01T10:00:00Z'), phone: '01011111111', lines: [2, 1] },
    {
      status: 'paid',
      paymentMethod: 'visa',
      state: 'Giza',
      city: 'Dokki',
      phone: '01122222222',
      createdAt: new Date('2025-03-05T21:30:00Z'),
    },
    {
      status: 'shipped',
      state: 'Alexandria',
      city: 'Smouha',
      phone: '01233333333',
      createdAt: new Date('2025-03-05T22:10:00Z'),
      userId: karim.id,
      trackingNumber: 'TRK-1',
    },
    { status: 'cancelled', paymentMethod: 'visa', createdAt: new Date('2025-03-10T12:00:00Z'), userId: null },
  ])) as [string, string, string, string];
});
afterAll(() => t.close());

describe('who may list and export orders', () => {
  it.each(['/api/admin/orders', '/api/admin/orders/export'])('%s: visitors 401, shoppers 403', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: mona.headers })).statusCode).toBe(403);
  });
});

describe('the list', () => {
  it('has every order, newest first, each with its buyer (null once they deleted their account)', async () => {
    const page = await list();
    expect(page.orders.map((o) => o._id)).toEqual([gone, shipped, paid, first]);
    expect(page).toMatchObject({ total: 4, pages: 1 });
    const [deleted, karims] = page.orders;
    expect(deleted?.customer).toBeNull();
    expect(karims).toMatchObject({
      customer: { _id: karim.id, name: 'Karim Adel', email: karim.email },
      status: 'shipped',
      trackingNumber: 'TRK-1',
      deliveryAddress: { state: 'Alexandria', city: 'Smouha' },
      bill: 130,
    });
  });

  it('filters by status, payment method and governorate, alone and together', async () => {
    expect(await idsOf({ status: 'paid' })).toEqual([paid]);
    expect(await idsOf({ paymentMethod: 'visa' })).toEqual([gone, paid]);
    expect(await idsOf({ paymentMethod: 'cash' })).toEqual([shipped, first]);
    expect(await idsOf({ governorate: 'Cairo' })).toEqual([gone, first]);
    expect(await idsOf({ governorate: 'Cairo', paymentMethod: 'cash' })).toEqual([first]);
    expect(await idsOf({ status: 'delivered' })).toEqual([]);
  });

  it('treats empty filters as none, as the dashboard form sends them', async () => {
    expect(await idsOf({ status: '', paymentMethod: '', governorate: '', from: '', to: '', q: '' })).toHaveLength(4);
  });

  it('filters by Cairo day, both ends included', async () => {
    expect(await idsOf({ from: '2025-03-05', to: '2025-03-05' })).toEqual([paid]);
    expect(await idsOf({ from: '2025-03-06' })).toEqual([gone, shipped]);
    expect(await idsOf({ to: '2025-03-06' })).toEqual([shipped, paid, first]);
    expect(await idsOf({ from: '2025-03-07', to: '2025-03-01' })).toEqual([]);
  });

  it('refuses a day that does not exist or is not YYYY-MM-DD', async () => {
    for (const to of ['2025-02-30', '5 March', '2025-3-5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders',
        query: { to },
        headers: admin.headers,
      });
      expect(res.statusCode, to).toBe(400);
    }
  });

  it('refuses control characters in the governorate and the search, on the list and the export', async () => {
    for (const url of ['/api/admin/orders', '/api/admin/orders/export'])
      for (const query of [{ governorate: 'Cai\u0000ro' }, { q: '0101\u0000' }] as Record<string, string>[]) {
        const res = await t.app.inject({ method: 'GET', url, query, headers: admin.headers });
        expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      }
  });

  it('finds an order by its reference as shown, by its full id or by the first characters of it', async () => {
    expect(await idsOf({ q: ref(shipped) })).toEqual([shipped]);
    expect(await idsOf({ q: ref(shipped).slice(1).toLowerCase() })).toEqual([shipped]);
    expect(await idsOf({ q: shipped })).toEqual([shipped]);
    expect(await idsOf({ q: shipped.toUpperCase() })).toEqual([shipped]);
  });

  it("finds orders by phone, the delivery address's or the account's, whatever the spacing or country code", async () => {
    expect(await idsOf({ q: '01122222222' })).toEqual([paid]);
    expect(await idsOf({ q: '+20 112 222 2222' })).toEqual([paid]);
    expect(await idsOf({ q: '0020-1122222222' })).toEqual([paid]);
    expect(await idsOf({ q: '2222222' })).toEqual([paid]);
    // Karim's account number, not on any address.
    expect(await idsOf({ q: '012 9876 5432' })).toEqual([shipped]);
  });

  it('finds nothing for text that is neither an id nor a phone number, and searches within the other filters', async () => {
    expect(await idsOf({ q: 'Mona' })).toEqual([]);
    expect(await idsOf({ q: '01122222222', status: 'confirmed' })).toEqual([]);
  });
});

describe('pages', () => {
  it(`are ${ADMIN_ORDERS_PAGE_SIZE} orders long, newest first, with the count of pages and orders`, async () => {
    const count = ADMIN_ORDERS_PAGE_SIZE + 5;
    const base = Date.parse('2024-06-01T00:00:00Z');
    const ids = await insertOrders(
      Array.from({ length: count }, (_, i) => ({ state: 'Aswan', createdAt: new Date(base + i * 60_000) })),
    );
    const newestFirst = [...ids].reverse();

    const one = await list({ governorate: 'Aswan' });
    const two = await list({ governorate: 'Aswan', page: '2' });
    expect(one).toMatchObject({ total: count, pages: 2 });
    expect(one.orders.map((o) => o._id)).toEqual(newestFirst.slice(0, ADMIN_ORDERS_PAGE_SIZE));
    expect(two.orders.map((o) => o._id)).toEqual(newestFirst.slice(ADMIN_ORDERS_PAGE_SIZE));
    expect(await list({ governorate: 'Aswan', page: '3' })).toEqual({ orders: [], pages: 2, total: count });
    expect(await list({ governorate: 'Nowhere' })).toEqual({ orders: [], pages: 1, total: 0 });
  });
});

describe('the CSV export', () => {
  it('is a UTF-8 attachment with a BOM, a header and one row per filtered order, and is audited', async () => {
    const res = await exportCsv({ status: 'shipped' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = res.body.slice(1).split('\r\n');
    expect(header).toBe(
      'id,createdAt,status,paymentMethod,customerName,email,phone,governorate,city,items,itemsTotal,coupon,discount,shipping,codFee,bill,trackingNumber,source,deposit,depositState,refunded,refundedBy',
    );
    expect(csvRows(res.body)).toEqual([
      `${shipped},2025-03-05T22:10:00.000Z,shipped,cash,Karim Adel,${karim.email},01233333333,Alexandria,Smouha,1,100.00,,0.00,21.00,9.00,130.00,TRK-1,web,,,0.00,`,
    ]);
    expect(await lastAudit(t.app)).toMatchObject({
      type: 'admin',
      action: 'orders_export',
      userId: admin.id,
      data: { status: 'shipped' },
    });
  });

  it('takes every filter of the list, and counts items by quantity', async () => {
    const rows = csvRows((await exportCsv({ governorate: 'Cairo', to: '2025-03-31' })).body);
    expect(rows.map((row) => row.split(',')[0])).toEqual([gone, first]);
    // The deleted shopper's name and e-mail are empty; the first order has lines of 2 and 1.
    expect(rows[0]).toContain(',cancelled,visa,,,01012345678,Cairo,Cairo,1,');
    expect(rows[1]).toContain(',confirmed,cash,Mona Ali,');
    expect(rows[1]?.split(',')[9]).toBe('3');
  });

  it('says what a cash order paid online first and what was given back, and how', async () => {
    const [id] = await insertOrders([{ state: 'Minya', status: 'cancelled', createdAt: new Date() }]);
    await t.app.db
      .update(orders)
      .set({ deposit: 3_000, depositState: 'refunded', refunded: 3_000, refundedBy: 'InstaPay' })
      .where(eq(orders.id, id!));
    const [row] = csvRows((await exportCsv({ governorate: 'Minya' })).body);
    expect(row?.split(',').slice(-7)).toEqual(['130.00', '', 'web', '30.00', 'refunded', '30.00', 'InstaPay']);
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
    const [id] = await insertOrders([
      { state: 'Qena', city: 'Nag Hammadi, "East"\nBlock 2', phone: '+201055555555', createdAt: new Date() },
    ]);
    await t.app.db.update(users).set({ name: '=HYPERLINK("http://evil.example")' }).where(eq(users.id, mona.id));
    await t.app.db.update(orders).set({ trackingNumber: '@SUM(A1)' }).where(eq(orders.id, id!));
    try {
      const body = (await exportCsv({ governorate: 'Qena' })).body;
      expect(body.replace(/^\uFEFF[^\r]*\r\n/, '')).toBe(
        `${id},${(await list({ q: id! })).orders[0]?.createdAt},confirmed,cash,` +
          `"'=HYPERLINK(""http://evil.example"")",${mona.email},'+201055555555,Qena,` +
          `"Nag Hammadi, ""East""\nBlock 2",1,100.00,,0.00,21.00,9.00,130.00,'@SUM(A1),web,,,0.00,\r\n`,
      );
    } finally {
      await t.app.db.update(users).set({ name: 'Mona Ali' }).where(eq(users.id, mona.id));
    }
  });

  it(`reads more than ${EXPORT_BATCH} orders in batches, each once, even where orders share a time to the microsecond`, async () => {
    const shared = sql`'2024-01-01 00:00:00.123456+00'::timestamptz`;
    // Orders a microsecond apart: a cursor kept to the millisecond would skip or repeat them.
    const apart = (n: number) => sql`'2024-01-01 00:00:00.123456+00'::timestamptz - ${`${n} microseconds`}::interval`;
    const count = EXPORT_BATCH * 2 + 7;
    await insertOrders(
      Array.from({ length: count }, (_, i) => ({ state: 'Luxor', createdAt: i % 3 ? shared : apart(i) })),
    );
    const expected = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.deliveryAddress}->>'state' = 'Luxor'`)
      .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`);
    const ids = csvRows((await exportCsv({ governorate: 'Luxor' })).body).map((row) => row.split(',')[0]);
    expect(ids).toHaveLength(count);
    expect(ids).toEqual(expected.map((r) => r.id));
  });

  it('is only the header when nothing matches', async () => {
    const body = (await exportCsv({ q: 'nothing like it' })).body;
    expect(body.startsWith('\uFEFFid,createdAt,')).toBe(true);
    expect(csvRows(body)).toEqual([]);
  });
});

describe('an order placed through the API', () => {
  it('is listed with its lines and buyer and found by the reference the shop shows', async () => {
    const product = await createProduct(t.app.db, { price: 250, stock: 10 });
    // A phone of its own: the fixed orders' one has more cash orders open than any shop allows.
    const order = await placeOrderOf(
      t.app,
      karim,
      [[product, 2]],
      { ...ADDRESS, state: 'Sohag', phone: '01000000317' },
      'cash',
    );
    const page = await list({ q: ref(order._id) });
    expect(page.orders).toEqual([
      // Confirmed, not yet paid at the door: its refund would give nothing back.
      {
        ...order,
        customer: { _id: karim.id, name: 'Karim Adel', email: karim.email },
        source: 'web',
        refundable: null,
        refundPending: null,
        refundUnheard: null,
      },
    ]);
    expect(await idsOf({ governorate: 'Sohag', status: order.status })).toEqual([order._id]);
  });
});

describe('one order, as the order page shows it', () => {
  const show = (id: string, account: Account = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: account.headers });

  it('has its lines with their variants, the landmark, the buyer, who moved it and the messages sent', async () => {
    const { product, variants } = await createVariantProduct(
      t.app.db,
      [{ name: 'Size', nameAr: 'المقاس', values: [{ value: 'M', valueAr: null }] }],
      [{ sku: 'TEE-M', options: { Size: 'M' }, price: 300, stock: 5 }],
      { name: 'Tee' },
    );
    const [medium] = variants;
    await t.app.db.delete(cartItems).where(eq(cartItems.userId, karim.id));
    await t.app.db
      .insert(cartItems)
      .values({ userId: karim.id, productId: product.id, variantId: medium?.id, quantity: 2 });
    const address = { ...ADDRESS, landmark: 'Behind the mosque', floor: '3', phone: '01000000342' };
    // Placed in Arabic: its messages and packing slip speak Arabic.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...karim.headers, 'accept-language': 'ar' },
      payload: { deliveryAddress: address, paymentMethod: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = placed.json() as Order[];
    const id = order?._id ?? '';
    await confirmByShopper(t.app, id);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped', trackingNumber: 'TRK-77' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const res = await show(id);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminOrderDetail;
    expect(detail).toMatchObject({
      _id: id,
      status: 'shipped',
      trackingNumber: 'TRK-77',
      language: 'ar',
      deliveryAddress: { landmark: 'Behind the mosque', floor: '3', phone: address.phone },
      customer: { _id: karim.id, name: 'Karim Adel', email: karim.email, phone: '01298765432' },
      products: [{ quantity: 2, productBrief: { name: 'Tee', price: 300 }, variant: { sku: 'TEE-M' } }],
    });
    expect(detail.statusHistory.map(({ status, actor }) => [status, actor])).toEqual([
      ['awaiting_confirmation', 'shopper'],
      ['confirmed', 'shopper'],
      ['shipped', 'admin'],
    ]);
    expect(detail.messages.map(({ kind, channel, to }) => [kind, channel, to])).toEqual([
      ['confirm_request', 'email', karim.email],
      ['confirmed', 'email', karim.email],
      ['shipped', 'email', karim.email],
    ]);
    // The sender may have taken them by now: each is queued or sent, never failed.
    for (const message of detail.messages) expect(['queued', 'sent']).toContain(message.status);
  });

  it('answers 404 for an order that does not exist, and keeps an order whose buyer left', async () => {
    expect((await show(UNKNOWN_ID)).statusCode).toBe(404);
    const res = await show(gone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: gone, customer: null, language: 'en', messages: [] });
  });

  it('is for staff who may read orders only', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/${first}` })).statusCode).toBe(401);
    expect((await show(first, mona)).statusCode).toBe(403);
  });
});
