import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { languageOfPath, pathIn } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { feedbackForError, type PaymentFeedback } from '../paymentResult';
import { PayButton, PaymentFeedbackAlert } from '../components/PaymentFeedbackAlert';
import { stripeFor } from './stripeClient';
import { paths } from '../../../lib/paths';

/** Stripe's payment form in the shop's colours. */
const APPEARANCE = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#0b7a75',
    colorText: '#1c2333',
    borderRadius: '8px',
    fontFamily: 'Segoe UI, system-ui, sans-serif',
  },
} as const;

/**
 * Card payment through Stripe Elements when the shop has Stripe keys. A successful confirmation
 * leaves the page for Stripe's return to /success, which reads the result from the URL.
 */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  orderId,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
}) {
  const { i18n } = useTranslation();
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE, locale: i18n.language }}>
      <ElementsForm orderId={orderId} />
    </Elements>
  );
}

function ElementsForm({ orderId }: { orderId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<PaymentFeedback | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setFeedback(null);
    const { error } = await stripe.confirmPayment({
      elements,
      // Back to the page's language (/ar/success for an Arabic page), naming the order: the shopper may have
      // another pending, being paid too, so /success waits for this one (Stripe adds its own parameters).
      confirmParams: {
        return_url: `${window.location.origin}${pathIn(paths.success, languageOfPath(window.location.pathname))}?${new URLSearchParams({ order: orderId })}`,
      },
    });
    // Only a failure comes back here; success is a redirect to return_url.
    setFeedback(feedbackForError({ type: error.type, message: error.message }));
    setBusy(false);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <PaymentElement onReady={() => setReady(true)} className="mb-3" />
      <div className="mb-3">
        <PaymentFeedbackAlert feedback={feedback} />
      </div>
      <PayButton ready={Boolean(stripe && elements && ready)} busy={busy} />
    </form>
  );
}
