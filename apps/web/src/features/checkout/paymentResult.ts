import type { ApiError } from '../../api/errors';
import { i18n } from '../../i18n';
import { isRecord } from '../../lib/guards';

/** What the card screen does after the provider answered. */
export type PaymentFeedback =
  | { kind: 'succeeded' }
  | { kind: 'processing'; message: string }
  | { kind: 'failed'; message: string; detail: string | null }
  | { kind: 'error'; message: string; field: CardField | null };

export type CardField = 'number' | 'exp' | 'cvc';

/** A refused confirmation, in Stripe's terms: `card_error` and `validation_error` carry words for the shopper. */
export interface ProviderError {
  type: string;
  message?: string;
  field?: CardField | null;
}

/** The intent's status after confirming, or when coming back to /success. */
export function feedbackForStatus(status: string, providerMessage?: string | null): PaymentFeedback {
  switch (status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'processing':
      return { kind: 'processing', message: i18n.t('checkout.pay.processing') };
    case 'requires_payment_method':
      return { kind: 'failed', message: i18n.t('checkout.pay.failed'), detail: providerMessage ?? null };
    default:
      return { kind: 'error', message: i18n.t('checkout.pay.unknown'), field: null };
  }
}

/** Card and validation errors show the provider's message; any other failure means the session is lost. */
export function feedbackForError(error: ProviderError): PaymentFeedback {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) {
    return { kind: 'error', message: error.message, field: error.field ?? null };
  }
  return { kind: 'error', message: i18n.t('checkout.pay.timeout'), field: null };
}

const FIELDS: Record<string, CardField> = { 'card.number': 'number', 'card.exp': 'exp', 'card.cvc': 'cvc' };

/**
 * The test provider answers a card it cannot take with 400 `{ message, errors: { 'card.number': … } }`,
 * as Stripe Elements flags a field; anything else (a 404, a payment no longer payable, no network) is
 * not about the card.
 */
export function testProviderError(error: ApiError): ProviderError {
  if (
    'status' in error &&
    error.status === 400 &&
    isRecord(error.data) &&
    isRecord(error.data.errors) &&
    typeof error.data.message === 'string'
  ) {
    const field = Object.keys(error.data.errors)
      .map((key) => FIELDS[key])
      .find((value) => value !== undefined);
    return { type: 'validation_error', message: error.data.message, field: field ?? null };
  }
  return { type: 'api_error' };
}
