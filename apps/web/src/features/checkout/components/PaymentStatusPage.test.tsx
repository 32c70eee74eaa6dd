import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentStatus } from '@shop/contracts';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { PaymentStatusPage } from './PaymentStatusPage';

const ORDER = '6f1c2a52-0b7e-4c1e-9a57-3f1d2e4b5c6d';
const order = { _id: ORDER, bill: 250.5, status: 'paid', products: [], statusHistory: [] };

function renderStatus(replies: PaymentStatus[], orders: { status?: number; body: unknown } = { body: [order] }) {
  let call = 0;
  mockApi({
    [`GET /api/payment/status/${ORDER}`]: () => ({ body: replies[Math.min(call++, replies.length - 1)] }),
    'GET /api/order': orders,
  });
  return renderCheckout(<PaymentStatusPage />, {
    path: '/PaymentStatus',
    url: `/PaymentStatus?order=${ORDER}`,
    preloadedState: { session: shopperSession },
  });
}

describe('/PaymentStatus', () => {
  it('waits for the shop to record the payment, then moves on to /success with the order', async () => {
    renderStatus([
      {
        status: 'pending',
        payment: {
          method: 'card',
          state: 'started',
          reference: null,
          provider: 'paymob',
          expiresAt: null,
          amount: 100,
        },
      },
      {
        status: 'paid',
        payment: { method: 'card', state: 'paid', reference: null, provider: 'paymob', expiresAt: null, amount: 100 },
      },
    ]);
    expect(await screen.findByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();
    expect(await screen.findByText('page /success')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ orderId: ORDER, bill: 250.5 });
  });

  it('moves on to /success once paid even when the orders cannot be read, without the bill', async () => {
    renderStatus(
      [
        {
          status: 'paid',
          payment: { method: 'card', state: 'paid', reference: null, provider: 'paymob', expiresAt: null, amount: 100 },
        },
      ],
      { status: 503, body: null },
    );
    expect(await screen.findByText('page /success')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ orderId: ORDER });
  });

  it('shows the kiosk reference while a kiosk payment is pending', async () => {
    renderStatus([
      {
        status: 'pending',
        payment: {
          method: 'kiosk',
          state: 'pending',
          reference: '12345678',
          provider: 'paymob',
          expiresAt: null,
          amount: 100,
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Pay at a kiosk' })).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-reference')).toHaveTextContent('12345678');
  });

  it('after a decline the order can be paid again', async () => {
    const user = userEvent.setup();
    renderStatus([
      {
        status: 'pending',
        payment: {
          method: 'wallet',
          state: 'failed',
          reference: null,
          provider: 'paymob',
          expiresAt: null,
          amount: 100,
        },
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payment was not successful, please try again.');
    expect(screen.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute('href', '/Payment');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('page /Stripe')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ order_id: ORDER });
  });

  it('a cancelled order cannot be paid any more', async () => {
    renderStatus([{ status: 'cancelled', payment: null }]);
    expect(await screen.findByText('This order was cancelled and can no longer be paid.')).toBeInTheDocument();
  });
});
