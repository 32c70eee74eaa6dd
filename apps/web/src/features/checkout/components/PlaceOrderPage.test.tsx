import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart, PaymentMethod } from '@shop/contracts';
import { restoreCart } from '../../cart';
import { mockApi, shopperSession } from '../../../test/utils';
import { PAYMENT_METHOD_KEY, SHIPPING_ADDRESS_KEY } from '../checkoutStorage';
import { renderCheckout } from '../../../test/checkout';
import { PlaceOrderPage } from './PlaceOrderPage';

const address = {
  street: 'El Tahrir St',
  building: '12',
  city: 'Dokki',
  state: 'Giza',
  phone: '01012345678',
  zipCode: '12611',
  country: 'Egypt',
};

const cart: Cart = {
  products: [
    {
      product_id: {
        _id: 'p1',
        name: 'Juhayna Milk 1L',
        nameAr: null,
        brand: 'Juhayna',
        price: 42.75,
        image_path: [],
        stock: 5,
        cod: true,
      },
      quantity: 2,
    },
    {
      product_id: {
        _id: 'p2',
        name: 'Lipton Tea',
        nameAr: null,
        brand: 'Lipton',
        price: 55,
        image_path: [],
        stock: 9,
        cod: true,
      },
      quantity: 1,
    },
  ],
  bill: 140.5,
};

const order = (method: PaymentMethod) => ({
  _id: 'order-1',
  createdAt: '2026-01-01T10:00:00.000Z',
  bill: method === 'cash' ? 170.5 : 140.5,
  itemsTotal: 140.5,
  shipping: method === 'cash' ? 21 : 0,
  codFee: method === 'cash' ? 9 : 0,
  status: method === 'cash' ? 'confirmed' : 'pending',
  statusHistory: [],
  deliveryAddress: address,
  paymentMethod: method,
  products: [],
});

function choose(method: PaymentMethod) {
  localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: address }));
  localStorage.setItem(PAYMENT_METHOD_KEY, JSON.stringify({ userId: 'u1', value: method }));
}

const renderReview = () =>
  renderCheckout(<PlaceOrderPage />, {
    path: '/PlaceOrder',
    preloadedState: {
      session: shopperSession,
      cart: restoreCart([{ _id: 'p1', name: 'Juhayna Milk 1L', price: 42.75, cartQuantity: 2 }]),
    },
  });

function summaryRow(label: string): HTMLElement {
  const row = screen.getByText(label).closest<HTMLElement>('.summary-row');
  if (!row) throw new Error(`no summary row '${label}'`);
  return row;
}

describe('/PlaceOrder', () => {
  beforeEach(() => localStorage.clear());

  it('sends the shopper back to choose an address, then a payment method', () => {
    mockApi({});
    renderReview();
    expect(screen.getByText('page /ShippingAdress')).toBeInTheDocument();
  });

  it('reviews the address, the items and the cash bill: items + 21 EGP shipping and handling + 9 EGP cash on delivery', async () => {
    choose('cash');
    mockApi({ 'GET /api/cart': { body: cart } });
    renderReview();
    expect(await screen.findByText('Juhayna Milk 1L')).toBeInTheDocument();
    expect(screen.getByText('12 El Tahrir St')).toBeInTheDocument();
    expect(screen.getByText('Dokki, Giza')).toBeInTheDocument();
    expect(screen.getByText('Mariam Adel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change shipping address' })).toHaveAttribute('href', '/ShippingAdress');
    expect(screen.getByRole('link', { name: 'Change payment method' })).toHaveAttribute('href', '/Payment');
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/CartPage');
    expect(within(summaryRow('Items (3):')).getByText('EGP 140.50')).toBeInTheDocument();
    expect(summaryRow('Shipping and handling')).toHaveAttribute('data-charged', 'true');
    expect(summaryRow('Cash on Delivery fee')).toHaveAttribute('data-charged', 'true');
    expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 170.50');
  });

  it('shades both fee lines for visa and charges the items only', async () => {
    choose('visa');
    mockApi({ 'GET /api/cart': { body: cart } });
    renderReview();
    await screen.findByText('Juhayna Milk 1L');
    expect(summaryRow('Shipping and handling')).toHaveAttribute('data-charged', 'false');
    expect(summaryRow('Cash on Delivery fee')).toHaveAttribute('data-charged', 'false');
    expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 140.50');
  });

  it('saves the address, places a cash order, empties the local cart and goes to /success', async () => {
    choose('cash');
    const { calls } = mockApi({
      'GET /api/cart': { body: cart },
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 201, body: [order('cash')] },
    });
    const user = userEvent.setup();
    const { store } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('page /success')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      { method: 'POST', path: '/api/address', body: { address }, token: 'shopper-token' },
      {
        method: 'POST',
        path: '/api/order',
        body: { deliveryAddress: address, paymentMethod: 'cash' },
        token: 'shopper-token',
      },
    ]);
    expect(store.getState().cart.items).toEqual([]);
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ orderId: 'order-1', bill: 170.5 });
  });

  it('takes a card order to /Stripe with its order_id, keeping the cart until it is paid', async () => {
    choose('visa');
    mockApi({
      'GET /api/cart': { body: cart },
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 201, body: [order('visa')] },
    });
    const user = userEvent.setup();
    const { store } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('page /Stripe')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ order_id: 'order-1' });
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('goes to /OrderError with the out-of-stock list the server answered', async () => {
    choose('cash');
    const shortage = [{ _id: 'p1', name: 'Juhayna Milk 1L', image_path: [], stock: 0 }];
    mockApi({
      'GET /api/cart': { body: cart },
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 409, body: shortage },
    });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('page /OrderError')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual(shortage);
  });

  it("shows any other refusal in the server's words", async () => {
    choose('cash');
    mockApi({
      'GET /api/cart': { body: cart },
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 400, body: { message: 'Your cart is empty' } },
    });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cart is empty');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
  });
});
