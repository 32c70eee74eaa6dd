import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { stripeProvider } from './stripe-provider.js';
import { testProvider } from './test-provider.js';

export interface IntentRef {
  id: string;
  clientSecret: string;
}

/**
 * A card payment provider. Both implementations speak Stripe's PaymentIntents protocol: an intent
 * per order, a client secret the browser confirms with, and the result sent back as a webhook event
 * signed with `webhookSecret` (checked by the same code for both, see service.ts).
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey?: string;
  readonly webhookSecret: string;
  /** Amount in piastres. Idempotent per order: asking again for the same order returns the same intent. */
  createIntent(order: { id: string; amount: number }): Promise<IntentRef>;
  /** Makes the intent of a cancelled order unpayable; best effort (it may already be final). */
  cancelIntent(intentId: string): Promise<void>;
}

// Keyed by the config object, which every encapsulated child instance of one app shares,
// so the orders and payments plugins get the same provider (one Stripe client, one test secret).
const providers = new WeakMap<Config, PaymentProvider>();

/** The app's payment provider: Stripe when STRIPE_SECRET_KEY is set, the offline test provider otherwise. */
export function paymentProvider(app: FastifyInstance): PaymentProvider {
  let provider = providers.get(app.config);
  if (!provider) {
    provider = app.config.STRIPE_SECRET_KEY ? stripeProvider(app.config, app.config.STRIPE_SECRET_KEY, app.log) : testProvider(app);
    providers.set(app.config, provider);
  }
  return provider;
}
