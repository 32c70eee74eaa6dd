import Stripe from 'stripe';
import { z } from 'zod';
import { say } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import type { CallbackRequest, PaymentEvent } from './provider.js';

/**
 * Stripe's webhook wire format, spoken by the Stripe provider and by the offline one (which plays
 * Stripe's PaymentIntents in-process): the stripe-signature header checked against the raw body with
 * Stripe's own code, and payment_intent.* and charge.refunded events read into PaymentEvents.
 */

/** The parts of a payment_intent the shop reads. */
const intentObjectSchema = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1).max(10),
  metadata: z.object({ order_id: z.unknown().optional() }).nullish(),
  last_payment_error: z.object({ message: z.string().optional() }).nullish(),
});

/**
 * The parts of a charge the shop reads from charge.refunded, which Stripe sends for every refund, a partial one too:
 * amount_refunded is all the charge has given back so far.
 */
const refundedChargeSchema = z.object({
  payment_intent: z.string().min(1).max(255).nullish(),
  amount_refunded: z.number().int().nonnegative(),
  currency: z.string().min(1).max(10),
  metadata: z.object({ order_id: z.unknown().optional() }).nullish(),
});

const KINDS: Record<string, PaymentEvent['kind']> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.processing': 'pending',
  'payment_intent.payment_failed': 'failed',
};

/** `now` is the app's clock, for the signature's 5-minute tolerance. */
export function readStripeEvent(request: CallbackRequest, secret: string, now: Date): PaymentEvent | null {
  const signature = request.headers['stripe-signature'];
  if (typeof signature !== 'string' || !signature) throw badRequest(say.api.missingSignature);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(request.rawBody, signature, secret, undefined, undefined, now.getTime());
  } catch {
    throw badRequest(say.api.invalidSignature);
  }
  // A refund's own event is what finalises a refund whose answer the shop never had (orders/refunds.ts).
  if (event.type === 'charge.refunded') return refundOf(event);
  const kind = KINDS[event.type];
  if (!kind) return null;
  // Signed, so not forged, but not necessarily well formed (another API version, a bug at the
  // sender): a payment_intent without the fields read below is refused, not a 500.
  const parsed = intentObjectSchema.safeParse((event as { data?: { object?: unknown } }).data?.object);
  if (!parsed.success) throw badRequest(say.api.malformedEvent(event.type));
  const intent = parsed.data;
  const orderId = intent.metadata?.order_id;
  return {
    id: event.id,
    kind,
    orderId: typeof orderId === 'string' ? orderId : null,
    providerRef: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    transactionId: intent.id,
    reference: null,
    message: intent.last_payment_error?.message ?? null,
  };
}

/** charge.refunded as a refund of the payment intent that made the charge; null for a charge made without one. */
function refundOf(event: Stripe.Event): PaymentEvent | null {
  const parsed = refundedChargeSchema.safeParse((event as { data?: { object?: unknown } }).data?.object);
  if (!parsed.success) throw badRequest(say.api.malformedEvent(event.type));
  const charge = parsed.data;
  if (!charge.payment_intent) return null;
  const orderId = charge.metadata?.order_id;
  return {
    id: event.id,
    kind: 'refunded',
    orderId: typeof orderId === 'string' ? orderId : null,
    providerRef: charge.payment_intent,
    amount: charge.amount_refunded,
    refundedSoFar: true,
    currency: charge.currency,
    transactionId: charge.payment_intent,
    reference: null,
    message: null,
  };
}
