import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG, SUCCESS_REDIRECT_MS } from '@shop/contracts';
import { restoreCart } from '../../cart';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { SuccessPage } from './SuccessPage';

const withCart = {
  session: shopperSession,
  cart: restoreCart([{ _id: 'p1', name: 'Tea', price: 55, cartQuantity: 1 }]),
};
const intent = (status: string, error?: string) => ({
  body: {
    id: 'pi_1',
    status,
    amount: 5500,
    currency: 'egp',
    ...(error ? { last_payment_error: { message: error } } : {}),
  },
});

describe('/success', () => {
  it('says the order succeeded, then loads the home page after 10 seconds', () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      mockApi({});
      renderCheckout(<SuccessPage />, {
        path: '/success',
        state: { orderId: 'abcdef12-0000', bill: 170.5 },
        preloadedState: withCart,
      });
      expect(screen.getByRole('heading', { name: 'Order succeeded' })).toBeInTheDocument();
      expect(screen.getByText('You will be redirected to home page in 10 seconds')).toBeInTheDocument();
      expect(screen.getByText(/Order #ABCDEF12/)).toHaveTextContent('Order #ABCDEF12 · EGP 170.50');
      vi.advanceTimersByTime(SUCCESS_REDIRECT_MS - 1);
      expect(assign).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(assign).toHaveBeenCalledWith('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the confirmation a cash order waits for, and only then', () => {
    mockApi({});
    const asked = /Your order waits for your confirmation/;
    const { unmount } = renderCheckout(<SuccessPage />, {
      path: '/success',
      state: { orderId: 'abcdef12-0000', bill: 170.5, awaitsConfirmation: true },
      preloadedState: withCart,
    });
    expect(screen.getByText(asked)).toBeInTheDocument();
    unmount();
    renderCheckout(<SuccessPage />, {
      path: '/success',
      state: { orderId: 'abcdef12-0000', bill: 170.5 },
      preloadedState: withCart,
    });
    expect(screen.getByRole('heading', { name: 'Order succeeded' })).toBeInTheDocument();
    expect(screen.queryByText(asked)).not.toBeInTheDocument();
  });

  it('names the order without a bill when the page before could not learn it', () => {
    mockApi({});
    renderCheckout(<SuccessPage />, {
      path: '/success',
      state: { orderId: 'abcdef12-0000' },
      preloadedState: withCart,
    });
    expect(screen.getByText(/Order #ABCDEF12/)).toHaveTextContent(/^Order #ABCDEF12$/);
  });

  it('reads the card result from the provider’s return URL and empties the local cart once the order is paid', async () => {
    // The provider's callback marks the order paid (and empties the server cart) after the shopper is back. An older
    // order, its kiosk reference still to pay, stays pending beside it.
    let orderStatus = 'pending';
    const { calls } = mockApi({
      'GET /api/payment/config': { body: { provider: 'offline', methods: ['card'], hostedCheckout: false } },
      'GET /api/payment/offline/intent': intent('succeeded'),
      'GET /api/order': () => ({
        body: [
          { _id: 'o1', status: orderStatus },
          { _id: 'o0', status: 'pending' },
        ],
      }),
    });
    const { store } = renderCheckout(<SuccessPage />, {
      path: '/success',
      url: '/success?order=o1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded',
      preloadedState: withCart,
    });
    expect(await screen.findByRole('heading', { name: 'Order succeeded' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/payment/offline/intent?client_secret=pi_1_secret_x');
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/order'));
    // Until then a read of the server cart would bring the paid lines back, so they stay (the server's truth).
    expect(store.getState().cart.items).toHaveLength(1);
    orderStatus = 'paid';
    await waitFor(() => expect(store.getState().cart.items).toEqual([]), { timeout: 4000 });
  });

  it('offers the Orders screen once it stops waiting for a payment still processing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { calls } = mockApi({
        'GET /api/payment/config': { body: { provider: 'offline', methods: ['card'], hostedCheckout: false } },
        'GET /api/payment/offline/intent': intent('processing'),
      });
      renderCheckout(<SuccessPage />, {
        path: '/success',
        url: '/success?payment_intent_client_secret=pi_1_secret_x',
        preloadedState: withCart,
      });
      await vi.waitFor(() => expect(screen.getByText('Your payment is processing.')).toBeInTheDocument());
      expect(screen.queryByRole('link', { name: 'View your orders' })).not.toBeInTheDocument();
      // About five minutes of readings, 1.5 s apart.
      for (let i = 0; i < 200; i += 1) await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(screen.getByRole('link', { name: 'View your orders' })).toBeInTheDocument());
      const readings = calls.filter((call) => call.path.startsWith('/api/payment/offline/intent')).length;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(calls.filter((call) => call.path.startsWith('/api/payment/offline/intent'))).toHaveLength(readings);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the payment failed, with the reason, when the provider returns a refused payment', async () => {
    mockApi({
      'GET /api/payment/config': { body: { provider: 'offline', methods: ['card'], hostedCheckout: false } },
      'GET /api/payment/offline/intent': intent('requires_payment_method', 'Your card was declined.'),
    });
    const { store } = renderCheckout(<SuccessPage />, {
      path: '/success',
      url: '/success?payment_intent_client_secret=pi_1_secret_x',
      preloadedState: withCart,
    });
    expect(await screen.findByText(MSG.paymentFailed)).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order succeeded' })).not.toBeInTheDocument();
    expect(store.getState().cart.items).toHaveLength(1);
  });
});
