import type { FastifyBaseLogger } from 'fastify';
import type { OnlineMethod, Said } from '@shop/contracts';
import { HttpError } from '../../lib/errors.js';

/**
 * A provider call that may have moved money though the shop never heard so: it timed out, the
 * provider failed half-way (5xx), or it accepted the request and its answer could not be read. Unlike
 * a refusal, its outcome is unknown, so a refund that ends this way stays on record (refund-request.ts)
 * instead of being withdrawn for an immediate retry.
 */
export class OutcomeUnknown extends HttpError {}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * One request to a provider's API: its JSON answer. Unreachable, timed out, a 5xx or a 2xx whose answer cannot be read:
 * OutcomeUnknown (the money may have moved); any other refusal: a plain 502. Either way the shopper or admin reads
 * `failure`, and the log has why.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  failure: Said,
  log: FastifyBaseLogger,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    log.error({ err, url }, `${provider} could not be reached`);
    throw new OutcomeUnknown(502, failure);
  }
  if (!res.ok) {
    const answer: unknown = await res.json().catch(() => null);
    log.error({ status: res.status, answer, url }, `${provider} refused a request`);
    throw new (res.status >= 500 ? OutcomeUnknown : HttpError)(502, failure);
  }
  try {
    return (await res.json()) as unknown;
  } catch (err) {
    // Accepted, so it may have been done, but the answer was cut off, timed out half-way or is not JSON.
    log.error({ err, status: res.status, url }, `${provider} answered unreadably`);
    throw new OutcomeUnknown(502, failure);
  }
}

/**
 * What the shop learns from a provider's callback, whatever the provider: the only thing the order
 * side ever sees. Amounts are piastres.
 */
export interface PaymentEvent {
  /** The same for every delivery of one event, so a redelivery changes nothing. */
  id: string;
  kind: 'paid' | 'pending' | 'failed' | 'refunded' | 'voided';
  /** The shop's order id when the provider echoes it in signed data; otherwise the order is found by `providerRef`. */
  orderId: string | null;
  /** The provider's id for the payment, as `StartedPayment.providerRef` gave it. */
  providerRef: string;
  /** What was paid, or what a refund gave back: 0 when the provider does not say (a Fawry partial refund). */
  amount: number;
  /**
   * Set when a refund's `amount` is all its payment has given back so far (Stripe's amount_refunded) rather than what
   * this one refund gave (a Paymob refund transaction's own amount): parts refunded at the provider add up either way.
   */
  refundedSoFar?: boolean;
  currency: string;
  /** The provider's transaction, which a refund of a paid order names. */
  transactionId: string | null;
  /** A pending payment's kiosk reference, for the shopper to pay with at an outlet. */
  reference: string | null;
  /** The provider's words about a failure. */
  message: string | null;
}

/** The order a payment is for, as the provider is told about it. */
export interface PayableOrder {
  id: string;
  /** Piastres. */
  amount: number;
  items: { name: string; amount: number; quantity: number }[];
  customer: { name: string; email: string | null; phone: string };
  address: { street: string; building: string; city: string; state: string; zipCode: string; country: string };
  /** The language the order was placed in: the provider's pages and messages speak it. */
  language: string;
  /** When the order stops waiting for a payment that is pending (orders/expiry.ts): a reference expires with it. */
  payBy: Date;
  /**
   * Which of the order's payments this is (1 for its first): a provider's idempotency key names the attempt, so a
   * payment started after another (a Fawry reference, then the card again) is never answered with an earlier one.
   */
  attempt: number;
}

export interface StartedPayment {
  /** The provider's id for this payment, which its callbacks carry. */
  providerRef: string;
  /** What the browser confirms with. */
  clientSecret: string;
  /** Where the browser goes to pay, for providers with a hosted checkout. */
  checkoutUrl: string | null;
  /**
   * A reference the shopper pays at an outlet, known as the payment starts (a Fawry reference), and until when:
   * such a payment is pending from its start, so the order waits for it.
   */
  reference?: { number: string; expiresAt: Date };
}

/** A callback request as received: the raw body (signatures cover bytes), headers and query. */
export interface CallbackRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

export interface PaidPayment {
  providerRef: string;
  transactionId: string | null;
  /** Piastres: the part of the paid amount to give back. */
  amount: number;
  /** The whole amount paid, in piastres. */
  paid: number;
  /** Piastres of it given back before (parts refunded at the provider): what the provider counts includes them. */
  before: number;
  paidAt: Date | null;
}

/**
 * What a provider says it has given back of a payment: nothing, the whole of it (refunded, or voided: cancelled
 * before it settled), or a part: the piastres that went back (a partial refund the shop asked for, or one an admin
 * made from the provider's dashboard), null when the provider does not say how much (Fawry).
 */
export type GivenBack = 'none' | 'refunded' | 'voided' | { part: number | null };

/** Given back as providers that count refunded piastres say it (Paymob, Stripe): `refunded` of the `paid`. */
export const givenBackOf = (refunded: number, paid: number): GivenBack =>
  refunded <= 0 ? 'none' : refunded >= paid ? 'refunded' : { part: refunded };

/**
 * A payment provider: one file per provider, listed once in registry.ts. Each turns its callbacks
 * into PaymentEvents (its wire format stays in its own file) and does what the shop asks of it.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The ways to pay it takes. */
  readonly methods: readonly OnlineMethod[];
  /** What the browser needs besides the client secret (Stripe's publishable key, Paymob's public key). */
  readonly publicKey?: string;
  /**
   * Paid away from the shop's card form, on the provider's own page or at an outlet: the web app only starts the
   * payment (and sends the shopper where it says), then follows the order.
   */
  readonly hosted: boolean;
  /** Starts paying `order` with `method`; `walletPhone` for a mobile wallet. Called outside any transaction. */
  start(order: PayableOrder, method: OnlineMethod, walletPhone: string | undefined): Promise<StartedPayment>;
  /** Makes the payment of a cancelled order unpayable; best effort (it may already be final). */
  cancel(providerRef: string): Promise<void>;
  /**
   * Verifies a server-to-server callback and reads it: throws a 400 HttpError when it is unsigned or
   * the signature does not match; null for an event the shop does not act on.
   */
  readCallback(request: CallbackRequest): PaymentEvent | null;
  /**
   * Verifies the shopper's redirect back from a hosted checkout, the same way as a callback, and
   * names the payment it is about; only callbacks change orders.
   */
  readReturn?(query: Record<string, unknown>): { providerRef: string };
  /** Gives money back: voided when the provider can still cancel the charge whole, refunded otherwise. */
  refund(payment: PaidPayment): Promise<'refunded' | 'voided'>;
  /**
   * Asks the provider what it has given back of a payment: asked before a refund is asked for again whose first
   * request may have moved money the shop never recorded (give-back.ts). Throws when the provider cannot tell.
   */
  givenBack(payment: Omit<PaidPayment, 'amount' | 'paidAt' | 'before'>): Promise<GivenBack>;
  /**
   * Asks the provider how an unsettled payment stands, for a callback that never came (payments/poll.ts); the
   * event has the id its callback would have, so whichever comes second changes nothing. Null: nothing new.
   */
  poll?(payment: { providerRef: string; method: string }): Promise<PaymentEvent | null>;
}
