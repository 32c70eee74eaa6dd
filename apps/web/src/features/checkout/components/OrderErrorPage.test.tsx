import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../../../lib/notify';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { OrderErrorPage } from './OrderErrorPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const shortage = [
  { _id: 'p1', name: 'Juhayna Milk 1L', image_path: ['/uploads/milk.webp'], stock: 0 },
  { _id: 'p2', name: 'Lipton Tea', image_path: [], stock: 1 },
];

describe('/OrderError', () => {
  it('lists the products that ran out, each linking to its page', () => {
    mockApi({});
    renderCheckout(<OrderErrorPage />, {
      path: '/OrderError',
      state: shortage,
      preloadedState: { session: shopperSession },
    });
    expect(screen.getByRole('link', { name: 'Juhayna Milk 1L' })).toHaveAttribute('href', '/product/one/p1');
    expect(screen.getByRole('link', { name: 'Lipton Tea' })).toHaveAttribute('href', '/product/one/p2');
    expect(screen.getByText('Only 1 left')).toBeInTheDocument();
  });

  it("removes a product from the cart with the error toast '{name} removed from cart', then offers the cart", async () => {
    const { calls } = mockApi({
      'PUT /api/cart/removeItem': { body: { products: [], bill: 0 } },
      'GET /api/cart': { body: { products: [], bill: 0 } },
    });
    const user = userEvent.setup();
    renderCheckout(<OrderErrorPage />, {
      path: '/OrderError',
      state: shortage,
      preloadedState: { session: shopperSession },
    });
    await user.click(screen.getByRole('button', { name: 'Remove Juhayna Milk 1L from cart' }));
    expect(notify.error).toHaveBeenCalledWith('Juhayna Milk 1L removed from cart', expect.anything());
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/api/cart/removeItem',
      body: { product_id: 'p1' },
      token: 'shopper-token',
    });
    expect(screen.queryByRole('link', { name: 'Juhayna Milk 1L' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Lipton Tea from cart' }));
    expect(screen.getByText('Out-of-stock Products Removed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/CartPage');
  });

  it('shows the empty state when there is no list', () => {
    mockApi({});
    renderCheckout(<OrderErrorPage />, { path: '/OrderError', preloadedState: { session: shopperSession } });
    expect(screen.getByText('Out-of-stock Products Removed')).toBeInTheDocument();
  });
});
