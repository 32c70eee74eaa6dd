import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../../i18n/useTranslation';
import { useConfirmTestPaymentMutation, type PaymentConfig } from '../api/paymentApi';
import { caretAfterDigits, countDigits, formatCardNumber, formatCvc, formatExpiry } from '../cardFormat';
import {
  feedbackForError,
  feedbackForStatus,
  testProviderError,
  type CardField,
  type PaymentFeedback,
} from '../paymentResult';
import { useIntentReader, useIntentStatus, type IntentState } from '../usePaymentStatus';
import { PayButton, PaymentFeedbackAlert } from './PaymentFeedbackAlert';

const TEST_PROVIDER: PaymentConfig = {
  provider: 'offline',
  methods: ['card'],
  hostedCheckout: false,
  offers: [{ method: 'card', provider: 'offline' }],
  instalments: [],
};
const FEEDBACK_ID = 'payment-feedback';

/**
 * The test provider's card form, in place of Stripe Elements: the same three fields, formatted as
 * the shopper types, confirmed against the shop's offline provider with Stripe's test cards.
 */
export function TestCardForm({ clientSecret, onPaid }: { clientSecret: string | undefined; onPaid: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [feedback, setFeedback] = useState<PaymentFeedback | null>(null);
  const [confirm, { isLoading }] = useConfirmTestPaymentMutation();
  // Set while a `processing` payment is being watched until it settles.
  const [watching, setWatching] = useState(false);

  const settle = useCallback(
    (intent: IntentState) => {
      const next = feedbackForStatus(intent.status, intent.message);
      if (next.kind === 'succeeded') onPaid();
      else setFeedback(next);
      setWatching(next.kind === 'processing');
    },
    [onPaid],
  );

  const readIntent = useIntentReader(TEST_PROVIDER, clientSecret ?? null);
  // A resumed payment (the page reloaded, or the shopper came back) carries on from where it stands.
  useEffect(() => {
    if (!readIntent) return;
    let current = true;
    readIntent()
      .then((intent) => {
        if (!current) return;
        if (intent.status === 'processing' || intent.status === 'succeeded') settle(intent);
        else if (intent.status === 'canceled') setFeedback(feedbackForError({ type: 'api_error' }));
      })
      // Unread, the form stays as it is: paying still answers for the intent.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [readIntent, settle]);
  const watched = useIntentStatus(watching ? readIntent : null);
  useEffect(() => {
    if (watched.intent && watched.intent.status !== 'processing') settle(watched.intent);
  }, [watched.intent, settle]);
  useEffect(() => {
    if (watched.failed) {
      setWatching(false);
      setFeedback(feedbackForError({ type: 'api_error' }));
    }
  }, [watched.failed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!clientSecret) return;
    setFeedback(null);
    const result = await confirm({ clientSecret, card: { number, exp, cvc } });
    if (result.error) setFeedback(feedbackForError(testProviderError(result.error)));
    else if (result.data)
      settle({ status: result.data.status, message: result.data.last_payment_error?.message ?? null });
  };

  const invalid: CardField | null = feedback?.kind === 'error' ? feedback.field : null;
  const busy = isLoading || watching;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <CardInput
        id="card-number"
        label={t('checkout.stripe.cardNumber')}
        value={number}
        onValue={setNumber}
        format={formatCardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        invalid={invalid === 'number'}
        errorId={FEEDBACK_ID}
      />
      <div className="row g-3">
        <div className="col-7">
          <CardInput
            id="card-exp"
            label={t('checkout.stripe.expiry')}
            value={exp}
            onValue={setExp}
            format={formatExpiry}
            autoComplete="cc-exp"
            placeholder={t('checkout.stripe.expiryPlaceholder')}
            invalid={invalid === 'exp'}
            errorId={FEEDBACK_ID}
          />
        </div>
        <div className="col-5">
          <CardInput
            id="card-cvc"
            label={t('checkout.stripe.cvc')}
            value={cvc}
            onValue={setCvc}
            format={formatCvc}
            autoComplete="cc-csc"
            placeholder="123"
            invalid={invalid === 'cvc'}
            errorId={FEEDBACK_ID}
          />
        </div>
      </div>
      <p className="small text-body-secondary mt-1">{t('checkout.stripe.testMode')}</p>
      <div className="mb-3">
        <PaymentFeedbackAlert id={FEEDBACK_ID} feedback={feedback} />
      </div>
      <PayButton ready={Boolean(clientSecret)} busy={busy} />
    </Form>
  );
}

interface CardInputProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Formats the typed text; `previous` tells typing from deleting. */
  format: (typed: string, previous: string) => string;
  autoComplete: string;
  placeholder: string;
  invalid: boolean;
  /** The element that says what is wrong with the field. */
  errorId: string;
}

/** A numeric card field that formats as the shopper types and keeps the caret after the digit it followed. */
function CardInput({ id, label, value, onValue, format, autoComplete, placeholder, invalid, errorId }: CardInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        ref={input}
        value={value}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        spellCheck={false}
        dir="ltr"
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          const at = event.target.selectionStart ?? typed.length;
          const next = format(typed, value);
          caret.current = at >= typed.length ? next.length : caretAfterDigits(next, countDigits(typed.slice(0, at)));
          onValue(next);
        }}
      />
    </Form.Group>
  );
}
