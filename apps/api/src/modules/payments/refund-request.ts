import { REFUND_SETTLE_MS } from '@shop/contracts';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';
import { toEgp } from '../../lib/money.js';
import type { GivenBack, PaidPayment, PaymentProvider } from './provider.js';

/**
 * A refund the shop asked a provider for is written down, and committed, before the provider is
 * asked: Paymob has no idempotency key, so if the shop's own commit failed after the provider gave
 * the money back, only this row tells a retry not to ask again. It lives among the payment events
 * (one id per order: an order is refunded once), and the provider's refund callback, or the refund
 * route when its commit succeeds, is what cancels the order.
 */
export const refundRequestId = (orderId: string) => `refund-request:${orderId}`;
/**
 * The request to give back a payment the order does not take (give-back.ts): the payment's own, so that it neither
 * holds the order's refund nor is taken by the order's refund callback for the order's.
 */
export const unwantedRequestId = (providerRef: string) => `give-back-request:${providerRef}`;

/** The moment before which a request has settled: one written since still stands. */
const settledBefore = (now: Date) => new Date(now.getTime() - REFUND_SETTLE_MS);

/** Whether a request on record still stands (younger than REFUND_SETTLE_MS). */
export const stands = (request: RequestOnRecord, now: Date) => request.at > settledBefore(now);

/** Writes the order's request down (writeRequest). */
export const requestRefund = (db: DbOrTx, orderId: string, now: Date, amount: number | null) =>
  writeRequest(db, refundRequestId(orderId), now, amount);

/**
 * Writes a request down, with the piastres it asks for, unless one younger than REFUND_SETTLE_MS stands. Answers
 * `first` when none was on record, `again` when it took the place of one that had settled (whose outcome the shop may
 * never have recorded: the provider is asked what became of it before it is asked again, refundOnce), null when one
 * stands. Taking an earlier one's place keeps its amount: until the provider says nothing went back, that is what it
 * may still report without naming an amount (askingFor). One statement, so of two callers at once (a deposit's
 * after-commit and the pass that gives back what a stopped process left, give-back.ts) exactly one gets an answer.
 */
export async function writeRequest(
  db: DbOrTx,
  id: string,
  now: Date,
  amount: number | null,
): Promise<'first' | 'again' | null> {
  const [written] = await db
    .insert(paymentEvents)
    .values({ id, type: 'refund_requested', receivedAt: now, amount })
    .onConflictDoUpdate({
      target: paymentEvents.id,
      set: { receivedAt: now },
      setWhere: lte(paymentEvents.receivedAt, settledBefore(now)),
    })
    // A row its statement inserted has no xmax; one it updated has the updating transaction's.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!written) return null;
  return written.inserted ? 'first' : 'again';
}

/**
 * Thrown instead of asking again when the provider does not say what became of an earlier request (unreachable,
 * refused, an answer that cannot be read) or says it gave back a part that is not what both the earlier request and
 * this one asked for, or without saying how much: asking might give the money twice, so a person checks at the
 * provider.
 */
export class EarlierRequestUntold extends Error {}

/** The order's standing request now asks for `amount` piastres: written once the provider said nothing went back. */
export const askingFor = (db: DbOrTx, orderId: string, amount: number) => async () => {
  await db
    .update(paymentEvents)
    .set({ amount })
    .where(eq(paymentEvents.id, refundRequestId(orderId)));
};

/**
 * Gives the order's request, written at `written`, back the time of the earlier request it took the place of (`at`),
 * once nothing was asked of the provider after all: unless another was written since.
 */
export async function backdate(db: DbOrTx, orderId: string, at: Date, written: Date): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ receivedAt: at })
    .where(and(eq(paymentEvents.id, refundRequestId(orderId)), eq(paymentEvents.receivedAt, written)));
}

/** What a refund gave back: `earlier` when an earlier request did, as the provider says; `back` in piastres. */
export interface Given {
  how: 'refunded' | 'voided';
  earlier: boolean;
  back: number;
}

/**
 * Asks `provider` to give `payment` back, once, for both flows (give-back.ts, orders/refunds.ts). A request written
 * `again` took the place of one that settled unheard of (a timeout or 5xx, a process that stopped, a record that
 * failed, the provider's callback lost), which may have given the money back: the provider is asked what became of
 * the payment first, and given back (earlierOutcome), nothing is asked. Nothing given back, `asking` records what
 * this request asks for before the provider is asked. `asked`: the piastres the earlier request asked for, kept on
 * its row (null when it named none).
 */
export async function refundOnce(
  provider: PaymentProvider,
  payment: PaidPayment,
  request: 'first' | 'again',
  asked: number | null,
  asking?: () => Promise<void>,
): Promise<Given> {
  if (request === 'again') {
    const earlier = await earlierRequestGave(provider, payment, asked);
    if (earlier) return earlier;
    await asking?.();
  }
  return { how: await provider.refund(payment), earlier: false, back: payment.amount };
}

/**
 * What an earlier request that settled unheard of gave back, as the provider says: null when nothing went back since
 * the parts the shop knew of (`payment.before`). Throws EarlierRequestUntold when the provider cannot say, or says a
 * part went back that is not what the request asked for (earlierOutcome).
 */
export async function earlierRequestGave(
  provider: PaymentProvider,
  payment: PaidPayment,
  asked: number | null,
): Promise<Given | null> {
  const known = since(
    await provider.givenBack(payment).catch((err: unknown) => {
      throw new EarlierRequestUntold('the provider did not say what became of an earlier request', { cause: err });
    }),
    payment.before,
  );
  return known === 'none' ? null : earlierOutcome(known, payment, asked);
}

/**
 * What went back since the `before` piastres the shop knew of (parts refunded at the provider): the provider counts
 * them in its total. Nothing more: none since.
 */
function since(known: GivenBack, before: number): GivenBack {
  if (typeof known === 'string' || known.part === null || !before) return known;
  return known.part <= before ? 'none' : { part: known.part - before };
}

/**
 * The earlier request's outcome, as the provider says: the whole payment, or a part of exactly what it asked for
 * when this request asks the same (settled, a request for more would leave the order closed with less given back
 * than the person wants). Any other part (a partial refund made by hand at the provider, one of an amount the
 * provider does not name, or a retry of another amount) may or may not be the earlier request's: a person sees to it.
 */
function earlierOutcome(known: Exclude<GivenBack, 'none'>, payment: PaidPayment, asked: number | null): Given {
  if (typeof known === 'string') return { how: known, earlier: true, back: payment.paid - payment.before };
  if (known.part === null || known.part !== asked || asked !== payment.amount)
    throw new EarlierRequestUntold(
      known.part === null
        ? 'the provider has given back part of the payment, without saying how much'
        : `the provider has given back ${toEgp(known.part)} EGP of the payment; the earlier request asked for ${asked === null ? 'no part' : `${toEgp(asked)} EGP`}, this one for ${toEgp(payment.amount)} EGP`,
    );
  return { how: 'refunded', earlier: true, back: known.part };
}

/**
 * A refund request on record: when it was asked, and the piastres it asked for (null when it named none: a deposit's,
 * or one made before they were recorded), which a provider's callback that does not say how much went back records.
 */
export interface RequestOnRecord {
  at: Date;
  amount: number | null;
}

/**
 * The order's refund request on record, standing or settled. On an order that still has its bill to give back, one
 * that has settled is one whose outcome nobody heard (a timeout or 5xx, a process that stopped, the provider's
 * callback lost): the shop's refund moves a paid order on once the money is back, and withdraws a refused request.
 * Read before a paid order ships (orders/refunds.ts settleUnheard).
 */
export async function refundRequestOf(db: DbOrTx, orderId: string): Promise<RequestOnRecord | null> {
  return (await refundRequestsOf(db, [orderId]))(orderId);
}

/**
 * The refund requests on record of many orders, found by order id: read in one query, so that the dashboard's page
 * of orders says which wait on their provider, and which went unheard, by the very rule that refuses their refund.
 */
export async function refundRequestsOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<(orderId: string) => RequestOnRecord | null> {
  const byId = await requestsOnRecord(db, orderIds.map(refundRequestId));
  return (orderId) => byId.get(refundRequestId(orderId)) ?? null;
}

/** The requests among `ids` that stand (younger than REFUND_SETTLE_MS), by id: of orders' refunds or payments'. */
export async function requestsStanding(db: DbOrTx, ids: string[], now: Date): Promise<Map<string, RequestOnRecord>> {
  return new Map([...(await requestsOnRecord(db, ids))].filter(([, request]) => stands(request, now)));
}

/** The requests among `ids` on record, standing or settled, by id. */
async function requestsOnRecord(db: DbOrTx, ids: string[]): Promise<Map<string, RequestOnRecord>> {
  const rows = ids.length
    ? await db
        .select({ id: paymentEvents.id, at: paymentEvents.receivedAt, amount: paymentEvents.amount })
        .from(paymentEvents)
        .where(inArray(paymentEvents.id, ids))
    : [];
  return new Map(rows.map(({ id, ...request }) => [id, request]));
}
