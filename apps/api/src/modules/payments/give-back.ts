import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { toEgp } from '../../lib/money.js';
import type { AfterCommitDeps } from '../orders/lifecycle.js';
import type { PaidPayment } from './provider.js';
import { EarlierRequestUntold, refundOnce, unwantedRequestId, writeRequest, type Given } from './refund-request.js';
import { transaction } from '../../db/transaction.js';

/** Why a payment the order does not take is given back: `payments.give_back` while the shop owes it. */
export const UNWANTED = ['duplicate', 'paid_after_cancel'] as const;
export type Unwanted = (typeof UNWANTED)[number];

/** A payment as recorded, to be given back whole, through the provider that took it. */
export type PaymentToGiveBack = Omit<PaidPayment, 'paid' | 'before'> & { provider: string };

export interface GiveBack {
  orderId: string;
  /** The payment; none on record is a refusal like the provider's. */
  payment: PaymentToGiveBack | null;
  /** Its audit entries are `<kind>_refunded` and `<kind>_refund_failed`. */
  kind: 'deposit' | 'duplicate' | 'paid_after_cancel';
  /** What is given back, for the audit's messages: "The deposit of cancelled order …". */
  what: string;
  /** What else is written with the payment's new state, in its transaction. */
  record?: (tx: Tx, at: Date) => Promise<unknown>;
  /** What else is written with the audit entry of a refusal, in its transaction. */
  recordRefusal?: (tx: Tx) => Promise<unknown>;
}

/**
 * The payment that paid the order: the first one, never one the shop owes back of its own accord (`give_back`: a
 * second payment, or one after cancellation), which is given back, or recorded given back, on its own.
 */
export async function paymentThatPaid(db: DbOrTx, orderId: string) {
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid'), isNull(payments.giveBack)))
    .orderBy(asc(payments.paidAt))
    .limit(1);
  return paid ?? null;
}

/**
 * Money the shop gives back of its own accord once a move has committed, with nobody waiting on the answer: a
 * cancelled cash order's deposit (orders/deposit.ts), a second payment of a paid order and a payment that came
 * after its order was cancelled (givePaymentsBack below). The move
 * does not depend on it, so a refusal neither undoes nor repeats anything: it is logged and audited for an admin to
 * give back by hand. Given back, the payment is marked in one transaction with the caller's record; should that
 * commit fail, it is kept to be written at the recovery pass's next runs (never asked of the provider again), and the
 * provider's refund callback may mark the payment first. A request written `again` asks the provider what became of
 * the earlier one first (refundOnce). A refund someone asks for, which the order's move waits on, is orders/refunds.ts
 * (docs/decisions/refund-flows.md).
 */
async function giveBack(
  deps: AfterCommitDeps,
  back: GiveBack,
  requestId: string,
  request: 'first' | 'again',
): Promise<void> {
  const { orderId, payment, kind, what } = back;
  const amount = payment?.amount ?? 0;
  const data = {
    orderId,
    intentId: payment?.providerRef ?? null,
    transactionId: payment?.transactionId ?? null,
    amount: toEgp(amount),
  };
  const theirReference = payment?.transactionId ? `, transaction ${payment.transactionId}` : '';
  const named = `${toEgp(amount)} EGP, payment ${payment?.providerRef ?? 'none'}${theirReference}`;
  let given: Given;
  try {
    if (!payment) throw new Error('no paid payment on record');
    const { providerRef, transactionId, paidAt } = payment;
    const paid = { providerRef, transactionId, amount, paid: amount, before: 0, paidAt };
    // A request to give back a whole payment names no part (giveBackOnce): any part given back is for a person.
    given = await refundOnce(deps.payments.named(payment.provider), paid, request, null);
  } catch (err) {
    // Whether the shop knows what became of any earlier request: a refusal then is the provider's answer to this one.
    const told = !(err instanceof EarlierRequestUntold);
    deps.log.error(
      { err, order: orderId, intent: data.intentId, kind },
      told ? 'could not give money back' : 'could not tell whether money was given back',
    );
    // Either way it is left for an admin, never asked again: unknown, asking might give the money twice.
    const why = told
      ? 'could not be given back'
      : 'was asked of the provider before, and the provider did not say what became of it';
    await transaction(deps.db, async (tx) => {
      await back.recordRefusal?.(tx);
      await audit(tx, {
        type: 'payment',
        action: `${kind}_refund_failed`,
        message: `${what} (${named}) ${why}: check at the provider whether it was given back, and refund it by hand if not`,
        data,
      });
    });
    return;
  }
  const paid = payment;
  const { how, earlier } = given;
  const at = deps.clock.now();
  const record = (retry: boolean) =>
    transaction(deps.db, async (tx) => {
      const marked = await tx
        .update(payments)
        .set({ state: how })
        .where(and(eq(payments.providerRef, paid.providerRef), eq(payments.state, 'paid')))
        .returning({ providerRef: payments.providerRef });
      if (marked.length) await back.record?.(tx, at);
      // Marked already on a retry: by the earlier try, whose commit only seemed to fail, with this entry. Marked on the
      // first try: by the provider's refund callback, which overtook this answer and records the deposit with it
      // (service.ts) but does not say who gave the money back: this entry does, whichever came first.
      else if (retry) return;
      await audit(tx, {
        type: 'payment',
        action: `${kind}_refunded`,
        message: `${what} was ${how}${earlier ? ' (as the provider said of an earlier request)' : ''} (${named})`,
        data: { ...data, refund: how },
      });
    });
  await record(false).catch((err: unknown) => {
    deps.log.error(
      { err, order: orderId, intent: paid.providerRef, kind },
      'money given back was not recorded; recorded at the next passes, not asked for again',
    );
    deps.payments.unrecorded.keep(requestId, () => record(true));
  });
}

/**
 * Gives money back once, whoever asks at the same time: the after-commit of the move that owes it, and the recovery
 * pass on any instance (give-back-recovery.ts). The request (refund-request.ts) is written down and committed before
 * the provider is asked, and only whoever wrote it reads what is still owed (`owed`: null when it was given back or
 * refused meanwhile) and asks. A request written again, once an earlier one settled unrecorded, first asks the
 * provider what became of the earlier one. Answers whether it asked.
 */
export async function giveBackOnce(
  deps: AfterCommitDeps,
  requestId: string,
  owed: () => Promise<GiveBack | null>,
): Promise<boolean> {
  // The whole of a payment goes back: the request names no part.
  const request = await writeRequest(deps.db, requestId, deps.clock.now(), null);
  if (!request) return false;
  const back = await owed();
  if (!back) return false;
  await giveBack(deps, back, requestId, request);
  return true;
}

/** A payment still owed back: marked so in the transaction that recorded it, neither given back nor refused since. */
const owedPayment = (providerRef: string) =>
  and(eq(payments.providerRef, providerRef), eq(payments.state, 'paid'), inArray(payments.giveBack, UNWANTED));

/**
 * Gives back payments the order does not take (service.ts marks them `give_back`): a second payment of an order
 * already paid, or one that came after its order was cancelled. A refusal marks it `refund_failed`, for an admin to
 * give back by hand, never asked again. Answers how many it asked the provider for.
 */
export async function givePaymentsBack(deps: AfterCommitDeps, providerRefs: readonly string[]): Promise<number> {
  let asked = 0;
  for (const providerRef of providerRefs) {
    const owed = owedPayment(providerRef);
    const given = await giveBackOnce(deps, unwantedRequestId(providerRef), async () => {
      const [payment] = await deps.db.select().from(payments).where(owed);
      if (!payment) return null;
      const { orderId } = payment;
      const kind = payment.giveBack as Unwanted;
      return {
        orderId,
        // The amount is recorded with the mark: what the provider said was paid.
        payment: { ...payment, amount: payment.amount ?? 0 },
        kind,
        what:
          kind === 'duplicate'
            ? `The second payment of order ${orderId}`
            : `The payment of order ${orderId}, cancelled before it came`,
        recordRefusal: (tx) => tx.update(payments).set({ giveBack: 'refund_failed' }).where(owed),
      };
    });
    if (given) asked++;
  }
  return asked;
}

/** Payments still owed back, the longest owed first: those a stopped process left. */
export async function paymentsLeft(db: DbOrTx, limit: number): Promise<string[]> {
  const left = await db
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(and(inArray(payments.giveBack, UNWANTED), eq(payments.state, 'paid')))
    .orderBy(asc(payments.paidAt))
    .limit(limit);
  return left.map((p) => p.providerRef);
}
