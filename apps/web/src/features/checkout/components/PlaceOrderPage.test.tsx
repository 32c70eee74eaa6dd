import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart, PaymentMethod } from '@shop/contracts';
import { restoreCart } from '../../cart';
import { mockApi, shopperSession, watchFor, wholeText } from '../../../test/utils';
import { PAYMENT_METHOD_KEY, SHIPPING_ADDRESS_KEY } from '../checkoutStorage';
import { emptyCart, renderCheckout } from '../../../test/checkout';
import { changeLanguage } from '../../../i18n';
import { PlaceOrderPage } from './PlaceOrderPage';

const address = {
  street: 'El Tahrir St',
  building: '12',
  city: 'Dokki',
  state: 'Giza',
  phone: '01012345678',
  zipCode: '12611',
  country: 'Egypt',
  apartment: '',
  floor: '',
  landmark: '',
  instructions: '',
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
  payingOrder: null,
};

/** The server's quote at the default prices: cash pays 21 + 9, card ships free. */
const defaultQuote = (request: Request) => ({
  body:
    new URL(request.url).searchParams.get('paymentMethod') === 'cash'
      ? { shipping: 21, codFee: 9, discount: 0, coupon: null }
      : { shipping: 0, codFee: 0, discount: 0, coupon: null },
});

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

/** Clicks Place Order once the fees are known: until then the button waits with the shopper. */
async function placeOrder(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Place Order' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

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

  it('with an empty cart, says so instead of offering to place the order', async () => {
    choose('cash');
    mockApi({
      'GET /api/cart': { body: emptyCart },
      'GET /api/shipping/quote': defaultQuote,
    });
    renderReview();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText(/There is nothing to check out yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('does not show an empty cart read earlier while the cart is read again', async () => {
    choose('cash');
    let stored: Cart = emptyCart;
    let answer = () => {};
    let hold = false;
    mockApi({
      'GET /api/cart': () =>
        hold ? new Promise((resolve) => (answer = () => resolve({ body: stored }))) : { body: stored },
      'GET /api/shipping/quote': defaultQuote,
    });
    const { router } = renderReview();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    // The shopper fills the cart (in another tab), and comes back while the cart is read again.
    stored = cart;
    hold = true;
    const seen = watchFor('Your cart is empty');
    await act(() => router.navigate('/PlaceOrder'));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByText('Juhayna Milk 1L')).toBeInTheDocument();
    expect(seen()).toBe(false);
  });

  it('reviews the address, the items and the cash bill: items + 21 EGP shipping and handling + 9 EGP cash on delivery', async () => {
    choose('cash');
    mockApi({ 'GET /api/cart': { body: cart }, 'GET /api/shipping/quote': defaultQuote });
    renderReview();
    expect(await screen.findByText('Juhayna Milk 1L')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 170.50'));
    expect(screen.getByText(wholeText('12 El Tahrir St'))).toBeInTheDocument();
    expect(screen.getByText(wholeText('Dokki, Giza'))).toBeInTheDocument();
    expect(screen.getByText('Mariam Adel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change shipping address' })).toHaveAttribute('href', '/ShippingAdress');
    expect(screen.getByRole('link', { name: 'Change payment method' })).toHaveAttribute('href', '/Payment');
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/CartPage');
    expect(within(summaryRow('Items (3):')).getByText('EGP 140.50')).toBeInTheDocument();
    expect(summaryRow('Shipping and handling')).toHaveAttribute('data-charged', 'true');
    expect(summaryRow('Cash on Delivery fee')).toHaveAttribute('data-charged', 'true');
    // The items' sum is not called a total beside the order's: a shopper asked which of the two they pay.
    expect(screen.getByText(/^Subtotal:/)).toHaveTextContent(/^Subtotal: EGP\s140\.50$/);
  });

  it('shades both fee lines for visa and charges the items only', async () => {
    choose('visa');
    mockApi({ 'GET /api/cart': { body: cart }, 'GET /api/shipping/quote': defaultQuote });
    renderReview();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 140.50'));
    expect(summaryRow('Shipping and handling')).toHaveAttribute('data-charged', 'false');
    expect(summaryRow('Cash on Delivery fee')).toHaveAttribute('data-charged', 'false');
  });

  it('saves the address, places a cash order, empties the local cart and goes to /success', async () => {
    choose('cash');
    // A cash order empties the server cart, which the page reads again.
    let stored = cart;
    const { calls } = mockApi({
      'GET /api/cart': () => ({ body: stored }),
      'GET /api/shipping/quote': defaultQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': () => {
        stored = { products: [], bill: 0, payingOrder: null };
        return { status: 201, body: [order('cash')] };
      },
    });
    const user = userEvent.setup();
    const { store } = renderReview();
    await screen.findByText('Juhayna Milk 1L');
    // The order empties the cart, read again as the review leaves: the shopper is not told it is empty.
    const seen = watchFor('Your cart is empty');
    await placeOrder(user);
    expect(await screen.findByText('page /success')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/cart')).toHaveLength(2));
    expect(seen()).toBe(false);
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

  it('tells /success that a cash order waits for the shopper to confirm it', async () => {
    choose('cash');
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': defaultQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 201, body: [{ ...order('cash'), status: 'awaiting_confirmation' }] },
    });
    renderReview();
    await placeOrder(userEvent.setup());
    expect(await screen.findByText('page /success')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({
      orderId: 'order-1',
      bill: 170.5,
      awaitsConfirmation: true,
    });
  });

  it('tries again when the shop is briefly unavailable, with the same Idempotency-Key, and a new one next time', async () => {
    choose('cash');
    const keys: (string | null)[] = [];
    let answers = 0;
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': defaultQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': (request) => {
        keys.push(request.headers.get('idempotency-key'));
        // The first try's answer is lost to a restart: the server may or may not have placed it.
        return answers++ === 0
          ? { status: 503, body: { message: 'The shop is briefly unavailable, please try again' } }
          : { status: 201, body: [order('cash')] };
      },
    });
    const user = userEvent.setup();
    const first = renderReview();
    await placeOrder(user);
    // Between the tries the button stays busy: a second tap cannot start another.
    await waitFor(() => expect(keys).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(keys).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Place Order/ })).toBeDisabled();
    expect(await screen.findByText('page /success', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    first.unmount();

    // The order was placed: the shopper's next checkout, even of the same cart, is a new attempt.
    renderReview();
    await placeOrder(user);
    expect(await screen.findAllByText('page /success')).not.toHaveLength(0);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('applies a coupon the server accepts, shows its discount in the total, and places the order with it', async () => {
    choose('cash');
    const { calls } = mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': (request) => {
        const coupon = new URL(request.url).searchParams.get('coupon');
        if (!coupon) return defaultQuote(request);
        if (coupon.toUpperCase() !== 'SAVE10')
          return { status: 400, body: { message: `“${coupon}” is not a valid coupon code` } };
        return { body: { shipping: 21, codFee: 9, discount: 14.05, coupon: 'SAVE10' } };
      },
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': {
        status: 201,
        body: [{ ...order('cash'), bill: 156.45, discount: 14.05, couponCode: 'SAVE10' }],
      },
    });
    const user = userEvent.setup();
    renderReview();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 170.50'));

    const box = screen.getByLabelText('Coupon code');
    await user.type(box, 'NOPE{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('“NOPE” is not a valid coupon code');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 170.50');

    await user.clear(box);
    await user.type(box, 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon applied:')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 156.45'));
    expect(summaryRow('Coupon SAVE10')).toHaveTextContent('−EGP 14.05');

    await placeOrder(user);
    expect(await screen.findByText('page /success')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/order')?.body).toEqual({
      deliveryAddress: address,
      paymentMethod: 'cash',
      coupon: 'SAVE10',
    });
  });

  it('takes a card order to /Stripe with its order_id, keeping the cart until it is paid', async () => {
    choose('visa');
    // The cart is read again once the order is placed; that read is held, so it cannot put back what the page took.
    let ordered = false;
    let releaseReads = () => {};
    const laterReads = new Promise<void>((resolve) => (releaseReads = resolve));
    mockApi({
      'GET /api/cart': async () => {
        if (ordered) await laterReads;
        return { body: cart };
      },
      'GET /api/shipping/quote': defaultQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': () => {
        ordered = true;
        return { status: 201, body: [order('visa')] };
      },
    });
    const user = userEvent.setup();
    const { store } = renderReview();
    await placeOrder(user);
    expect(await screen.findByText('page /Stripe')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ order_id: 'order-1' });
    expect(store.getState().cart.items.map((item) => [item._id, item.cartQuantity])).toEqual([
      ['p1', 2],
      ['p2', 1],
    ]);
    releaseReads();
  });

  it('goes to /OrderError with the out-of-stock list the server answered', async () => {
    choose('cash');
    const shortage = [{ _id: 'p1', name: 'Juhayna Milk 1L', image_path: [], stock: 0 }];
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': defaultQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 409, body: shortage },
    });
    const user = userEvent.setup();
    renderReview();
    await placeOrder(user);
    expect(await screen.findByText('page /OrderError')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual(shortage);
  });

  it("shows any other refusal in the server's words", async () => {
    choose('cash');
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': defaultQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 400, body: { message: 'Your cart is empty' } },
    });
    const user = userEvent.setup();
    renderReview();
    await placeOrder(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cart is empty');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
  });

  it("shows the fees the server quotes for the address's governorate and the method, and waits for them", async () => {
    choose('cash');
    let answer = (_reply: { body: unknown }) => {};
    const { calls } = mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': () => new Promise((resolve) => (answer = resolve)),
    });
    renderReview();
    await screen.findByText('Juhayna Milk 1L');
    expect(screen.getByRole('status')).toHaveTextContent('Working out the delivery fee…');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(calls.filter((call) => call.path.startsWith('/api/shipping/quote')).map((call) => call.path)).toEqual([
      '/api/shipping/quote?state=Giza&paymentMethod=cash',
    ]);
    answer({ body: { shipping: 67.5, codFee: 12.5, discount: 0, coupon: null } });
    expect(await screen.findByText('EGP 67.50')).toBeInTheDocument();
    expect(summaryRow('Shipping and handling')).toHaveAttribute('data-charged', 'true');
    expect(within(summaryRow('Cash on Delivery fee')).getByText('EGP 12.50')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 220.50');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('charges a card order its shipping when card orders do not ship free, the cash fee shaded', async () => {
    choose('visa');
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': (request) => ({
        body:
          new URL(request.url).searchParams.get('paymentMethod') === 'cash'
            ? { shipping: 30, codFee: 9, discount: 0, coupon: null }
            : { shipping: 30, codFee: 0, discount: 0, coupon: null },
      }),
    });
    renderReview();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 170.50'));
    expect(summaryRow('Shipping and handling')).toHaveAttribute('data-charged', 'true');
    expect(summaryRow('Cash on Delivery fee')).toHaveAttribute('data-charged', 'false');
  });

  it('says "Free" when the items reach the free-shipping threshold', async () => {
    choose('cash');
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': { body: { shipping: 0, codFee: 9, discount: 0, coupon: null } },
    });
    renderReview();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 149.50'));
    expect(within(summaryRow('Shipping and handling')).getByText('Free')).toBeInTheDocument();
  });

  it('still lets the shopper order when no quote can be had, saying the bill will include the fee', async () => {
    choose('cash');
    mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': { status: 500, body: { message: 'Something went wrong on our side' } },
    });
    renderReview();
    expect(await screen.findByText(/The delivery fee could not be worked out just now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });
});

describe('/PlaceOrder of a bill at the Tax Authority’s threshold', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => changeLanguage('en'));

  /** The quote of a shop that issues e-receipts, for a cart billed EGP 150,000 or more. */
  const bigQuote = () => ({ body: { shipping: 0, codFee: 0, discount: 0, coupon: null, buyerIdRequired: true } });

  it('asks for the buyer’s national ID, says why, checks it, and sends it in Latin digits', async () => {
    choose('visa');
    const { calls } = mockApi({
      'GET /api/cart': { body: cart },
      'GET /api/shipping/quote': bigQuote,
      'POST /api/address': { status: 201, body: [] },
      'POST /api/order': { status: 201, body: [order('visa')] },
    });
    const user = userEvent.setup();
    renderReview();
    const field = await screen.findByRole('textbox', { name: 'National ID number (14 digits)' });
    expect(field).toHaveAccessibleDescription(/Tax Authority requires the buyer’s national ID .* EGP\s150,000 or more/);

    // Without it, the order is not sent: the field says what is missing, and has the focus.
    await placeOrder(user);
    expect(field).toHaveAccessibleDescription(/This field is required/);
    expect(field).toHaveFocus();
    await user.type(field, '2900101050001');
    await user.tab();
    expect(field).toHaveAccessibleDescription(/A national ID is 14 digits/);
    await user.clear(field);
    await user.type(field, '29001010500015');
    expect(field).toHaveAccessibleDescription(/governorate code/);
    expect(calls.some((call) => call.path === '/api/order')).toBe(false);

    // Typed in Arabic-Indic digits, it goes as 14 Latin ones.
    await user.clear(field);
    await user.type(field, '٢٩٠٠١٠١٠١٠٠٠١٥');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await placeOrder(user);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/order')?.body).toEqual({
        deliveryAddress: address,
        paymentMethod: 'visa',
        nationalId: '29001010100015',
      }),
    );
    // Never kept in the browser's storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('29001010100015');
  });

  it('asks in Arabic', async () => {
    await changeLanguage('ar');
    choose('visa');
    mockApi({ 'GET /api/cart': { body: cart }, 'GET /api/shipping/quote': bigQuote });
    const user = userEvent.setup();
    renderReview();
    const field = await screen.findByRole('textbox', { name: 'الرقم القومي (14 رقمًا)' });
    expect(field).toHaveAccessibleDescription(/تشترط مصلحة الضرائب الرقم القومي للمشتري/);
    await user.type(field, '١٢٣');
    await user.tab();
    expect(field).toHaveAccessibleDescription(/الرقم القومي 14 رقمًا/);
  });

  it('does not ask below it', async () => {
    choose('visa');
    mockApi({ 'GET /api/cart': { body: cart }, 'GET /api/shipping/quote': defaultQuote });
    renderReview();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 140.50'));
    expect(screen.queryByRole('textbox', { name: /National ID/ })).not.toBeInTheDocument();
  });
});
