import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { giveBackOnce, paymentThatPaid } from '../payments/give-back.js';
import { refundRequestId } from '../payments/refund-request.js';
import type { AfterCommitDeps } from './lifecycle.js';

/**
 * A cash order's deposit given back (docs/decisions/cash-deposit.md). transition() marks the deposit of an order it
 * cancels `refunding` in the cancellation's transaction; once that commits, each goes back here through the provider
 * that took it, and is marked `refunded` with the order's refund. A provider that refuses, or does not answer, marks
 * it `refund_failed`, in the audit log for an admin to give back by hand; its own refund callback, should it come,
 * marks it `refunded` (payments/service.ts). Why this is not the refund of orders/refunds.ts:
 * docs/decisions/refund-flows.md.
 *
 * Before the provider is asked, the order's refund request is written down and committed (giveBackOnce), so that the
 * after-commit and the recovery pass (payments/give-back-recovery.ts), on any instance, never both ask: whoever writes
 * it asks, the other leaves the deposit. Answers how many deposits it asked the provider for.
 */
export async function giveDepositsBack(deps: AfterCommitDeps, orderIds: readonly string[]): Promise<number> {
  let asked = 0;
  for (const orderId of orderIds) {
    const refunding = and(eq(orders.id, orderId), eq(orders.depositState, 'refunding'));
    const given = await giveBackOnce(deps, refundRequestId(orderId), async () => {
      const [order] = await deps.db.select({ id: orders.id }).from(orders).where(refunding);
      if (!order) return null;
      const paid = await paymentThatPaid(deps.db, orderId);
      const amount = paid?.amount ?? 0;
      return {
        orderId,
        payment: paid ? { ...paid, amount } : null,
        kind: 'deposit',
        what: `The deposit of cancelled order ${orderId}`,
        record: (tx, now) =>
          tx
            .update(orders)
            .set({ depositState: 'refunded', refunded: amount, refundedAt: now, refundedBy: paid?.method })
            .where(refunding),
        // Not asked again by the pass: a refusal is an admin's to handle, and a timeout may have given the money back.
        recordRefusal: (tx) => tx.update(orders).set({ depositState: 'refund_failed' }).where(refunding),
      };
    });
    if (given) asked++;
  }
  return asked;
}

/** Deposits still `refunding`, the longest first: those a stopped process left (give-back-recovery.ts). */
export async function depositsLeft(db: DbOrTx, limit: number): Promise<string[]> {
  const left = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.depositState, 'refunding'))
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
  return left.map((o) => o.id);
}
