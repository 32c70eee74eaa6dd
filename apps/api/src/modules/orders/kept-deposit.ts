import { and, eq, sql } from 'drizzle-orm';
import type { Order, OrderForStaff, Refundable } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { orderStatusHistory, orders } from '../../db/schema.js';
import { issueReceipt } from '../receipts/issue.js';
import { stands, type RequestOnRecord } from '../payments/refund-request.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { firstDeliveredAt, type OrderRow } from './queries.js';

/**
 * What the admin's refund of an order gives back (orders/refunds.ts), `delivered` whether it ever reached its shopper:
 * the bill of a paid order, or of a returned one whose money was collected (online, or at the door on delivery);
 * nothing of a cash parcel the courier brought back undelivered (never paid for at the door) but the deposit it kept,
 * when that was paid and is not given back yet. That deposit is the shop's, sold on a receipt of its own (kind
 * `deposit`); a delivered order's deposit is part of its sale instead, given back with the refund of its bill.
 * A cancelled order's deposit goes back by itself (orders/deposit.ts); one its provider refused, `refund_failed`, is
 * the admin's to give back by hand, and to record.
 */
export function refundableOf(
  order: { status: string; paymentMethod: string; depositState: string | null },
  delivered: boolean,
): 'bill' | 'deposit' | null {
  if (order.status === 'cancelled') return order.depositState === 'refund_failed' ? 'deposit' : null;
  if (order.status !== 'paid' && order.status !== 'returned') return null;
  if (order.paymentMethod !== 'cash' || delivered) return 'bill';
  return order.status === 'returned' && order.depositState === 'paid' ? 'deposit' : null;
}

/** Whether the order keeps its deposit: a parcel refused at the door whose deposit was paid (refundableOf). */
export async function depositKept(tx: Tx, order: OrderRow): Promise<boolean> {
  return order.status === 'returned' && refundableOf(order, !!(await firstDeliveredAt(tx, order.id))) === 'deposit';
}

/** The orders that keep their deposit (depositKept), as a condition on the orders table: the overview's sales read it. */
export const keptDeposit = and(
  eq(orders.status, 'returned'),
  eq(orders.paymentMethod, 'cash'),
  eq(orders.depositState, 'paid'),
  sql`not exists (select 1 from ${orderStatusHistory} where ${orderStatusHistory.orderId} = ${orders.id} and ${orderStatusHistory.status} = 'delivered')`,
);

/**
 * An order as staff read it: with what the dashboard's refund of it gives back, and at most how much (EGP), and its
 * refund request on record (refundRequestsOf): one that stands refuses another until the provider answers
 * (`refundPending`); one that settled unheard of while the bill is still to give back is for staff to check at the
 * provider (`refundUnheard`).
 */
export function forStaff<T extends Order>(
  order: T,
  request: RequestOnRecord | null,
  now: Date,
): T & Pick<OrderForStaff, 'refundable' | 'refundPending' | 'refundUnheard'> {
  const delivered = order.statusHistory.some((move) => move.status === 'delivered');
  const of = refundableOf({ ...order, depositState: order.deposit?.state ?? null }, delivered);
  // A request stays on record once its refund is done and the order moved on: only one whose order still has money
  // to give back waits on the provider, or went unheard.
  const standing = request && stands(request, now) ? request : null;
  const refundPending = of && standing ? standing.at.toISOString() : null;
  // What is left of the bill once parts refunded at the provider are counted (orders/refunds.ts offers no more).
  const left = toEgp(toPiastres(order.bill) - toPiastres(order.refund?.amount ?? 0));
  // What a request that named no amount gives back, as staff who found it given back record it (refunds.ts).
  const refundUnheard =
    of === 'bill' && request && !standing
      ? { at: request.at.toISOString(), amount: request.amount === null ? left : toEgp(request.amount) }
      : null;
  const refundable: Refundable =
    of && !refundPending ? { of, amount: of === 'deposit' ? (order.deposit?.amount ?? 0) : left } : null;
  return { ...order, refundable, refundPending, refundUnheard };
}

/**
 * Records a cash order's deposit given back, in the caller's transaction under the order's lock: the deposit
 * `refunded` and the order's refund (`amount`, at most the deposit; `refundedBy` the online method it went back to,
 * or how it was paid back by hand). A kept deposit's sale is given back with the record, its return receipt issued
 * in the same transaction, so the two are written together or not at all. The order's status is left as it is.
 * Both ways a kept deposit goes back come here: the provider's refund callback (payments/service.ts) and an admin's
 * record of one given back by hand (refunds.ts).
 */
export async function recordDepositBack(
  tx: Tx,
  order: OrderRow,
  given: { amount: number; refundedBy: string },
  now: Date,
  kept: boolean,
): Promise<void> {
  const back = {
    depositState: 'refunded',
    refunded: Math.min(given.amount, order.deposit),
    refundedAt: now,
    refundedBy: given.refundedBy,
  };
  await tx.update(orders).set(back).where(eq(orders.id, order.id));
  if (kept) await issueReceipt(tx, { ...order, ...back }, 'return', now);
}
