import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminOrderDetail, OrderNote } from '@shop/contracts';
import { users } from '../../db/schema.js';
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
let support: Account;
let catalogue: Account;
let mona: Account;
let orderId: string;

const addNote = (account: Account, id: string, payload: unknown, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/notes`,
    headers: { ...account.headers, 'accept-language': language },
    payload: payload as object,
  });

const orderPage = async (account: Account) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: account.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderDetail>();
};

beforeAll(async () => {
  t = await createTestApp();
  support = await createStaff(t.app, 'support', 'Salma Support');
  catalogue = await createStaff(t.app, 'catalogue', 'Karim Catalogue');
  mona = await registerShopper(t.app, 'Mona Ali');
  const product = await createProduct(t.app.db, { stock: 5 });
  orderId = (await placeOrderOf(t.app, mona, [[product, 1]], ADDRESS, 'cash'))._id;
});

afterAll(() => t.close());

describe('staff notes on an order', () => {
  it('lets support add notes, signed with their name and role, that the order page lists oldest first', async () => {
    const first = await addNote(support, orderId, { text: '  Called: deliver after 5 pm  ' });
    expect(first.statusCode, first.body).toBe(201);
    const note = first.json<OrderNote>();
    expect(note).toMatchObject({
      text: 'Called: deliver after 5 pm',
      authorName: 'Salma Support',
      authorRole: 'support',
    });
    const audit = await lastAudit(t.app);
    expect(audit).toMatchObject({ action: 'order_note', userId: support.id, userRole: 'support' });
    expect(audit?.data).toEqual({ orderId, noteId: note._id });

    expect((await addNote(support, orderId, { text: 'She asked for a gift wrap' })).statusCode).toBe(201);
    const { notes } = await orderPage(support);
    expect(notes.map((n) => n.text)).toEqual(['Called: deliver after 5 pm', 'She asked for a gift wrap']);
    expect(notes[0]).toEqual(note);

    // The note keeps its author's role as written, not the one they hold later.
    await t.app.db.update(users).set({ staffRole: 'manager' }).where(eq(users.id, support.id));
    expect((await orderPage(catalogue)).notes[0]?.authorRole).toBe('support');
    await t.app.db.update(users).set({ staffRole: 'support' }).where(eq(users.id, support.id));
  });

  it('refuses a role without orders.note, even one that reads the order', async () => {
    const res = await addNote(catalogue, orderId, { text: 'Not mine to write' });
    expect(res.statusCode).toBe(403);
    expect((await orderPage(catalogue)).notes.map((n) => n.text)).not.toContain('Not mine to write');
  });

  it('refuses an empty or too long note, in the reader’s language', async () => {
    const blank = await addNote(support, orderId, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'This field is required' });
    const long = await addNote(support, orderId, { text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'At most 1000 characters' });
    const longAr = await addNote(support, orderId, { text: 'x'.repeat(1001) }, 'ar');
    expect(longAr.json()).toMatchObject({ message: 'الحد الأقصى 1000 حرفًا' });
    expect((await addNote(support, orderId, { text: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await addNote(support, UNKNOWN_ID, { text: 'Where is it?' });
    expect(res.statusCode).toBe(404);
  });

  it('never shows the notes to the shopper', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: mona.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('notes');
    expect(res.body).not.toContain('deliver after 5 pm');
    const mine = await t.app.inject({ method: 'GET', url: '/api/order', headers: mona.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).not.toContain('deliver after 5 pm');
  });
});
