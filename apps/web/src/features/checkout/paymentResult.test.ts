import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/contracts';
import { feedbackForError, feedbackForStatus, testProviderError } from './paymentResult';

describe('payment result messages', () => {
  it('shows nothing for succeeded: the shopper simply moves on', () => {
    expect(feedbackForStatus('succeeded')).toEqual({ kind: 'succeeded' });
  });

  it('says the payment is processing', () => {
    expect(feedbackForStatus('processing')).toEqual({ kind: 'processing', message: MSG.paymentProcessing });
  });

  it('asks to try again on requires_payment_method, with the provider reason when there is one', () => {
    expect(feedbackForStatus('requires_payment_method', 'Your card was declined.')).toEqual({
      kind: 'failed',
      message: MSG.paymentFailed,
      detail: 'Your card was declined.',
    });
    expect(feedbackForStatus('requires_payment_method')).toEqual({
      kind: 'failed',
      message: MSG.paymentFailed,
      detail: null,
    });
  });

  it("says 'Something went wrong.' for any other status", () => {
    for (const status of ['canceled', 'requires_action', 'unknown']) {
      expect(feedbackForStatus(status)).toEqual({ kind: 'error', message: MSG.paymentUnknown, field: null });
    }
  });

  it("shows the provider's own words for card and validation errors", () => {
    expect(feedbackForError({ type: 'card_error', message: 'Your card has insufficient funds.' })).toEqual({
      kind: 'error',
      message: 'Your card has insufficient funds.',
      field: null,
    });
    expect(
      feedbackForError({ type: 'validation_error', message: 'Your card number is incomplete.', field: 'number' }),
    ).toEqual({
      kind: 'error',
      message: 'Your card number is incomplete.',
      field: 'number',
    });
  });

  it('treats any other failure as a lost payment session', () => {
    expect(feedbackForError({ type: 'api_error', message: 'Internal' })).toEqual({
      kind: 'error',
      message: MSG.paymentTimeout,
      field: null,
    });
    expect(feedbackForError({ type: 'card_error' })).toEqual({
      kind: 'error',
      message: MSG.paymentTimeout,
      field: null,
    });
  });
});

describe('test provider errors', () => {
  it('reads a 400 with field errors as a validation error on that field', () => {
    const error = {
      status: 400,
      data: {
        message: "Your card's expiration date is incomplete.",
        errors: { 'card.exp': "Your card's expiration date is incomplete." },
      },
    };
    expect(testProviderError(error)).toEqual({
      type: 'validation_error',
      message: "Your card's expiration date is incomplete.",
      field: 'exp',
    });
  });

  it('reads anything else as not about the card', () => {
    expect(
      testProviderError({ status: 400, data: { message: 'This payment cannot be confirmed because it is canceled.' } }),
    ).toEqual({ type: 'api_error' });
    expect(testProviderError({ status: 404, data: { message: 'Payment not found' } })).toEqual({ type: 'api_error' });
    expect(testProviderError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      type: 'api_error',
    });
  });
});
