import { and, eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.js';
import { giveBack } from '../payments/give-back.js';
import type { AfterCommitDeps } from './lifecycle.js';

/**
 * A cash order's deposit given back (docs/decisions/cash-deposit.md). transition() marks the deposit of an order it
 * cancels `refunding` in the cancellation's transaction; once that commits, each goes back here through the provider
 * that took it, and is marked `refunded` with the order's refund. A provider that refuses leaves it `refunding`, in
 * the audit log for an admin to give back by hand; its own refund callback, should it come, marks it too
 * (payments/service.ts). Why this is not the refund of orders/refunds.ts: docs/decisions/refund-flows.md.
 */
export async function giveDepositsBack(deps: AfterCommitDeps, orderIds: readonly string[]): Promise<void> {
  for (const orderId of orderIds) {
    const [paid] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid')));
    const amount = paid?.amount ?? 0;
    await giveBack(deps, {
      orderId,
      payment: paid ? { ...paid, amount } : null,
      kind: 'deposit',
      what: `The deposit of cancelled order ${orderId}`,
      record: (tx, now) =>
        tx
          .update(orders)
          .set({ depositState: 'refunded', refunded: amount, refundedAt: now, refundedBy: paid?.method })
          .where(and(eq(orders.id, orderId), eq(orders.depositState, 'refunding'))),
    });
  }
}
