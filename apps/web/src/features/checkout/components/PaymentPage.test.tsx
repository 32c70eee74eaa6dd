import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartLine } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { mockApi, shopperSession } from '../../../test/utils';
import { ONLINE_METHOD_KEY, PAYMENT_METHOD_KEY, SHIPPING_ADDRESS_KEY } from '../checkoutStorage';
import { emptyCart, renderCheckout } from '../../../test/checkout';
import { PaymentPage } from './PaymentPage';

const line = (name: string, cod: boolean): CartLine => ({
  product_id: { _id: `id-${name}`, name, nameAr: null, brand: 'Brand', price: 100, image_path: [], stock: 5, cod },
  quantity: 1,
});

const ASWAN = {
  street: 'Corniche St',
  building: '4',
  city: 'Aswan',
  state: 'Aswan',
  phone: '01012345678',
  zipCode: '81511',
  country: 'Egypt',
};

const PAYMOB = {
  provider: 'paymob',
  methods: ['card', 'wallet', 'kiosk'],
  hostedCheckout: true,
  offers: ['card', 'wallet', 'kiosk'].map((method) => ({ method, provider: 'paymob' })),
  instalments: [],
};

const renderPayment = (products: CartLine[], config?: object, openBeforeAccepting = false) => {
  const { calls } = mockApi({
    'GET /api/cart': { body: { products, bill: 100 * products.length } },
    'GET /api/shipping/delivery-days': { body: { days: [], openBeforeAccepting } },
    ...(config ? { 'GET /api/payment/config': { body: config } } : {}),
  });
  return {
    calls,
    ...renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } }),
  };
};

describe('/Payment', () => {
  it('offers visa and cash on delivery, saves the choice locally and moves on to the review', async () => {
    const user = userEvent.setup();
    renderPayment([line('Tea', true)]);
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    expect(screen.getByRole('radio', { name: 'Visa card' })).toBeEnabled();
    await user.click(cash);
    expect(JSON.parse(localStorage.getItem(PAYMENT_METHOD_KEY) ?? 'null')).toEqual({ userId: 'u1', value: 'cash' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('page /PlaceOrder')).toBeInTheDocument();
  });

  it('tells a shopper paying cash that the parcel opens before paying, where the shop allows it', async () => {
    const { unmount } = renderPayment([line('Tea', true)], undefined, true);
    const sentence = 'You can open the parcel and check it before you pay the courier.';
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    await waitFor(() => expect(cash).toHaveAccessibleDescription(expect.stringContaining(sentence)));
    unmount();
    const { calls } = renderPayment([line('Tea', true)]);
    expect(await screen.findByRole('radio', { name: 'Cash on delivery' })).toBeEnabled();
    // Once the shop's answer is in: nothing said.
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/shipping/delivery-days'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
  });

  it('disables cash, saying why, when a product in the cart is card only', async () => {
    renderPayment([line('Tea', true), line('Smart TV', false)]);
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(/Cash on delivery is not available for Smart TV\. Please pay by card\./);
    expect(screen.getByRole('radio', { name: 'Visa card' })).toBeEnabled();
  });

  it('names the card-only products as the page’s language lists them', async () => {
    await changeLanguage('ar');
    try {
      renderPayment([line('Smart TV', false), line('Fridge', false)]);
      const cash = await screen.findByRole('radio', { name: 'الدفع عند الاستلام' });
      expect(cash).toHaveAccessibleDescription(/غير متاح لـ Smart TV، Fridge\./);
    } finally {
      await changeLanguage('en');
    }
  });

  it("disables cash with the shop's reason for the address's phone, before the shopper chooses", async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: ASWAN }));
    const { calls } = mockApi({
      'GET /api/cart': { body: { products: [line('Tea', true)], bill: 100 } },
      'GET /api/order/cash': { body: { cash: 'online', refusal: 'cash_orders_open', limit: 3 } },
    });
    renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } });
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(/You already have 3 cash orders on their way to 01012345678\./);
    expect(calls.find((call) => call.path.startsWith('/api/order/cash'))?.path).toBe(
      '/api/order/cash?state=Aswan&phone=01012345678',
    );
  });

  it("says a phone past the day's few checked for cash is asked to pay online, and names no record of it", async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: ASWAN }));
    mockApi({
      'GET /api/cart': { body: { products: [line('Tea', true)], bill: 100 } },
      'GET /api/order/cash': { body: { cash: 'online', refusal: 'cash_phones_asked', limit: null } },
    });
    renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } });
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(
      /checked for a few phone numbers a day, and today's are used\. Please pay this order online/,
    );
  });

  it('names the deposit paid online first and the rest paid at the door', async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: ASWAN }));
    mockApi({
      'GET /api/cart': { body: { products: [line('Tea', true)], bill: 100 } },
      'GET /api/order/cash': { body: { cash: 'deposit', deposit: 30, rest: 100 } },
    });
    renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } });
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    expect(cash).toBeEnabled();
    expect(cash).toHaveAccessibleDescription(
      /arrives First pay the delivery fees, EGP\s30, online; then the rest, EGP\s100, in cash at the door\./,
    );
  });

  it('does not keep a saved cash choice the cart no longer allows', async () => {
    localStorage.setItem(PAYMENT_METHOD_KEY, JSON.stringify({ userId: 'u1', value: 'cash' }));
    const user = userEvent.setup();
    renderPayment([line('Smart TV', false)]);
    expect(await screen.findByRole('radio', { name: 'Cash on delivery' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a payment method.');
  });

  it("ignores another shopper's saved choice", async () => {
    localStorage.setItem(PAYMENT_METHOD_KEY, JSON.stringify({ userId: 'someone-else', value: 'visa' }));
    renderPayment([line('Tea', true)]);
    expect(await screen.findByRole('radio', { name: 'Visa card' })).not.toBeChecked();
  });

  it('with Paymob: card (Visa, Mastercard, Meeza), mobile wallet with its number, kiosk and cash', async () => {
    const user = userEvent.setup();
    renderPayment([line('Tea', true)], PAYMOB);
    const wallet = await screen.findByRole('radio', { name: 'Mobile wallet' });
    expect(screen.getByRole('radio', { name: 'Bank card' })).toHaveAccessibleDescription(/Visa, Mastercard or Meeza/);
    expect(wallet).toHaveAccessibleDescription(/Vodafone Cash, Orange Cash, Etisalat Cash or WE Pay/);
    expect(screen.getByRole('radio', { name: 'Pay at a kiosk' })).toHaveAccessibleDescription(/Aman or Masary/);
    expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toBeEnabled();
    expect(screen.queryByLabelText('Wallet mobile number')).toBeNull();

    await user.click(wallet);
    const phone = screen.getByLabelText('Wallet mobile number');
    await user.type(phone, '0131234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(phone).toBeInvalid();
    expect(screen.getByText('Enter an 11-digit mobile number starting with 010, 011, 012 or 015.')).toBeVisible();
    await user.clear(phone);
    await user.type(phone, '010 1010 1010');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('page /PlaceOrder')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PAYMENT_METHOD_KEY) ?? 'null')).toEqual({ userId: 'u1', value: 'visa' });
    expect(JSON.parse(localStorage.getItem(ONLINE_METHOD_KEY) ?? 'null')).toEqual({
      userId: 'u1',
      value: { method: 'wallet', walletPhone: '01010101010' },
    });
  });

  it("reads the wallet's number in Arabic-Indic digits, or pasted with +20, and keeps it as 01XXXXXXXXX", async () => {
    const user = userEvent.setup();
    renderPayment([line('Tea', true)], PAYMOB);
    await user.click(await screen.findByRole('radio', { name: 'Mobile wallet' }));
    const phone = screen.getByLabelText('Wallet mobile number');
    await user.type(phone, '٠١٢ ٣٤٥٦ ٧٨٩٠');
    expect(phone).toHaveValue('٠١٢ ٣٤٥٦ ٧٨٩٠');
    expect(JSON.parse(localStorage.getItem(ONLINE_METHOD_KEY) ?? 'null')).toEqual({
      userId: 'u1',
      value: { method: 'wallet', walletPhone: '01234567890' },
    });
    await user.clear(phone);
    await user.click(phone);
    await user.paste('+20 10 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('page /PlaceOrder')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ONLINE_METHOD_KEY) ?? 'null')).toEqual({
      userId: 'u1',
      value: { method: 'wallet', walletPhone: '01012345678' },
    });
  });

  it('says what delivery to the chosen address adds to each way to pay, as the server quotes it', async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: ASWAN }));
    const { calls } = mockApi({
      'GET /api/cart': { body: { products: [line('Dumbbells', true)], bill: 100 } },
      'GET /api/shipping/quote': (request) => ({
        body:
          new URL(request.url).searchParams.get('paymentMethod') === 'cash'
            ? { shipping: 90, codFee: 12.5, discount: 0, coupon: null }
            : { shipping: 0, codFee: 0, discount: 0, coupon: null },
      }),
    });
    renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } });
    const cash = await screen.findByRole('radio', { name: 'Cash on delivery' });
    await waitFor(() =>
      // Prices are written with a no-break space between the currency and the amount.
      expect(cash).toHaveAccessibleDescription(
        /^Pay in cash when your order arrives \(\+EGP\s90 shipping and handling, \+EGP\s12\.50 cash-on-delivery fee\)$/,
      ),
    );
    expect(screen.getByRole('radio', { name: 'Visa card' })).toHaveAccessibleDescription(
      'Pay now by card, securely. (free shipping)',
    );
    expect(calls.map((call) => call.path).filter((path) => path.startsWith('/api/shipping'))).toEqual(
      expect.arrayContaining([
        '/api/shipping/quote?state=Aswan&paymentMethod=visa',
        '/api/shipping/quote?state=Aswan&paymentMethod=cash',
      ]),
    );
  });

  it('shows the choices only once their fees are quoted, so that none moves under a finger about to tap it', async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: ASWAN }));
    let quote = () => {};
    const quoted = new Promise<void>((resolve) => (quote = resolve));
    mockApi({
      'GET /api/cart': { body: { products: [line('Dumbbells', true)], bill: 100 } },
      'GET /api/shipping/quote': async () => {
        await quoted;
        return { body: { shipping: 90, codFee: 0, discount: 0, coupon: null } };
      },
    });
    renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } });
    // The cart comes at once; the quote is held back, and no choice shows in the meantime.
    await expect(screen.findByRole('radio', {}, { timeout: 500 })).rejects.toThrow();
    expect(screen.getByRole('status')).toBeInTheDocument();
    quote();
    expect(await screen.findByRole('radio', { name: 'Cash on delivery' })).toHaveAccessibleDescription(
      /^Pay in cash when your order arrives \(\+EGP\s90 shipping and handling\)$/,
    );
  });

  it('with an empty cart, says so instead of offering the ways to pay', async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify({ userId: 'u1', value: ASWAN }));
    renderPayment([]);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText(/There is nothing to check out yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('waits for the cart without calling it empty, then says so once it is read empty', async () => {
    let answer = () => {};
    mockApi({
      'GET /api/cart': () => new Promise((resolve) => (answer = () => resolve({ body: emptyCart }))),
    });
    renderCheckout(<PaymentPage />, { path: '/Payment', preloadedState: { session: shopperSession } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
