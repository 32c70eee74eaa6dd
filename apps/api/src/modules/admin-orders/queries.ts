import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  languageOf,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrdersFilter,
  type AdminOrdersPage,
  type ContactChannel,
  type MessageStatus,
  type OrderActor,
  type OrderNote,
  type OrderSource,
  type OrderStatus,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { messages, orderItems, orderNotes, orders, orderStatusHistory, users } from '../../db/schema.js';
import { cairoDayEnd, cairoDayStart } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { forStaff } from '../orders/kept-deposit.js';
import { STAFF_ALERT_KINDS } from '../staff/alerts.js';
import { loadOrders } from '../orders/queries.js';
import { refundRequestOf, refundRequestsOf } from '../payments/refund-request.js';
import { owedPayments } from '../payments/paid-back.js';

/** What an order reference may look like: the start of a uuid, as '#1A2B3C4D' or typed in full. */
const ID_PREFIX = /^[0-9a-f-]{1,36}$/;
/** What a phone number may look like as typed: digits, spaces, dashes, brackets, a leading +. */
const PHONE = /^\+?[\d\s()-]+$/;
/** The fewest digits a phone search takes: shorter runs would match almost every number. */
const MIN_PHONE_DIGITS = 4;

const digitsOf = (column: SQL) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/** An order id prefix or phone number; text that is neither matches nothing. */
function searchCondition(q: string): SQL {
  const conditions: SQL[] = [];
  const ref = q.replace(/^#/, '').toLowerCase();
  if (ID_PREFIX.test(ref)) conditions.push(sql`${orders.id}::text like ${`${ref}%`}`);
  if (PHONE.test(q)) {
    // +20 10… and 0020 10… are the same Egyptian mobile as 010…, which is how numbers are stored.
    const digits = q.replace(/\D/g, '').replace(/^(00)?20(?=1\d{9}$)/, '0');
    if (digits.length >= MIN_PHONE_DIGITS) {
      const pattern = `%${digits}%`;
      conditions.push(
        sql`${digitsOf(sql`${orders.deliveryAddress}->>'phone'`)} like ${pattern}`,
        sql`${digitsOf(sql`${users.phone}`)} like ${pattern}`,
      );
    }
  }
  return or(...conditions) ?? sql`false`;
}

/** The filters as one condition on orders left-joined to their buyer; days are Cairo's, `to` included. */
export function filterCondition(filter: AdminOrdersFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.paymentMethod) conditions.push(eq(orders.paymentMethod, filter.paymentMethod));
  if (filter.source) conditions.push(eq(orders.source, filter.source));
  if (filter.governorate) conditions.push(sql`${orders.deliveryAddress}->>'state' = ${filter.governorate}`);
  if (filter.from) conditions.push(gte(orders.createdAt, cairoDayStart(filter.from)));
  if (filter.to) conditions.push(lt(orders.createdAt, cairoDayEnd(filter.to)));
  if (filter.q) conditions.push(searchCondition(filter.q));
  return conditions.length ? and(...conditions) : undefined;
}

const buyer = eq(users.id, orders.userId);

/** One page of the filtered orders, newest first, each with its buyer. */
export async function listOrders(
  db: DbOrTx,
  filter: AdminOrdersFilter,
  page: number,
  now: Date,
): Promise<AdminOrdersPage> {
  const where = filterCondition(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: orders.id, source: orders.source, customerId: users.id, name: users.name, email: users.email })
      .from(orders)
      .leftJoin(users, buyer)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders).leftJoin(users, buyer).where(where),
  ]);
  const n = total?.n ?? 0;
  const pages = Math.max(1, Math.ceil(n / ADMIN_ORDERS_PAGE_SIZE));
  if (!rows.length) return { orders: [], pages, total: n };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ids = rows.map((r) => r.id);
  const [loaded, requested] = await Promise.all([loadOrders(db, inArray(orders.id, ids)), refundRequestsOf(db, ids)]);
  const withCustomers: AdminOrder[] = loaded.map((order) => {
    const row = byId.get(order._id);
    const customer = row?.customerId ? { _id: row.customerId, name: row.name ?? '', email: row.email ?? '' } : null;
    return { ...forStaff(order, requested(order._id), now), customer, source: (row?.source ?? 'web') as OrderSource };
  });
  return { orders: withCustomers, pages, total: n };
}

/**
 * One order for the dashboard's order page: the order as its shopper sees it, with its buyer's contact details, its
 * language, whether its parcel opens at the door, who made each move, the messages queued for it and the staff's notes,
 * oldest first, and the payments it owes back by hand.
 */
export async function loadOrderDetail(db: DbOrTx, orderId: string, now: Date): Promise<AdminOrderDetail> {
  const [[order], requested, [head], history, sent, notes, owedBack] = await Promise.all([
    loadOrders(db, eq(orders.id, orderId)),
    refundRequestOf(db, orderId),
    db
      .select({
        language: orders.language,
        source: orders.source,
        openBeforeAccepting: orders.openBeforeAccepting,
        customerId: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
      })
      .from(orders)
      .leftJoin(users, buyer)
      .where(eq(orders.id, orderId)),
    db
      .select({
        status: orderStatusHistory.status,
        at: orderStatusHistory.at,
        reason: orderStatusHistory.reason,
        actor: orderStatusHistory.actor,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id)),
    // What the shopper was told: the staff's own alerts about the order are theirs, not its story.
    db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, orderId), notInArray(messages.kind, STAFF_ALERT_KINDS)))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
    db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
    owedPayments(db, orderId, now),
  ]);
  if (!order || !head) throw notFound('Order');
  return {
    ...forStaff(order, requested, now),
    customer: head.customerId
      ? { _id: head.customerId, name: head.name ?? '', email: head.email, phone: head.phone ?? '' }
      : null,
    language: languageOf(head.language),
    source: head.source as OrderSource,
    openBeforeAccepting: head.openBeforeAccepting,
    statusHistory: history.map((move) => ({
      status: move.status as OrderStatus,
      at: move.at.toISOString(),
      reason: move.reason,
      actor: move.actor as OrderActor | null,
    })),
    messages: sent.map((m) => ({
      _id: String(m.id),
      kind: m.kind,
      channel: m.channel as ContactChannel,
      to: m.to,
      status: m.status as MessageStatus,
      createdAt: m.createdAt.toISOString(),
      statusAt: (m.statusAt ?? m.sentAt)?.toISOString() ?? null,
      lastError: m.lastError,
    })),
    notes: notes.map(noteOf),
    owedBack,
  };
}

/** A stored note as the wire carries it. */
export const noteOf = (note: typeof orderNotes.$inferSelect): OrderNote => ({
  _id: note.id,
  text: note.text,
  authorName: note.authorName,
  authorRole: note.authorRole,
  createdAt: note.createdAt.toISOString(),
});

/** Orders the export reads per query: its memory stays at one batch however many orders match. */
export const EXPORT_BATCH = 500;

/** One order as the CSV export writes it; money in piastres. */
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

/** Where the previous batch stopped: its last order's time, as the database's text (microseconds kept), and id. */
interface Cursor {
  at: string;
  id: string;
}

function exportBatch(db: DbOrTx, where: SQL | undefined, after: Cursor | undefined) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      at: sql<string>`${orders.createdAt}::text`,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      source: orders.source,
      name: users.name,
      email: users.email,
      address: orders.deliveryAddress,
      items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})::int`,
      itemsTotal: orders.itemsTotal,
      couponCode: orders.couponCode,
      discount: orders.discount,
      shipping: orders.shipping,
      codFee: orders.codFee,
      bill: orders.bill,
      trackingNumber: orders.trackingNumber,
      deposit: orders.deposit,
      depositState: orders.depositState,
      refunded: orders.refunded,
      refundedBy: orders.refundedBy,
    })
    .from(orders)
    .leftJoin(users, buyer)
    .where(
      and(where, after && sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_BATCH);
}

/**
 * Every filtered order, newest first, a batch at a time. Keyset pagination rather than an offset: each
 * batch starts right after the last one, so later batches cost no more than the first.
 */
export async function* exportOrders(db: DbOrTx, filter: AdminOrdersFilter): AsyncGenerator<ExportRow[]> {
  const where = filterCondition(filter);
  let after: Cursor | undefined;
  for (;;) {
    const rows = await exportBatch(db, where, after);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { at: last.at, id: last.id };
  }
}
