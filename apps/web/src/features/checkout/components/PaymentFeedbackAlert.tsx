import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from '../../../i18n/useTranslation';
import type { PaymentFeedback } from '../paymentResult';
import { LockIcon } from './checkoutIcons';

/** The outcome of a confirmation, announced to screen readers as it changes. Success shows nothing: the shopper moves on. */
export function PaymentFeedbackAlert({ id, feedback }: { id?: string; feedback: PaymentFeedback | null }) {
  return (
    <div id={id} aria-live="polite" className="payment-feedback">
      {feedback?.kind === 'processing' && (
        <Alert variant="info" className="d-flex align-items-center gap-2 mb-0">
          <Spinner size="sm" aria-hidden="true" />
          {feedback.message}
        </Alert>
      )}
      {feedback?.kind === 'failed' && (
        <Alert variant="danger" className="mb-0">
          <p className="mb-0 fw-semibold">{feedback.message}</p>
          {feedback.detail && <p className="mb-0 small">{feedback.detail}</p>}
        </Alert>
      )}
      {feedback?.kind === 'error' && (
        <Alert variant="danger" className="mb-0">
          {feedback.message}
        </Alert>
      )}
    </div>
  );
}

/** Disabled until the card form is ready, with a spinner while a payment is under way. */
export function PayButton({ ready, busy }: { ready: boolean; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      variant="accent"
      size="lg"
      className="w-100 d-inline-flex align-items-center justify-content-center"
      disabled={!ready || busy}
      aria-busy={busy}
    >
      {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : <LockIcon size={18} className="me-2" />}
      {t('checkout.stripe.payNow')}
    </Button>
  );
}
