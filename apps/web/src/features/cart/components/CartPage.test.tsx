import { describe, expect, it, vi } from 'vitest';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreCart } from '../cartSlice';
import { mockApi, shopperSession, watchFor } from '../../../test/utils';
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
  payingOrder: null,
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

  it('while an order is being paid for, its lines are gone from the server cart and a notice says where', async () => {
    // The local copy still has the lines (paid in this tab); the server's answer replaces it.
    const order = '0a1b2c3d-0000-4000-8000-000000000001';
    mockApi({ 'GET /api/cart': { body: { products: [], bill: 0, payingOrder: order } } });
    renderCart();
    const notice = await screen.findByRole('status');
    expect(within(notice).getByRole('heading', { name: 'Payment being confirmed' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('order #0A1B2C3D');
    expect(within(notice).getByRole('link', { name: 'See the payment' })).toHaveAttribute(
      'href',
      `/PaymentStatus?order=${order}`,
    );
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
  });

  it('never calls a cart that could not be read empty: it says so, with a retry that reads it again', async () => {
    let fails = true;
    mockApi({ 'GET /api/cart': () => (fails ? { status: 500, body: { message: 'boom' } } : { body: serverCart }) });
    const saidEmpty = watchFor('Your cart is empty');
    const user = userEvent.setup();
    renderCart(restoreCart([]));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now. Please try again in a moment.');
    expect(alert).not.toHaveTextContent('boom');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lipton Tea' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(saidEmpty()).toBe(false);
  });

  it('keeps the local lines when the server cart cannot be read, and says it could not be read', async () => {
    mockApi({ 'GET /api/cart': { status: 500, body: { message: 'boom' } } });
    renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this right now.');
    expect(screen.getByRole('link', { name: 'Lipton Tea' })).toBeInTheDocument();
  });

  it('stops minus at 1 and plus at the stock', async () => {
    // The server answers each change with its whole cart, which replaces the local copy.
    const [milk, tea] = serverCart.products;
    const increased = { products: [{ ...milk, quantity: 2 }, tea], bill: 195.5 };
    let stored: unknown = serverCart;
    mockApi({
      'GET /api/cart': () => ({ body: stored }),
      'PUT /api/cart/incItem': () => ({ body: (stored = increased) }),
    });
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
    const withoutTea = { products: serverCart.products.slice(0, 1), bill: 42.75, payingOrder: null };
    let stored = serverCart;
    mockApi({
      'GET /api/cart': () => ({ body: stored }),
      'PUT /api/cart/removeItem': () => ({ body: (stored = withoutTea) }),
      'PUT /api/cart/emptyCart': () => ({ body: (stored = { products: [], bill: 0, payingOrder: null }) }),
    });
    const user = userEvent.setup();
    const { store } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Remove Lipton Tea from cart' }));
    expect(store.getState().cart.items.map((item) => item._id)).toEqual(['p1']);
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it("shows the server cart's lines and prices when the local copy is older", async () => {
    // Since the local copy was made the milk was repriced, the tea deleted and coffee added on another device.
    const repriced = {
      product_id: {
        _id: 'p1',
        name: 'Juhayna Milk 1L',
        brand: 'Juhayna',
        price: 48.25,
        image_path: [],
        stock: 2,
        cod: true,
      },
      quantity: 1,
    };
    const coffee = {
      product_id: {
        _id: 'p3',
        name: 'Nescafe Gold',
        brand: 'Nescafe',
        price: 120,
        image_path: [],
        stock: 4,
        cod: true,
      },
      quantity: 1,
    };
    mockApi({ 'GET /api/cart': { body: { products: [repriced, coffee], bill: 168.25 } } });
    renderCart();
    expect(await screen.findByRole('link', { name: 'Nescafe Gold' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lipton Tea' })).not.toBeInTheDocument();
    // The milk's line shows its new price as the unit price and the line's total.
    expect(screen.getAllByText('EGP 48.25')).toHaveLength(2);
    expect(screen.getByText('Subtotal (2 items):')).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getAllByText('EGP 168.25').length).toBeGreaterThan(0);
  });

  it('keeps a change the shopper made while the server cart was being read', async () => {
    const withoutTea = { products: serverCart.products.slice(0, 1), bill: 42.75, payingOrder: null };
    let releaseFirstRead = () => {};
    const firstRead = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    let releaseLaterReads = () => {};
    const laterReads = new Promise<void>((resolve) => (releaseLaterReads = resolve));
    let reads = 0;
    // The visit's read is answered with the cart as it was before the removal, after the removal's own answer; the
    // read the removal causes is held, so only the older answer can be seen.
    mockApi({
      'GET /api/cart': async () => {
        reads += 1;
        await (reads === 1 ? firstRead : laterReads);
        return { body: reads === 1 ? serverCart : withoutTea };
      },
      'PUT /api/cart/removeItem': { body: withoutTea },
    });
    const user = userEvent.setup();
    const { store } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Remove Lipton Tea from cart' }));
    const settled = () =>
      Object.values(store.getState().api.mutations).every((mutation) => mutation?.status === QueryStatus.fulfilled);
    await vi.waitFor(() => expect(settled()).toBe(true));
    releaseFirstRead();
    await vi.waitFor(() => expect(reads).toBe(2));
    // The read's own handler runs once its answer is stored.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().cart.items.map((item) => item._id)).toEqual(['p1']);
    expect(screen.queryByRole('link', { name: 'Lipton Tea' })).not.toBeInTheDocument();
    releaseLaterReads();
  });
});
