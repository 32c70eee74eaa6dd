import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { setupStore } from '../../../app/store';
import { mockApi } from '../../../test/utils';
import { TestCardForm } from './TestCardForm';

const intent = (status: string, error?: string) => ({
  body: {
    id: 'pi_1',
    status,
    amount: 10000,
    currency: 'egp',
    ...(error ? { last_payment_error: { message: error } } : {}),
  },
});

function renderForm({ clientSecret }: { clientSecret: string | undefined } = { clientSecret: 'pi_1_secret_x' }) {
  const onPaid = vi.fn();
  render(
    <Provider store={setupStore()}>
      <TestCardForm clientSecret={clientSecret} onPaid={onPaid} />
    </Provider>,
  );
  return { onPaid, user: userEvent.setup() };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('test provider card form', () => {
  it('labels and formats the fields as the shopper types', async () => {
    mockApi({});
    const { user } = renderForm();
    const number = screen.getByLabelText('Card number');
    const expiry = screen.getByLabelText('Expiration (MM/YY)');
    const cvc = screen.getByLabelText('CVC');
    await user.type(number, '4242424242424242');
    await user.type(expiry, '1234');
    await user.type(cvc, '12a34');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(expiry).toHaveValue('12/34');
    expect(cvc).toHaveValue('1234');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('keeps Pay now disabled until there is a payment to confirm', () => {
    mockApi({});
    renderForm({ clientSecret: undefined });
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
  });

  it('confirms with the card and moves on when the payment succeeds', async () => {
    const { calls } = mockApi({ 'POST /api/payment/offline/confirm': intent('succeeded') });
    const { user, onPaid } = renderForm();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      clientSecret: 'pi_1_secret_x',
      card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
    });
  });

  it("asks to try again, with the bank's reason, when the card is refused", async () => {
    mockApi({
      'POST /api/payment/offline/confirm': intent('requires_payment_method', 'Your card has insufficient funds.'),
    });
    const { user, onPaid } = renderForm();
    await fillCard(user, '4000000000009995');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your payment was not successful, please try again.')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it("shows the provider's message for an incomplete card and flags the field", async () => {
    mockApi({
      'POST /api/payment/offline/confirm': {
        status: 400,
        body: {
          message: 'Your card number is incomplete.',
          errors: { 'card.number': 'Your card number is incomplete.' },
        },
      },
    });
    const { user } = renderForm();
    await fillCard(user, '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('aria-invalid', 'false');
  });

  it('treats a payment that can no longer be confirmed as a lost session', async () => {
    mockApi({
      'POST /api/payment/offline/confirm': {
        status: 400,
        body: { message: 'This payment cannot be confirmed because it is canceled.' },
      },
    });
    const { user } = renderForm();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(
      await screen.findByText('payment session timeOut please go back to cart and remake your order'),
    ).toBeInTheDocument();
  });

  it('says the payment is processing, then waits for it to succeed', async () => {
    let reads = 0;
    let confirmed = false;
    mockApi({
      'POST /api/payment/offline/confirm': () => {
        confirmed = true;
        return intent('processing');
      },
      // Read once as the form opens (a fresh payment), then watched after it was confirmed.
      'GET /api/payment/offline/intent': () => {
        if (!confirmed) return intent('requires_payment_method');
        reads += 1;
        return intent(reads < 2 ? 'processing' : 'succeeded');
      },
    });
    const { user, onPaid } = renderForm();
    await fillCard(user, '4000000000003220');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your payment is processing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(reads).toBe(2);
  });

  it('carries on with a resumed payment: one processing is watched until it succeeds, without paying again', async () => {
    let reads = 0;
    const { calls } = mockApi({
      'GET /api/payment/offline/intent': () => {
        reads += 1;
        return intent(reads < 2 ? 'processing' : 'succeeded');
      },
    });
    const { onPaid } = renderForm();
    expect(await screen.findByText('Your payment is processing.')).toBeInTheDocument();
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('tells a resumed payment that was cancelled that it cannot go on', async () => {
    mockApi({ 'GET /api/payment/offline/intent': intent('canceled') });
    renderForm();
    expect(
      await screen.findByText('payment session timeOut please go back to cart and remake your order'),
    ).toBeInTheDocument();
  });
});
