import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import type { ProviderDeps } from './registry.js';
import { say, type OfflineCard, type OfflineIntentStatus, type OfflineIntentView } from '@shop/contracts';
import { testPaymentIntents } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { Config } from '../../config.js';
import type { CallbackRequest, PaymentProvider } from './provider.js';
import { readStripeEvent } from './stripe-events.js';

/**
 * The offline provider, used when no real one is configured: Stripe's PaymentIntents played
 * in-process. Intents live in test_payment_intents, Stripe's test card numbers decide the outcome,
 * and the result reaches the order only as a signed Stripe-format webhook event, through the same
 * verification as Stripe's.
 */

/** Used when STRIPE_WEBHOOK_SECRET is unset: events are signed and checked in this process only. */
const PROCESS_WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
/** 4000 0000 0000 3220 stays `processing` this long before it succeeds, like a bank that answers late. */
export const PROCESSING_DELAY_MS = 2000;

type IntentRow = typeof testPaymentIntents.$inferSelect;

/** The secret its events are signed with. */
export const offlineWebhookSecret = (config: Config): string => config.STRIPE_WEBHOOK_SECRET ?? PROCESS_WEBHOOK_SECRET;

export function offlineProvider(deps: ProviderDeps): PaymentProvider {
  const { db } = deps;
  const secret = offlineWebhookSecret(deps.config);
  return {
    name: 'offline',
    hosted: false,
    methods: ['card'],
    async start(order) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
          orderId: order.id,
          amount: order.amount,
          currency: 'egp',
          status: 'requires_payment_method',
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing({ target: testPaymentIntents.orderId });
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, order.id));
      if (!intent) throw new Error(`no test payment intent for order ${order.id}`);
      return { providerRef: intent.id, clientSecret: intent.clientSecret, checkoutUrl: null };
    },
    async cancel(intentId) {
      await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(testPaymentIntents.id, intentId),
            inArray(testPaymentIntents.status, ['requires_payment_method', 'processing']),
          ),
        );
    },
    readCallback: (request) => readStripeEvent(request, secret, deps.clock.now()),
    // No money moved, so there is none to give back: the order side does the rest.
    refund: async () => 'refunded',
    // Nor was any given back, and asking again moves none either.
    givenBack: async () => 'none',
  };
}

/** Stripe's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function signWebhook(payload: string, secret: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface Outcome {
  status: Extract<OfflineIntentStatus, 'succeeded' | 'processing' | 'requires_payment_method'>;
  error?: string;
}

/** Stripe's test cards (https://docs.stripe.com/testing) and what each one does. */
const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': { status: 'succeeded' },
  '5555555555554444': { status: 'succeeded' },
  '4000000000009995': { status: 'requires_payment_method', error: 'Your card has insufficient funds.' },
  '4000000000000002': { status: 'requires_payment_method', error: 'Your card was declined.' },
  '4000000000003220': { status: 'processing' },
};
/** What Stripe answers in test mode for a well-formed number that is not a test card. */
const NOT_A_TEST_CARD: Outcome = {
  status: 'requires_payment_method',
  error:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the card like Stripe Elements does, with its messages; returns the digits of the number. */
function validateCard(card: OfflineCard, now: Date): string {
  const number = card.number.replace(/[\s-]/g, '');
  // American Express numbers have 15 digits, the others Stripe tests with have 16.
  const length = /^3[47]/.test(number) ? 15 : 16;
  if (!/^\d*$/.test(number) || number.length > length || (number.length === length && !luhn(number))) {
    throw badRequest(say.api.cardNumberInvalid, { 'card.number': say.api.cardNumberInvalid });
  }
  if (number.length < length)
    throw badRequest(say.api.cardNumberIncomplete, { 'card.number': say.api.cardNumberIncomplete });
  const exp = card.exp.match(/^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/);
  if (!exp?.[1] || !exp[2])
    throw badRequest(say.api.cardExpiryIncomplete, { 'card.exp': say.api.cardExpiryIncomplete });
  const month = Number(exp[1]);
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (month < 1 || month > 12) throw badRequest(say.api.cardExpiryInvalid, { 'card.exp': say.api.cardExpiryInvalid });
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) throw badRequest(say.api.cardYearPast, { 'card.exp': say.api.cardYearPast });
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    throw badRequest(say.api.cardExpiryPast, { 'card.exp': say.api.cardExpiryPast });
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    throw badRequest(say.api.cardCvcIncomplete, { 'card.cvc': say.api.cardCvcIncomplete });
  return number;
}

const view = (intent: IntentRow): OfflineIntentView => ({
  id: intent.id,
  status: intent.status as OfflineIntentStatus,
  amount: intent.amount,
  currency: intent.currency,
  ...(intent.lastError ? { last_payment_error: { message: intent.lastError } } : {}),
});

type EventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.processing';

/** A Stripe-format event for the intent's current state. */
function eventPayload(type: EventType, intent: IntentRow, at: Date): string {
  const created = Math.floor(at.getTime() / 1000);
  return JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: intent.status === 'succeeded' ? intent.amount : 0,
        currency: intent.currency,
        status: intent.status,
        created: Math.floor(intent.createdAt.getTime() / 1000),
        livemode: false,
        metadata: { order_id: intent.orderId },
        last_payment_error: intent.lastError
          ? { type: 'card_error', code: 'card_declined', message: intent.lastError }
          : null,
      },
    },
  });
}

/** Delivers a signed webhook: the payments service's callback entry point. */
export type Deliver = (request: CallbackRequest) => Promise<unknown>;

/** The browser side of the offline provider: confirming an intent with a card, and reading it back. */
export function offlineCheckout(deps: ProviderDeps, deliver: Deliver) {
  const { db } = deps;
  const secret = offlineWebhookSecret(deps.config);
  const timers = new Set<NodeJS.Timeout>();

  async function send(type: EventType, intent: IntentRow) {
    const now = deps.clock.now();
    const payload = eventPayload(type, intent, now);
    try {
      await deliver({
        rawBody: Buffer.from(payload, 'utf8'),
        headers: { 'stripe-signature': signWebhook(payload, secret, now) },
        query: {},
      });
    } catch (err) {
      // Stripe would retry a refused delivery; here the refusal is already audited, so it is only logged.
      deps.log.error({ err, intent: intent.id, type }, 'offline payment webhook refused');
    }
  }

  /** Moves an intent from one status to another; null when it was not in `from` (a racing confirm, a cancel). */
  async function move(
    id: string,
    from: OfflineIntentStatus,
    to: OfflineIntentStatus,
    lastError: string | null,
  ): Promise<IntentRow | null> {
    const [intent] = await db
      .update(testPaymentIntents)
      .set({ status: to, lastError })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, from)))
      .returning();
    return intent ?? null;
  }

  async function find(clientSecret: string): Promise<IntentRow> {
    const [intent] = await db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    if (!intent) throw notFound('Payment');
    return intent;
  }

  async function confirm(clientSecret: string, card: OfflineCard): Promise<OfflineIntentView> {
    const current = await find(clientSecret);
    if (current.status !== 'requires_payment_method') {
      throw new HttpError(400, say.api.paymentNotConfirmable(current.status.replace(/_/g, ' ')));
    }
    const number = validateCard(card, deps.clock.now());
    const outcome = TEST_CARDS[number] ?? NOT_A_TEST_CARD;
    const intent = await move(current.id, 'requires_payment_method', outcome.status, outcome.error ?? null);
    if (!intent) throw new HttpError(400, say.api.paymentConfirming);

    if (intent.status === 'succeeded') await send('payment_intent.succeeded', intent);
    else if (intent.status === 'requires_payment_method') await send('payment_intent.payment_failed', intent);
    else {
      await send('payment_intent.processing', intent);
      const timer = setTimeout(() => {
        timers.delete(timer);
        move(intent.id, 'processing', 'succeeded', null)
          .then((done) => (done ? send('payment_intent.succeeded', done) : undefined))
          .catch((err: unknown) =>
            deps.log.error({ err, intent: intent.id }, 'test payment did not finish processing'),
          );
      }, PROCESSING_DELAY_MS);
      timers.add(timer);
    }
    return view(intent);
  }

  async function retrieve(clientSecret: string): Promise<OfflineIntentView> {
    return view(await find(clientSecret));
  }

  /** Drops payments still processing: the app is closing and its database with it. */
  function close() {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  }

  return { confirm, retrieve, close };
}
