import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { API_MSG } from '@shop/contracts';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/errors.js';
import type { PaymentProvider } from './provider.js';

/** The real provider: Stripe's SDK, amounts in piastres, currency EGP. */
export function stripeProvider(config: Config, secretKey: string, log: FastifyBaseLogger): PaymentProvider {
  // Without the webhook secret no payment could ever be confirmed: refuse to start rather than take orders that never get paid.
  if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  const stripe = new Stripe(secretKey);
  return {
    name: 'stripe',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    async createIntent(order) {
      const intent = await stripe.paymentIntents
        .create(
          { amount: order.amount, currency: 'egp', metadata: { order_id: order.id }, automatic_payment_methods: { enabled: true } },
          // Stripe replays the first answer for the same key, so a double click never makes two intents.
          { idempotencyKey: `order-${order.id}` },
        )
        .catch((err: unknown) => {
          if (!(err instanceof Stripe.errors.StripeError)) throw err;
          // The shopper can do nothing about Stripe's side: they get a plain message, the log gets the details.
          log.error({ err, order: order.id }, 'Stripe refused to create a payment intent');
          throw new HttpError(502, API_MSG.cardUnavailable);
        });
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async cancelIntent(intentId) {
      await stripe.paymentIntents.cancel(intentId);
    },
  };
}
