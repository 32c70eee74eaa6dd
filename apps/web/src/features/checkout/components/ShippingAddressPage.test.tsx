import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Address, Cart } from '@shop/contracts';
import { setupStore } from '../../../app/store';
import { changeLanguage } from '../../../i18n';
import { cartApi } from '../../cart';
import { mockApi, shopperSession, watchFor } from '../../../test/utils';
import { emptyCart, renderCheckout, teaCart } from '../../../test/checkout';
import { saveShippingAddress } from '../checkoutStorage';
import { ShippingAddressPage } from './ShippingAddressPage';

const SAVED: Address = {
  _id: 'a1',
  street: 'El Tahrir St',
  building: '12',
  city: 'Dokki',
  state: 'Giza',
  phone: '01012345678',
  zipCode: '12611',
  country: 'Egypt',
  isDefault: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  fullAddress: '12 El Tahrir St, Dokki, Giza, Egypt',
};

const renderStep = () =>
  renderCheckout(<ShippingAddressPage />, { path: '/ShippingAdress', preloadedState: { session: shopperSession } });

describe('/ShippingAdress', () => {
  afterEach(() => changeLanguage('en'));

  it('offers to ask again when the saved addresses could not be read, in Arabic', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    let answers = 0;
    mockApi({
      'GET /api/address': () => {
        answers += 1;
        return answers === 1 ? { status: 503, body: null } : { body: [] };
      },
    });
    renderCheckout(<ShippingAddressPage />, { path: '/ShippingAdress', preloadedState: { session: shopperSession } });
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل هذا المحتوى الآن');
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('ليست لديك عناوين محفوظة بعد')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('chooses again the address used last, told apart from the same place by its instructions', async () => {
    const doorman = { ...SAVED, _id: 'a2', isDefault: false, instructions: 'Leave it with the doorman' };
    mockApi({ 'GET /api/cart': { body: teaCart }, 'GET /api/address': { body: [SAVED, doorman] } });
    const { instructions, ...place } = doorman;
    saveShippingAddress('u1', { ...place, instructions, apartment: '', floor: '', landmark: '' });
    renderStep();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, true]);
    expect(screen.getByRole('radio', { name: /For the courier: Leave it with the doorman/ })).toBeChecked();
  });

  it('with an empty cart, says so and leads back to shopping instead of going on', async () => {
    const { calls } = mockApi({ 'GET /api/cart': { body: emptyCart }, 'GET /api/address': { body: [SAVED] } });
    renderStep();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText(/There is nothing to check out yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Deliver to this address' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/cart')).toBe(true);
  });

  it('says so in Arabic', async () => {
    await changeLanguage('ar');
    mockApi({ 'GET /api/cart': { body: emptyCart }, 'GET /api/address': { body: [SAVED] } });
    renderStep();
    expect(await screen.findByText('سلة التسوق فارغة')).toBeInTheDocument();
    expect(screen.getByText(/لا يوجد ما يمكن إتمام شرائه بعد/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مواصلة التسوق' })).toHaveAttribute('href', '/');
  });

  it('waits for the cart, showing neither the addresses nor the notice, then goes on with its items', async () => {
    let answer = (_reply: { body: Cart }) => {};
    mockApi({
      'GET /api/cart': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/address': { body: [SAVED] },
    });
    const seen = watchFor('Your cart is empty');
    renderStep();
    await screen.findByRole('status');
    // The addresses have come; the cart has not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver to this address' })).not.toBeInTheDocument();
    await act(async () => answer({ body: teaCart }));
    expect(seen()).toBe(false);
    // With items, the step goes on as ever.
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Deliver to this address' }));
    expect(screen.getByText('page /Payment')).toBeInTheDocument();
  });

  it('does not take an empty cart read earlier for the one being read again', async () => {
    // An earlier visit read the cart empty; the shopper has filled it since (in another tab).
    mockApi({ 'GET /api/cart': { body: emptyCart } });
    const earlier = setupStore({ session: shopperSession });
    await earlier.dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscribe: false }));
    let answer = () => {};
    const { calls } = mockApi({
      'GET /api/cart': () => new Promise((resolve) => (answer = () => resolve({ body: teaCart }))),
      'GET /api/address': { body: [SAVED] },
    });
    const seen = watchFor('Your cart is empty');
    renderCheckout(<ShippingAddressPage />, {
      path: '/ShippingAdress',
      preloadedState: { session: shopperSession, api: earlier.getState().api },
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/cart')).toBe(true));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByRole('button', { name: 'Deliver to this address' })).toBeInTheDocument();
    expect(seen()).toBe(false);
  });
});
