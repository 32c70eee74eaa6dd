import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreCart } from '../cartSlice';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { CartPage } from './CartPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const serverCart = {
  products: [
    {
      product_id: {
        _id: 'p1',
        name: 'Juhayna Milk 1L',
        brand: 'Juhayna',
        price: 42.75,
        image_path: [],
        stock: 2,
        cod: true,
      },
      quantity: 1,
    },
    {
      product_id: { _id: 'p2', name: 'Lipton Tea', brand: 'Lipton', price: 55, image_path: [], stock: 9, cod: true },
      quantity: 2,
    },
  ],
  bill: 152.75,
};

const localCart = () =>
  restoreCart([
    { _id: 'p1', name: 'Juhayna Milk 1L', price: 42.75, image: null, stock: 2, cartQuantity: 1 },
    { _id: 'p2', name: 'Lipton Tea', price: 55, image: null, stock: 9, cartQuantity: 2 },
  ]);

const renderCart = (cart = localCart()) =>
  renderCheckout(<CartPage />, { path: '/CartPage', preloadedState: { session: shopperSession, cart } });

describe('/CartPage', () => {
  it('lists the lines with brand, price and quantity, and the totals', async () => {
    mockApi({ 'GET /api/cart': { body: serverCart } });
    renderCart();
    expect(await screen.findByText('Juhayna')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lipton Tea' })).toHaveAttribute('href', '/product/one/p2');
    expect(within(screen.getByRole('group', { name: 'Quantity of Lipton Tea' })).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Subtotal (3 items):')).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.getAllByText('EGP 152.75').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/ShippingAdress');
  });

  it('stops minus at 1 and plus at the stock', async () => {
    // The server answers each change with its whole cart, which replaces the local copy.
    const [milk, tea] = serverCart.products;
    const increased = { products: [{ ...milk, quantity: 2 }, tea], bill: 195.5 };
    mockApi({ 'GET /api/cart': { body: serverCart }, 'PUT /api/cart/incItem': { body: increased } });
    const user = userEvent.setup();
    const { store } = renderCart();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Juhayna Milk 1L' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Juhayna Milk 1L' }));
    expect(store.getState().cart.items[0]?.cartQuantity).toBe(2);
    expect(screen.getByRole('button', { name: 'Increase quantity of Juhayna Milk 1L' })).toBeDisabled();
    expect(screen.getByText('Only 2 in stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Juhayna Milk 1L' })).toBeEnabled();
  });

  it('removes a line and clears the cart', async () => {
    const withoutTea = { products: serverCart.products.slice(0, 1), bill: 42.75 };
    mockApi({
      'GET /api/cart': { body: serverCart },
      'PUT /api/cart/removeItem': { body: withoutTea },
      'PUT /api/cart/emptyCart': { body: { products: [], bill: 0 } },
    });
    const user = userEvent.setup();
    const { store } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Remove Lipton Tea from cart' }));
    expect(store.getState().cart.items.map((item) => item._id)).toEqual(['p1']);
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});
