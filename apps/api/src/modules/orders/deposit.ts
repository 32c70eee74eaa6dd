import { and, eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { toEgp } from '../../lib/money.js';
import type { AfterCommitDeps } from './lifecycle.js';

/**
 * A cash order's deposit given back (docs/decisions/cash-deposit.md). transition() marks the deposit of an order it
 * cancels `refunding` in the cancellation's transaction; once that commits, each goes back here through the provider
 * that took it, and is marked `refunded` with the order's refund. A provider that refuses leaves it `refunding`, in
 * the audit log for an admin to give back by hand; its own refund callback, should it come, marks it too
 * (payments/service.ts).
 */
export async function giveDepositsBack(deps: AfterCommitDeps, orderIds: readonly string[]): Promise<void> {
  for (const orderId of orderIds) {
    const [paid] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid')));
    const amount = paid?.amount ?? 0;
    const data = { orderId, intentId: paid?.providerRef ?? null, amount: toEgp(amount) };
    let how: 'refunded' | 'voided';
    try {
      if (!paid) throw new Error('no paid payment for the deposit');
      how = await deps.payments.named(paid.provider).refund({
        providerRef: paid.providerRef,
        transactionId: paid.transactionId,
        amount,
        paid: amount,
        paidAt: paid.paidAt,
      });
    } catch (err) {
      deps.log.error({ err, order: orderId }, 'could not give a deposit back');
      await audit(deps.db, {
        type: 'payment',
        action: 'deposit_refund_failed',
        message: `The deposit of cancelled order ${orderId} (${toEgp(amount)} EGP) could not be given back: refund it by hand`,
        data,
      });
      continue;
    }
    const now = deps.clock.now();
    // Given back: should this record fail, the provider's refund callback still marks the deposit.
    await deps.db
      .transaction(async (tx) => {
        await tx
          .update(payments)
          .set({ state: how })
          .where(and(eq(payments.providerRef, paid.providerRef), eq(payments.state, 'paid')));
        await tx
          .update(orders)
          .set({ depositState: 'refunded', refunded: amount, refundedAt: now, refundedBy: paid.method })
          .where(and(eq(orders.id, orderId), eq(orders.depositState, 'refunding')));
        await audit(tx, {
          type: 'payment',
          action: 'deposit_refunded',
          message: `The deposit of cancelled order ${orderId} was ${how} (${toEgp(amount)} EGP, payment ${paid.providerRef})`,
          data: { ...data, refund: how },
        });
      })
      .catch((err: unknown) => deps.log.error({ err, order: orderId }, 'a deposit given back was not recorded'));
  }
}
