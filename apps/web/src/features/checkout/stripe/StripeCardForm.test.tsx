import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@shop/contracts';
import { StripeCardForm } from './StripeCardForm';

/*
 * Stripe Elements stand-ins: the PaymentElement reports ready when the test says so, and
 * confirmPayment answers what the test needs. Stripe.js itself is never loaded.
 */
const confirmPayment = vi.fn();
const elements = {};
let becomeReady: () => void = () => undefined;

vi.mock('./stripeClient', () => ({ stripeFor: () => Promise.resolve(null) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: ({ onReady }: { onReady: () => void }) => {
    becomeReady = onReady;
    return <div>payment element</div>;
  },
  useStripe: () => ({ confirmPayment }),
  useElements: () => elements,
}));

const renderForm = () =>
  render(<StripeCardForm publishableKey="pk_test_1" clientSecret="pi_1_secret_x" orderId="o1" />);

describe('Stripe Elements form', () => {
  it('keeps Pay now disabled until the payment form is ready', async () => {
    renderForm();
    const pay = screen.getByRole('button', { name: 'Pay now' });
    expect(pay).toBeDisabled();
    becomeReady();
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it('confirms with Stripe, returning to /success for the order, and shows a card error in Stripe’s words', async () => {
    confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const user = userEvent.setup();
    renderForm();
    becomeReady();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(confirmPayment).toHaveBeenCalledWith({
      elements,
      confirmParams: { return_url: `${window.location.origin}/success?order=o1` },
    });
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('treats any other Stripe failure as a lost payment session', async () => {
    confirmPayment.mockResolvedValue({ error: { type: 'api_connection_error', message: 'Network down' } });
    const user = userEvent.setup();
    renderForm();
    becomeReady();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText(MSG.paymentTimeout)).toBeInTheDocument();
  });
});
