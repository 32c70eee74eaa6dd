import { and, asc, eq } from 'drizzle-orm';
import { say, type OwedPayment } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { conflict } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import { requestsStanding, unwantedRequestId } from './refund-request.js';

/**
 * Payments an order did not take that their provider refused to give back (give-back.ts marks them `refund_failed`
 * and never asks again): the shop owes them, and a staff member who gives refunds gives them back by hand (cash, a
 * transfer, from the provider's dashboard whose callback never came) and records it here. Until the provider's request
 * settles its refund may yet go through, so nothing is offered or recorded before then.
 */
const refusedOf = (orderId: string) =>
  and(eq(payments.orderId, orderId), eq(payments.state, 'paid'), eq(payments.giveBack, 'refund_failed'));

/** The order's payments owed back by hand, the oldest paid first. */
export async function owedPayments(db: DbOrTx, orderId: string, now: Date): Promise<OwedPayment[]> {
  const refused = await db.select().from(payments).where(refusedOf(orderId)).orderBy(asc(payments.paidAt));
  const standing = await requestsStanding(
    db,
    refused.map((p) => unwantedRequestId(p.providerRef)),
    now,
  );
  return refused
    .filter((p) => !standing.has(unwantedRequestId(p.providerRef)))
    .map((p) => ({
      _id: p.providerRef,
      amount: toEgp(p.amount ?? 0),
      paidAt: p.paidAt?.toISOString() ?? null,
    }));
}

/** Which owed payment of which order went back, and how, in the staff member's words. */
export interface PaidBackRecord {
  orderId: string;
  providerRef: string;
  paidBackBy: string;
}

/**
 * Records an owed payment given back by hand: marked `refunded` under its row's lock, so a second record (or a
 * provider callback coming later) finds nothing owed, and audited with who gave it back and how.
 */
export function recordPaidBack(db: DbOrTx, actor: Actor, owed: PaidBackRecord, now: Date): Promise<void> {
  const { orderId, providerRef, paidBackBy } = owed;
  return transaction(db, async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.providerRef, providerRef), refusedOf(orderId)))
      .for('update');
    const standing = await requestsStanding(tx, [unwantedRequestId(providerRef)], now);
    if (!payment || standing.size) throw conflict(say.api.nothingOwed);
    await tx.update(payments).set({ state: 'refunded' }).where(eq(payments.providerRef, providerRef));
    const amount = toEgp(payment.amount ?? 0);
    await auditAdmin(
      tx,
      actor,
      'payment_paid_back',
      `recorded payment ${providerRef} of order ${orderId} (${amount} EGP), refused by its provider, paid back by ${paidBackBy}`,
      { orderId, intentId: providerRef, amount, paidBackBy },
    );
  });
}
