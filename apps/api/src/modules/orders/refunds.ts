import { eq } from 'drizzle-orm';
import { say, canTransition, type OrderStatus, type RefundRequest } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { paymentEvents, payments } from '../../db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { OutcomeUnknown } from '../payments/provider.js';
import { refundRequested, refundRequestId, requestRefund } from '../payments/refund-request.js';
import { paymentThatPaid } from '../payments/give-back.js';
import { AfterCommit, lockOrder, transition, type Move, type Mover, type AfterCommitDeps } from './lifecycle.js';
import { firstDeliveredAt, type OrderRow } from './queries.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';
import { audit } from '../../lib/audit.js';

type RefundsDeps = AfterCommitDeps & Pick<Deps, 'clock'>;

/** What giving an order's money back makes of it: a paid order is cancelled, a returned one refunded. */
const AFTER_REFUND: Partial<Record<OrderStatus, OrderStatus>> = { paid: 'cancelled', returned: 'refunded' };

/** The admin's refund (amount in EGP, the whole bill when unset; how a cash order's money went back, required for one). */
export interface RefundInput extends RefundRequest {
  /** Why the order is cancelled or refunded, as the shopper or admin put it: kept in its history. */
  reason?: string | null | undefined;
  /** Set when a shopper asks: only their own order is found. */
  ownerId?: string | undefined;
}

interface Request {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  paid: typeof payments.$inferSelect | null;
  amount: number;
  reason: string | null;
}

/**
 * Gives an order's money back. The shop never keeps the money of an order it cancels, and a
 * returned order is refunded once its parcel is back.
 *
 * A card refund takes three steps, so that no failure gives money back twice or keeps it silently.
 * Under the order's lock its request is recorded and committed (payments/refund-request.ts): while it
 * stands, a second refund or any other move of the order is refused. The provider that took the
 * payment is asked; a refusal withdraws the request and the order stays as it was. Then the order
 * moves on (its stock back on the shelf when cancelled). Should that last commit fail, the request
 * stays, so a retry is refused (409) instead of asking the provider again, and the provider's refund
 * callback moves the order (apply in payments/service.ts), once, whichever of the two comes first.
 * A cash order's money went back by hand: recording how is the whole refund.
 */
export function refundsService(deps: RefundsDeps) {
  const { db } = deps;

  async function refund(by: Mover, orderId: string, input: RefundInput): Promise<void> {
    const after = new AfterCommit();
    const request = await transaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId, input.ownerId);
      if (!order) throw notFound('Order');
      const from = order.status as OrderStatus;
      const to = AFTER_REFUND[from];
      if (!to) throw conflict(say.api.notRefundable);
      if (!canTransition(from, to, by.actor)) throw conflict(say.api.statusChange(from, to));
      if (await refundRequested(tx, orderId, deps.clock.now())) throw conflict(say.api.refundPending);
      const amount = input.amount === undefined ? order.bill : toPiastres(input.amount);
      if (amount > order.bill) throw badRequest(say.api.refundTooLarge);
      if (order.paymentMethod === 'cash') {
        // A parcel the courier brought back undelivered was never paid for: there is nothing to give back.
        if (!(await firstDeliveredAt(tx, order.id))) throw conflict(say.api.nothingCollected);
        const paidBackBy = input.paidBackBy?.trim();
        if (!paidBackBy) throw badRequest(say.api.paidBackByRequired);
        const how = `paid back by ${paidBackBy}`;
        const now = deps.clock.now();
        const move = refundMove(by, from, to, how, amount, how, {
          refunded: amount,
          refundedAt: now,
          refundedBy: paidBackBy,
        });
        await transition(tx, [order], move, after, now);
        return null;
      }
      return { order, from, to, amount, reason: input.reason ?? null, paid: await recordRequest(tx, order, amount) };
    });
    if (request) await giveBack(by, request, after);
    await after.run(deps);
  }

  /** Records, under the order's lock, that `amount` of its money is being given back; answers the payment that paid it. */
  async function recordRequest(tx: Tx, order: OrderRow, amount: number) {
    // None younger than REFUND_SETTLE_MS stands (checked under the same lock); an older one was never made.
    await requestRefund(tx, order.id, deps.clock.now(), amount);
    return paymentThatPaid(tx, order.id);
  }

  /** Asks the provider that took the payment to give the money back, then moves the order. */
  async function giveBack(by: Mover, request: Request, after: AfterCommit) {
    const { order, paid, amount, from, to, reason } = request;
    let how: 'refunded' | 'voided';
    try {
      how = await refundThrough(paid?.provider).refund({
        providerRef: paid?.providerRef ?? order.paymentIntentId ?? '',
        transactionId: paid?.transactionId ?? null,
        amount,
        paid: order.bill,
        paidAt: paid?.paidAt ?? null,
      });
    } catch (err) {
      // Refused: nothing was given back, so the request is withdrawn for a retry. Timed out: the money
      // may have gone, so the request stands until the provider's callback or REFUND_SETTLE_MS says.
      if (!(err instanceof OutcomeUnknown))
        await db.delete(paymentEvents).where(eq(paymentEvents.id, refundRequestId(order.id)));
      throw err;
    }
    await transaction(db, async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (paid) await tx.update(payments).set({ state: how }).where(eq(payments.providerRef, paid.providerRef));
      if (!locked) return;
      const now = deps.clock.now();
      const given = { refunded: amount, refundedAt: now, refundedBy: paid?.method ?? 'card' };
      const move = refundMove(by, from, to, how, amount, reason, given);
      if (locked.status === from) await transition(tx, [locked], move, after, now);
      // The provider's refund callback came first and moved the order: the log still says who gave the money back.
      else await audit(tx, move.audit(locked, from));
    });
  }

  /** The provider recorded on the payment (orders paid before payments were recorded: the active one). */
  function refundThrough(name: string | undefined) {
    if (!name) return deps.payments.active();
    try {
      return deps.payments.named(name);
    } catch (err) {
      deps.log.error({ err, provider: name }, 'the provider that took a payment is not configured');
      throw new HttpError(502, say.api.refundFailed);
    }
  }

  return { refund };
}

function refundMove(
  by: Mover,
  from: OrderStatus,
  to: OrderStatus,
  how: string,
  amount: number,
  reason: string | null,
  given: Move['set'],
): Move & Required<Pick<Move, 'audit'>> {
  const who = by.user?.email ?? `the ${by.actor}`;
  return {
    to,
    by,
    reason,
    set: given,
    audit: (order: OrderRow) => ({
      type: by.actor === 'admin' ? ('admin' as const) : ('order' as const),
      action: 'order_refunded',
      message: `${who} moved order ${order.id} from ${from} to ${to}, ${how} ${toEgp(amount)} EGP`,
      userId: by.user?.id ?? null,
      userEmail: by.user?.email ?? null,
      data: { orderId: order.id, from, to, refund: how, amount: toEgp(amount) },
      ip: by.ip ?? null,
    }),
  };
}
