import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminOrderDetail } from '@shop/contracts';
import { orders } from '../../db/schema.js';
import {
  createStaff,
  createTestApp,
  lastAudit,
  placeOrderOf,
  registerShopper,
  UNKNOWN_ID,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';
import { startBostaSimulator } from '../courier/bosta/simulator.js';
import type { DeliveryRequest } from '../courier/bosta/wire.js';

let t: TestContext;
let desk: Account;
let support: Account;
let mona: Account;
let product: { id: string };
let bosta: Awaited<ReturnType<typeof startBostaSimulator>>;

/** The address an order keeps as placed: the courier's details given as blank. */
const PLACED = { ...ADDRESS, apartment: '', floor: '', landmark: '', instructions: '' };

const changeAddress = (account: Account, id: string, address: unknown, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${id}/address`,
    headers: { ...account.headers, 'accept-language': language },
    payload: { address } as object,
  });

const addressOf = async (id: string) =>
  (await t.app.db.select({ address: orders.deliveryAddress }).from(orders).where(eq(orders.id, id)))[0]?.address;

const newOrder = async () => (await placeOrderOf(t.app, mona, [[product, 1]], ADDRESS, 'cash'))._id;

beforeAll(async () => {
  // The shop books its parcels with Bosta (its simulator), so a correction is seen reaching the courier.
  bosta = await startBostaSimulator({ apiKey: 'bosta_test_api_key' });
  t = await createTestApp({
    COURIER: 'bosta',
    BOSTA_API_KEY: 'bosta_test_api_key',
    BOSTA_API_URL: bosta.url,
    BOSTA_WEBHOOK_SECRET: 'bosta-webhook-secret-for-tests',
  });
  desk = await createStaff(t.app, 'orders', 'Dina Desk');
  support = await createStaff(t.app, 'support', 'Salma Support');
  mona = await registerShopper(t.app, 'Mona Ali');
  product = await createProduct(t.app.db, { stock: 20 });
});

afterAll(async () => {
  await t?.close();
  await bosta?.close();
});

describe('correcting an order’s delivery address', () => {
  it('takes the address the customer gave on the phone, and records it before and after', async () => {
    const id = await newOrder();
    const corrected = {
      ...ADDRESS,
      street: 'Qasr El Nil St',
      building: '7',
      floor: '4',
      landmark: 'Above the pharmacy',
      instructions: 'Ring twice',
      phone: '+20 10 9876 5432',
    };
    const res = await changeAddress(desk, id, corrected);
    expect(res.statusCode, res.body).toBe(200);
    // The phone as the courier dials it.
    const stored = { ...corrected, apartment: '', phone: '01098765432' };
    expect(res.json<AdminOrderDetail>().deliveryAddress).toEqual(stored);
    expect(await addressOf(id)).toEqual(stored);
    const audit = await lastAudit(t.app);
    expect(audit).toMatchObject({ action: 'order_address', userId: desk.id });
    expect(audit?.message).toContain(`changed the delivery address of order ${id}`);
    expect(audit?.data).toEqual({ orderId: id, from: PLACED, to: stored });

    // Saved again as it is: nothing changes, and nothing more is recorded.
    expect((await changeAddress(desk, id, stored)).statusCode).toBe(200);
    expect((await lastAudit(t.app))?.id).toBe(audit?.id);

    // Shipped, the courier is given the corrected address and phone.
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}/status`,
      headers: desk.headers,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const parcel = bosta.received.at(-1)?.body as DeliveryRequest | undefined;
    expect(parcel?.dropOffAddress).toMatchObject({ firstLine: expect.stringContaining('Qasr El Nil St') });
    expect(parcel?.receiver.phone).toBe('01098765432');
  });

  it('keeps the governorate the shipping fee was billed for, saying so in the reader’s language', async () => {
    const id = await newOrder();
    const res = await changeAddress(desk, id, { ...ADDRESS, state: 'Alexandria', city: 'Smouha' }, 'ar');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'المحافظة تحدد رسوم الشحن: لإرسال هذا الطلب إلى محافظة أخرى ألغِه وأنشئ طلبًا جديدًا',
    });
    // Nor another country, whatever the governorate is called there.
    expect((await changeAddress(desk, id, { ...ADDRESS, country: 'Sudan' })).statusCode).toBe(409);
    expect(await addressOf(id)).toEqual(PLACED);
  });

  it('refuses once the order has shipped or was cancelled, and once the courier was asked for its parcel', async () => {
    for (const status of ['shipped', 'cancelled'] as const) {
      const id = await newOrder();
      await t.app.db.update(orders).set({ status }).where(eq(orders.id, id));
      const late = await changeAddress(desk, id, { ...ADDRESS, street: 'Too late St' });
      expect(late.statusCode, status).toBe(409);
      expect(late.json()).toMatchObject({
        message: 'An order’s address cannot change once it has been shipped or cancelled',
      });
    }

    // Shipping marks the order with the courier's name before asking it (orders/service.ts shipWith); a booking cut
    // short leaves the mark, however old: the courier may hold the address it was given.
    for (const markedAt of [t.clock.now(), new Date(t.clock.now().getTime() - 3_600_000)]) {
      const booked = await newOrder();
      await t.app.db.update(orders).set({ courier: 'bosta', updatedAt: markedAt }).where(eq(orders.id, booked));
      const meanwhile = await changeAddress(desk, booked, { ...ADDRESS, street: 'Meanwhile St' });
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.json()).toMatchObject({
        message:
          'The courier was asked for this order’s parcel with the address it had: ship the order as it is, or cancel it',
      });
      expect(await addressOf(booked)).toEqual(PLACED);
    }
  });

  it('is for roles that move orders, and checks the address as the checkout does', async () => {
    const id = await newOrder();
    expect((await changeAddress(support, id, { ...ADDRESS, street: 'Support St' })).statusCode).toBe(403);
    expect((await changeAddress(mona, id, { ...ADDRESS, street: 'Own St' })).statusCode).toBe(403);
    expect((await changeAddress(desk, UNKNOWN_ID, ADDRESS)).statusCode).toBe(404);
    const badPhone = await changeAddress(desk, id, { ...ADDRESS, phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ message: 'Not valid phone' });
    expect(await addressOf(id)).toEqual(PLACED);
  });
});
