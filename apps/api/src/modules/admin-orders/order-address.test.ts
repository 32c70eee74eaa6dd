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

let t: TestContext;
let desk: Account;
let support: Account;
let mona: Account;
let product: { id: string };

/** The address an order keeps as placed: the courier's details given as blank. */
const PLACED = { ...ADDRESS, apartment: '', floor: '', landmark: '' };

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
  t = await createTestApp();
  desk = await createStaff(t.app, 'orders', 'Dina Desk');
  support = await createStaff(t.app, 'support', 'Salma Support');
  mona = await registerShopper(t.app, 'Mona Ali');
  product = await createProduct(t.app.db, { stock: 20 });
});

afterAll(() => t.close());

describe('correcting an order’s delivery address', () => {
  it('takes the address the customer gave on the phone, and records it before and after', async () => {
    const id = await newOrder();
    const corrected = {
      ...ADDRESS,
      street: 'Qasr El Nil St',
      building: '7',
      floor: '4',
      landmark: 'Above the pharmacy',
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
  });

  it('keeps the governorate the shipping fee was billed for, saying so in the reader’s language', async () => {
    const id = await newOrder();
    const res = await changeAddress(desk, id, { ...ADDRESS, state: 'Alexandria', city: 'Smouha' }, 'ar');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'المحافظة تحدد رسوم الشحن: لإرسال هذا الطلب إلى محافظة أخرى ألغِه وأنشئ طلبًا جديدًا',
    });
    expect(await addressOf(id)).toEqual(PLACED);
  });

  it('refuses once the order has shipped, and while the courier is being asked for its parcel', async () => {
    const shipped = await newOrder();
    await t.app.db.update(orders).set({ status: 'shipped', trackingNumber: 'EG-1' }).where(eq(orders.id, shipped));
    const late = await changeAddress(desk, shipped, { ...ADDRESS, street: 'Too late St' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: 'An order’s address cannot change once it has been shipped or cancelled',
    });

    // Shipping marks the order with the courier's name before asking it (orders/service.ts shipWith).
    const booking = await newOrder();
    await t.app.db.update(orders).set({ courier: 'bosta', updatedAt: new Date() }).where(eq(orders.id, booking));
    const meanwhile = await changeAddress(desk, booking, { ...ADDRESS, street: 'Meanwhile St' });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({
      message: 'This order’s parcel is being booked with the courier: wait a moment, then reload',
    });
    expect(await addressOf(booking)).toEqual(PLACED);
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
