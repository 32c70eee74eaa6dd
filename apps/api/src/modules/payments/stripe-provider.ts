import Stripe from 'stripe';
import type { ProviderDeps } from './registry.js';
import { say, type Said } from '@shop/contracts';
import { HttpError } from '../../lib/errors.js';
import { givenBackOf, type PaymentProvider } from './provider.js';
import { readStripeEvent } from './stripe-events.js';

/** Stripe's SDK, amounts in piastres, currency EGP. */
export function stripeProvider(deps: ProviderDeps): PaymentProvider {
  const { config, log } = deps;
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is required for the Stripe provider');
  // Without the webhook secret no payment could ever be confirmed: refuse to start rather than take orders that never get paid.
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  const stripe = new Stripe(config.STRIPE_SECRET_KEY);

  /** The shopper can do nothing about Stripe's side: they get a plain message, the log gets the details. */
  const refused = (what: string, message: Said, context: Record<string, unknown>) => (err: unknown) => {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    log.error({ err, ...context }, what);
    throw new HttpError(502, message);
  };

  return {
    name: 'stripe',
    hosted: false,
    methods: ['card'],
    publicKey: config.STRIPE_PUBLISHABLE_KEY,
    async start(order) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: order.amount,
            currency: 'egp',
            metadata: { order_id: order.id },
            automatic_payment_methods: { enabled: true },
          },
          // Stripe replays the first answer for the same key (for 24 hours): one key per attempt, so a start that died
          // is answered with its intent, and the card chosen again after another method gets an intent of its own
          // rather than the earlier one, cancelled when the shopper turned away from it.
          { idempotencyKey: `order-${order.id}-${order.attempt}` },
        )
        .catch(refused('Stripe refused to create a payment intent', say.api.cardUnavailable, { order: order.id }));
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { providerRef: intent.id, clientSecret: intent.client_secret, checkoutUrl: null };
    },
    async cancel(intentId) {
      await stripe.paymentIntents.cancel(intentId);
    },
    readCallback: (request) => readStripeEvent(request, webhookSecret, deps.clock.now()),
    async refund(payment) {
      await stripe.refunds
        .create(
          { payment_intent: payment.providerRef, amount: payment.amount },
          { idempotencyKey: `refund-${payment.providerRef}` },
        )
        .catch(refused('Stripe refused a refund', say.api.refundFailed, { intent: payment.providerRef }));
      return 'refunded';
    },
    async givenBack(payment) {
      // Every refund of the intent, the one the refund above made among them; a failed or canceled one gave nothing.
      let refunded = 0;
      for await (const refund of stripe.refunds.list({ payment_intent: payment.providerRef, limit: 100 }))
        if (refund.status !== 'failed' && refund.status !== 'canceled') refunded += refund.amount;
      return givenBackOf(refunded, payment.paid);
    },
  };
}
