import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  nationalIdEnding,
  METHOD_NAME_PATTERN,
  ONLINE_METHODS,
  type DepositState,
  type Order,
  type OrderRefund,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders, orderStatusHistory, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import { trackingUrl } from '../courier/tracking-url.js';
import { orderEtaReceipt, orderReceipts, type OrderReceipt } from '../receipts/order-receipt.js';

export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;

/** Lines by name, then id: the order they are listed in (byte order, as the database's C collation sorts). */
export const byName = (a: LineRow, b: LineRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The money given back on an order, if any: online the way it was paid, a cash order's by hand. */
function refundOf(o: OrderRow): OrderRefund | null {
  if (!o.refundedAt || o.refunded <= 0) return null;
  // A cash order's deposit went back online the way it was paid: a payment method's name (an instalment plan's too),
  // or none, recorded before methods were. An admin's record of a kept deposit paid back by hand (orders/refunds.ts)
  // is in their words: cash, or a way that is no method's name (a bank transfer, InstaPay).
  const byHand = !!o.refundedBy && (o.refundedBy === 'cash' || !METHOD_NAME_PATTERN.test(o.refundedBy));
  const cash = o.paymentMethod === 'cash' && (o.depositState !== 'refunded' || byHand);
  const method = ONLINE_METHODS.find((m) => m === o.refundedBy) ?? 'card';
  return {
    amount: toEgp(o.refunded),
    whole: o.refunded >= o.bill,
    at: o.refundedAt.toISOString(),
    method: cash ? 'cash' : method,
    paidBackBy: cash ? o.refundedBy : null,
  };
}

/** One order with its lines and history, in the wire shape of contracts/checkout.ts. */
export function toOrder(o: OrderRow, lines: LineRow[], history: HistoryRow[], receipts: OrderReceipt[] = []): Order {
  // A refused parcel's kept deposit is the only sale such an order has: its receipt is the order's.
  const sale = receipts.find((r) => r.kind === 'sale' || r.kind === 'deposit');
  const returns = receipts.filter((r) => r.kind === 'return');
  return {
    _id: o.id,
    createdAt: o.createdAt.toISOString(),
    bill: toEgp(o.bill),
    itemsTotal: toEgp(o.itemsTotal),
    discount: toEgp(o.discount),
    couponCode: o.couponCode,
    shipping: toEgp(o.shipping),
    codFee: toEgp(o.codFee),
    status: o.status as OrderStatus,
    statusHistory: history.map((h) => ({ status: h.status as OrderStatus, at: h.at.toISOString(), reason: h.reason })),
    trackingNumber: o.trackingNumber,
    trackingUrl: trackingUrl(o.courier, o.trackingNumber),
    deliveryAddress: o.deliveryAddress,
    paymentMethod: o.paymentMethod as PaymentMethod,
    refund: refundOf(o),
    deposit: o.depositState ? { amount: toEgp(o.deposit), state: o.depositState as DepositState } : null,
    products: lines.map((l) => ({
      product_id: l.productId,
      productBrief: {
        product_id: l.productId,
        name: l.name,
        nameAr: l.nameAr,
        price: toEgp(l.price),
        image_path: l.imagePaths,
      },
      ...(l.variant ? { variant: { _id: l.variantId, ...l.variant } } : {}),
      quantity: l.quantity,
    })),
    ...(sale ? { etaReceipt: orderEtaReceipt(sale) } : {}),
    ...(returns.length ? { etaReturnReceipts: returns.map(orderEtaReceipt) } : {}),
    // Its last four digits only: the whole number goes to the Tax Authority on the receipt, and nowhere else.
    ...(o.buyerNationalId ? { nationalIdEnding: nationalIdEnding(o.buyerNationalId) } : {}),
  };
}

/** Orders with their lines and status history, newest first. */
export async function loadOrders(db: DbOrTx, where: SQL | undefined): Promise<Order[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const [lines, history, receipts] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.name), asc(orderItems.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.id)),
    orderReceipts(db, ids),
  ]);
  return rows.map((o) =>
    toOrder(
      o,
      lines.filter((l) => l.orderId === o.id),
      history.filter((h) => h.orderId === o.id),
      receipts.filter((r) => r.orderId === o.id),
    ),
  );
}

/** One order in its wire shape. */
export async function loadOrder(db: DbOrTx, orderId: string): Promise<Order> {
  const [order] = await loadOrders(db, eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  return order;
}

export const listOwnOrders = (db: DbOrTx, userId: string): Promise<Order[]> =>
  loadOrders(db, eq(orders.userId, userId));

export async function listUserOrders(db: DbOrTx, userId: string): Promise<Order[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  return loadOrders(db, eq(orders.userId, userId));
}

/**
 * When the order first reached its shopper, or null if it never did. A refused return delivers it again;
 * the first delivery is the one the return window and a cash refund go by.
 */
export async function firstDeliveredAt(db: DbOrTx, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'delivered')))
    .orderBy(asc(orderStatusHistory.at))
    .limit(1);
  return row?.at ?? null;
}
