import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { paymentApi, type PaymentConfig } from './api/paymentApi';

/** A payment intent's status and the provider's words about its last failure. */
export interface IntentState {
  status: string;
  message: string | null;
}

export type IntentReader = () => Promise<IntentState>;

const POLL_MS = 1500;
/** About five minutes: a card payment that takes longer is left to the Orders screen. */
const MAX_POLLS = 200;

/**
 * Reads the intent, and again every POLL_MS while it is `processing` (a card payment
 * goes processing, then succeeded). `read` null means nothing to read yet; `failed` means it could not be read at all;
 * `stopped` that it was still processing when the reading stopped (MAX_POLLS), so the page no longer waits on it.
 */
export function useIntentStatus(read: IntentReader | null): {
  intent: IntentState | null;
  failed: boolean;
  stopped: boolean;
} {
  const [intent, setIntent] = useState<IntentState | null>(null);
  const [failed, setFailed] = useState(false);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    // A new watch starts from nothing: an earlier payment's answer must not be taken for this one's.
    setIntent(null);
    setFailed(false);
    setStopped(false);
    if (!read) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const check = async () => {
      try {
        const next = await read();
        if (cancelled) return;
        setIntent(next);
        polls += 1;
        if (next.status !== 'processing') return;
        if (polls < MAX_POLLS) timer = setTimeout(() => void check(), POLL_MS);
        else setStopped(true);
      } catch {
        if (!cancelled) setFailed(true);
      }
    };
    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [read]);

  return { intent, failed, stopped };
}

/**
 * How to read an intent with the configured provider: the test provider's endpoint, or Stripe.js,
 * whose code is only fetched when Stripe is the provider.
 */
export function useIntentReader(config: PaymentConfig | undefined, clientSecret: string | null): IntentReader | null {
  const dispatch = useAppDispatch();
  const readTest = useCallback(async (): Promise<IntentState> => {
    if (!clientSecret) throw new Error('No client secret');
    const intent = await dispatch(
      paymentApi.endpoints.getTestIntent.initiate(clientSecret, { subscribe: false, forceRefetch: true }),
    ).unwrap();
    return { status: intent.status, message: intent.last_payment_error?.message ?? null };
  }, [dispatch, clientSecret]);
  const publishableKey = config?.publishableKey;
  const readStripe = useCallback(async (): Promise<IntentState> => {
    if (!clientSecret || !publishableKey) throw new Error('Stripe is not configured');
    const { retrieveStripeIntent } = await import('./stripe/stripeClient');
    return retrieveStripeIntent(publishableKey, clientSecret);
  }, [clientSecret, publishableKey]);

  if (!config || !clientSecret) return null;
  return config.provider === 'stripe' ? readStripe : readTest;
}
