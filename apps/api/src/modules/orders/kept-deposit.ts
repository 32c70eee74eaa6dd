import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { issueReceipt } from '../receipts/issue.js';
import { firstDeliveredAt, type OrderRow } from './queries.js';

/**
 * Whether the order keeps its deposit: a parcel refused at the door (`returned`, never delivered) whose deposit was
 * paid. That deposit is the shop's, sold on a receipt of its own (kind `deposit`); a delivered order's deposit is part
 * of its sale instead, given back with the refund of its bill.
 */
export async function depositKept(tx: Tx, order: OrderRow): Promise<boolean> {
  return order.status === 'returned' && order.depositState === 'paid' && !(await firstDeliveredAt(tx, order.id));
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
