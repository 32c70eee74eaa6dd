import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { IntentState } from '../usePaymentStatus';

/** One Stripe.js per publishable key for the whole visit: loading it adds Stripe's script to the page once. */
const clients = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let client = clients.get(publishableKey);
  if (!client) {
    client = loadStripe(publishableKey);
    clients.set(publishableKey, client);
  }
  return client;
}

/** The intent behind a client secret, as Stripe's return to /success reports it. */
export async function retrieveStripeIntent(publishableKey: string, clientSecret: string): Promise<IntentState> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new Error('Stripe.js could not be loaded');
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) throw new Error(error?.message ?? 'No payment intent');
  return { status: paymentIntent.status, message: paymentIntent.last_payment_error?.message ?? null };
}
