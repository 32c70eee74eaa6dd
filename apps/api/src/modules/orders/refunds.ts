import { and, eq, lte } from 'drizzle-orm';
import {
  say,
  canTransition,
  paidBackReason,
  type OrderStatus,
  type RefundChecked,
  type RefundRequest,
  type Said,
  REFUND_SETTLE_MS,
} from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { paymentEvents, payments } from '../../db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { OutcomeUnknown, type PaidPayment, type PaymentProvider } from '../payments/provider.js';
import {
  EarlierRequestUntold,
  askingFor,
  earlierRequestGave,
  refundOnce,
  type Given,
  refundRequestId,
  requestRefund,
  refundRequestOf,
  stands,
  type RequestOnRecord,
  backdate,
} from '../payments/refund-request.js';
import { paymentThatPaid } from '../payments/give-back.js';
import { AfterCommit, lockOrder, transition, type Move, type Mover, type AfterCommitDeps } from './lifecycle.js';
import { firstDeliveredAt, type OrderRow } from './queries.js';
import { recordDepositBack, refundableOf } from './kept-deposit.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';
import { accountName, audit } from '../../lib/audit.js';

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
  provider: PaymentProvider;
  /**
   * The earlier request this one took the place of, settled unheard of: the provider is asked what became of it first
   * (refundOnce), and of the piastres it asked for (its row keeps them). Null when none was on record.
   */
  earlier: RequestOnRecord | null;
  /** When this request was written. */
  written: Date;
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
 * moves on (its stock back on the shelf when cancelled). Should the provider not answer, or that last
 * commit fail, the request stays, so a retry is refused (409) instead of asking the provider again, and
 * the provider's refund callback moves the order (apply in payments/service.ts), once, whichever of the
 * two comes first. A retry once the request has settled unheard of asks the provider what became of it
 * before asking again (refundOnce), as the automatic give-back does.
 * A cash order's money went back by hand: recording how is the whole refund. So is a kept deposit's, given back by
 * hand, or a cancelled order's its provider refused to give back (recordDepositGivenBack).
 */
export function refundsService(deps: RefundsDeps) {
  const { db } = deps;

  async function refund(by: Mover, orderId: string, input: RefundInput): Promise<void> {
    const after = new AfterCommit();
    const request = await transaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId, input.ownerId);
      if (!order) throw notFound('Order');
      const onRecord = await refundRequestOf(tx, orderId);
      // A request standing may yet give the money back: nothing is given, or recorded given, until it settles.
      const refusePending = () => {
        if (onRecord && stands(onRecord, deps.clock.now())) throw conflict(say.api.refundPending);
      };
      // A parcel the courier brought back undelivered was never paid for at the door: nothing to give back but a
      // deposit it kept, when asked for by name, and one given back already is not given twice. The dashboard offers
      // what the same rule says (the orders' `refundable`).
      const gives = refundableOf(order, !!(await firstDeliveredAt(tx, order.id)));
      if (input.deposit) {
        refusePending();
        if (gives !== 'deposit') throw conflict(nothingToGiveBack(order));
        await recordDepositGivenBack(tx, by, order, input);
        return null;
      }
      const from = order.status as OrderStatus;
      const to = AFTER_REFUND[from];
      if (!to) throw conflict(say.api.notRefundable);
      if (!canTransition(from, to, by.actor)) throw conflict(say.api.statusChange(from, to));
      refusePending();
      if (gives !== 'bill') throw conflict(nothingToGiveBack(order));
      // Parts refunded at the provider already (payments/service.ts apply) leave the rest to give back.
      const left = order.bill - order.refunded;
      const amount = input.amount === undefined ? left : toPiastres(input.amount);
      if (amount > left)
        throw badRequest(
          order.refunded ? say.api.refundMoreThanLeft(toEgp(left), toEgp(order.refunded)) : say.api.refundTooLarge,
        );
      if (order.paymentMethod === 'cash') {
        const paidBackBy = paidBackByOf(input);
        const how = paidBackReason(paidBackBy);
        const now = deps.clock.now();
        const move = refundMove(by, from, to, how, amount, how, {
          refunded: amount,
          refundedAt: now,
          refundedBy: paidBackBy,
        });
        await transition(tx, [order], move, after, now);
        return null;
      }
      const request = await recordRequest(tx, order, amount, onRecord);
      return { order, from, to, amount, reason: input.reason ?? null, ...request };
    });
    if (request) await giveBack(by, request, after);
    await after.run(deps);
  }

  /**
   * A deposit the shop gave back by hand: cash at the shop, a transfer, or at a provider whose refund callback never
   * came or that sends none (Fawry). Either one kept (a parcel refused at the door), recorded as that callback records
   * it with the return of its receipt, or a cancelled order's that its provider refused to give back. Audited with who
   * gave it back and how. The order stays where it is (`returned` or `cancelled`), as the callback leaves it; the
   * deposit, `refunded`, is owed no more, so a second record, or a callback coming later, finds nothing to give back.
   * The payment that paid the deposit is marked `refunded` with it, as the callback and the automatic give-back mark
   * it: its record says the money went back, and so does the shopper's payment status while it is their latest.
   */
  async function recordDepositGivenBack(tx: Tx, by: Mover, order: OrderRow, input: RefundInput) {
    const paidBackBy = paidBackByOf(input);
    const amount = input.amount === undefined ? order.deposit : toPiastres(input.amount);
    if (amount > order.deposit) throw badRequest(say.api.depositRefundTooLarge(toEgp(order.deposit)));
    const kept = order.status === 'returned';
    await recordDepositBack(tx, order, { amount, refundedBy: paidBackBy }, deps.clock.now(), kept);
    const paid = await paymentThatPaid(tx, order.id);
    if (paid) await tx.update(payments).set({ state: 'refunded' }).where(eq(payments.providerRef, paid.providerRef));
    const who = whoOf(by);
    const whose = kept ? 'kept of returned' : 'of cancelled';
    await audit(tx, {
      type: by.actor === 'admin' ? 'admin' : 'order',
      action: 'deposit_refunded',
      message: `${who} recorded the delivery fees ${whose} order ${order.id} paid back by ${paidBackBy}: ${toEgp(amount)} EGP`,
      userId: by.user?.id ?? null,
      userEmail: by.user?.email ?? null,
      data: { orderId: order.id, amount: toEgp(amount), paidBackBy },
      ip: by.ip ?? null,
    });
  }

  /**
   * Records, under the order's lock, that `amount` of its money is being given back, in place of the request
   * `onRecord` when it has settled; answers the payment that paid it, the provider that took it, the request it took
   * the place of and when it was written.
   */
  async function recordRequest(tx: Tx, order: OrderRow, amount: number, onRecord: RequestOnRecord | null) {
    const paid = await paymentThatPaid(tx, order.id);
    // Found before the request is written: a provider no longer configured leaves an earlier request as it stood.
    const provider = refundThrough(paid?.provider);
    // None younger than REFUND_SETTLE_MS stands: checked under the same lock.
    const written = deps.clock.now();
    const request = await requestRefund(tx, order.id, written, amount);
    if (!request) throw conflict(say.api.refundPending);
    return { paid, provider, earlier: request === 'again' ? onRecord : null, written };
  }

  /** Asks the provider that took the payment to give the money back, then moves the order. */
  async function giveBack(by: Mover, request: Request, after: AfterCommit) {
    const { order, paid, amount, earlier } = request;
    let given: Given;
    try {
      given = await refundOnce(
        request.provider,
        paymentOf(order, paid, amount),
        earlier ? 'again' : 'first',
        earlier?.amount ?? null,
        askingFor(db, order.id, amount),
      );
    } catch (err) {
      // The provider cannot say whether an earlier request gave the money back: nothing was asked, and a retry asks
      // the provider again what became of it, never for the money straight away. Staff find the earlier request as
      // it stood, settled, to ask again or record what the provider's dashboard shows (recordChecked), as shipping
      // leaves it; a shopper's stands until REFUND_SETTLE_MS, so their retries do not ask the provider again and again.
      if (err instanceof EarlierRequestUntold) {
        if (by.actor === 'admin' && earlier) await backdate(db, order.id, earlier.at, request.written);
        throw await untold(by, order, err);
      }
      // Timed out: the money may have gone, so the request stands until the provider's callback or REFUND_SETTLE_MS
      // says. Refused: nothing was given back, so the request is withdrawn for a retry.
      if (err instanceof OutcomeUnknown) throw new HttpError(502, say.api.refundUnanswered(REFUND_SETTLE_MS / 60_000));
      await db.delete(paymentEvents).where(eq(paymentEvents.id, refundRequestId(order.id)));
      throw err;
    }
    await transaction(db, (tx) => recordGiven(tx, by, request, given, after));
  }

  /**
   * Moves the order on once its money is back, in `tx`. An earlier request's outcome is what it gave back (the whole
   * bill, or the part it asked for), whatever this one asked for, as `found` says: the provider, or who checked there.
   */
  async function recordGiven(
    tx: Tx,
    by: Mover,
    { order, paid, from, to, reason }: Pick<Request, 'order' | 'paid' | 'from' | 'to' | 'reason'>,
    { how, earlier, back }: Given,
    after: AfterCommit,
    found = 'as the provider says',
  ) {
    const locked = await lockOrder(tx, order.id);
    if (paid) await tx.update(payments).set({ state: how }).where(eq(payments.providerRef, paid.providerRef));
    if (!locked) return;
    const now = deps.clock.now();
    const refunded = {
      refunded: Math.min(locked.refunded + back, order.bill),
      refundedAt: now,
      refundedBy: paid?.method ?? 'card',
    };
    const said = earlier ? `${how} by an earlier request, ${found},` : how;
    const move = refundMove(by, from, to, said, back, reason, refunded);
    if (locked.status === from) await transition(tx, [locked], move, after, now);
    // The provider's refund callback came first and moved the order: the log still says who gave the money back.
    else await audit(tx, move.audit(locked, from));
  }

  /**
   * Before a paid order ships: a refund request of it that settled unheard of (refundRequestOf) may have given its
   * money back, and the parcel would carry goods already paid back. The provider is asked what became of it, as a
   * retried refund asks (earlierRequestGave), and nothing is asked of the money. Nothing went back: the request is
   * withdrawn, audited, and the order may ship. The money went back: the order is cancelled as the refund would have
   * cancelled it, and the shipping refused. The provider cannot say: the shipping is refused, for a person to check.
   */
  async function settleUnheard(by: Mover, orderId: string): Promise<void> {
    const unheard = await transaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId);
      const request = order?.status === 'paid' ? await refundRequestOf(tx, orderId) : null;
      // None, or one still standing, which the move refuses (orders/service.ts refusePendingRefund).
      if (!order || !request || stands(request, deps.clock.now())) return null;
      const paid = await paymentThatPaid(tx, order.id);
      return { order, paid, request, provider: refundThrough(paid?.provider) };
    });
    if (!unheard) return;
    const { order, paid, request, provider } = unheard;
    const payment = paymentOf(order, paid, askedOf(request, order));
    const given = await earlierRequestGave(provider, payment, request.amount).catch(async (err: unknown) => {
      throw err instanceof EarlierRequestUntold ? await untold(by, order, err, say.api.shipUntold) : err;
    });
    if (given) {
      const after = new AfterCommit();
      const move = { order, paid, from: 'paid' as const, to: 'cancelled' as const, reason: null };
      await transaction(db, (tx) => recordGiven(tx, by, move, given, after));
      await after.run(deps);
      throw conflict(say.api.refundedBeforeShipping);
    }
    await transaction(db, (tx) => withdrawUnheard(tx, by, order, request, null));
  }

  /**
   * What a staff member found at the provider of a refund request that settled unheard of (the order's
   * `refundUnheard`): the way out for an order whose provider cannot say (it answers no inquiry, names no amount, or
   * is no longer configured), which could otherwise neither ship nor be refunded. Nothing went back: the request is
   * withdrawn, as when the provider says so. Given back: the order moves on as that refund would have moved it, with
   * what the request asked for. Refused while the request stands, or when the order has no bill to give back.
   */
  async function recordChecked(by: Mover, orderId: string, { givenBack }: RefundChecked): Promise<void> {
    const after = new AfterCommit();
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order');
      const request = await refundRequestOf(tx, orderId);
      if (request && stands(request, deps.clock.now())) throw conflict(say.api.refundPending);
      const from = order.status as OrderStatus;
      const to = AFTER_REFUND[from];
      const owes = refundableOf(order, !!(await firstDeliveredAt(tx, order.id))) === 'bill';
      if (!request || !to || !owes || !canTransition(from, to, by.actor)) throw conflict(say.api.noRefundUnheard);
      const who = whoOf(by);
      if (!givenBack) return withdrawUnheard(tx, by, order, request, who);
      const paid = await paymentThatPaid(tx, order.id);
      const given: Given = { how: 'refunded', earlier: true, back: askedOf(request, order) };
      const move = { order, paid, from, to, reason: null };
      await recordGiven(tx, by, move, given, after, `as ${who} found at the provider`);
    });
    await after.run(deps);
  }

  /**
   * Withdraws a refund request that settled unheard of and gave nothing back, in `tx` under the order's lock, as the
   * provider says or as `checker` found at the provider (audited apart): unless one asked since took its place.
   */
  async function withdrawUnheard(tx: Tx, by: Mover, order: OrderRow, request: RequestOnRecord, checker: string | null) {
    const [withdrawn] = await tx
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.id, refundRequestId(order.id)), lte(paymentEvents.receivedAt, request.at)))
      .returning({ id: paymentEvents.id });
    if (!withdrawn) return;
    const found = checker ? `${checker} found at the provider that` : 'The provider says';
    const then = order.status === 'paid' ? ' and the order may ship' : '';
    await audit(tx, {
      type: 'admin',
      action: checker ? 'order_refund_checked' : 'order_refund_not_given',
      message: `${found} the refund of order ${order.id} asked at ${request.at.toISOString()} gave nothing back: the request is withdrawn${then}`,
      userId: by.user?.id ?? null,
      userEmail: by.user?.email ?? null,
      data: { orderId: order.id },
      ip: by.ip ?? null,
    });
  }

  /**
   * Logs and audits a refund left for a person to check at the provider; answers what the person asking reads, or
   * `said` when what they asked for was not a refund.
   */
  async function untold(by: Mover, order: OrderRow, err: EarlierRequestUntold, said?: Said) {
    deps.log.error({ err, order: order.id }, 'could not tell whether an earlier refund gave the money back');
    await audit(db, {
      type: by.actor === 'admin' ? 'admin' : 'order',
      action: 'order_refund_unconfirmed',
      message: `A refund of order ${order.id} was asked of the provider before, and the provider did not say what became of it (${err.message}): check at the provider whether it was given back, and refund it by hand if not`,
      userId: by.user?.id ?? null,
      userEmail: by.user?.email ?? null,
      data: { orderId: order.id },
      ip: by.ip ?? null,
    });
    return new HttpError(502, said ?? (by.actor === 'shopper' ? say.api.refundUntoldShopper : say.api.refundUntold));
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

  return { refund, settleUnheard, recordChecked };
}

/** Who did something, as the audit log names them: the staff member, or the shopper or system. */
const whoOf = (by: Mover) => (by.user ? accountName(by.user) : `the ${by.actor}`);

/** What a request on record asked to give back: the piastres it named, or what was left of the bill. */
const askedOf = (request: RequestOnRecord, order: OrderRow) => request.amount ?? order.bill - order.refunded;

/** The payment as its provider is asked to give `amount` piastres of it back, or what became of it. */
function paymentOf(order: OrderRow, paid: Request['paid'], amount: number): PaidPayment {
  return {
    providerRef: paid?.providerRef ?? order.paymentIntentId ?? '',
    transactionId: paid?.transactionId ?? null,
    amount,
    paid: order.bill,
    before: order.refunded,
    paidAt: paid?.paidAt ?? null,
  };
}

/**
 * Why a refund finds nothing of what it asked to give back: the deposit given back already, a cash parcel brought back
 * undelivered (never paid for at the door), or an order neither paid, returned nor owing a deposit.
 */
function nothingToGiveBack(order: OrderRow): Said {
  if (order.depositState === 'refunded') return say.api.depositGivenBack;
  return order.status === 'returned' ? say.api.nothingCollected : say.api.notRefundable;
}

/** How a cash order's money went back to the shopper, in the admin's words: required, as nobody else can tell. */
function paidBackByOf(input: RefundInput): string {
  const paidBackBy = input.paidBackBy?.trim();
  if (!paidBackBy) throw badRequest(say.api.paidBackByRequired);
  return paidBackBy;
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
  const who = whoOf(by);
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
