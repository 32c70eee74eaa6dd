import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout, teaCart } from '../../../test/checkout';
import { readShippingAddress } from '../checkoutStorage';
import { ShippingFormPage } from './ShippingFormPage';

/** An account made by phone sign-in keeps its number as the server writes it. */
const phoneShopper = { ...shopperSession, user: { ...shopperSession.user, phone: '+201012345678' } };

/** The steps go on only with something in the cart (CartRequired). */
const renderForm = (cart = teaCart) => {
  const api = mockApi({ 'GET /api/cart': { body: cart }, 'POST /api/address': { status: 201, body: [] } });
  const view = renderCheckout(<ShippingFormPage />, {
    path: '/ShippingForm',
    preloadedState: { session: phoneShopper },
  });
  return { ...api, ...view };
};

const fillTheRest = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.selectOptions(screen.getByLabelText('Governorate'), 'Cairo');
  await user.type(screen.getByLabelText('City'), 'Nasr City');
  await user.type(screen.getByLabelText('Street'), 'Abbas El Akkad');
  await user.type(screen.getByLabelText('Building'), '5');
  await user.type(screen.getByLabelText('Zip code'), '11371');
};

describe('/ShippingForm', () => {
  afterEach(() => changeLanguage('en'));

  it("pre-fills a phone-made account's number as the field writes it, and it is accepted", async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    const phone = await screen.findByLabelText('Mobile number');
    expect(phone).toHaveValue('01012345678');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('page /Payment')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/address')?.body).toMatchObject({
      address: { phone: '01012345678' },
    });
  });

  it('takes the number in Arabic-Indic digits or with +20, and keeps it as 01XXXXXXXXX', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    const phone = await screen.findByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '+٢٠ ١١ ٢٣٤٥ ٦٧٨٩');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('page /Payment')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/address')?.body).toMatchObject({
      address: { phone: '01123456789' },
    });
    expect(readShippingAddress('u1')?.phone).toBe('01123456789');
  });

  it('takes instructions for the courier in a box of their own, saved with the address and kept for the order', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    const box = await screen.findByRole('textbox', { name: 'Instructions for the courier (optional)' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAccessibleDescription('When to call, who receives the parcel, or where to leave it.');
    expect(box).toHaveAttribute('maxLength', '200');
    await fillTheRest(user);
    await user.type(box, ' Call first: the doorman takes it after 6 pm ');
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('page /Payment')).toBeInTheDocument();
    const instructions = 'Call first: the doorman takes it after 6 pm';
    expect(calls.find((call) => call.path === '/api/address')?.body).toMatchObject({ address: { instructions } });
    expect(readShippingAddress('u1')?.instructions).toBe(instructions);
  });

  it('refuses a number that is not a mobile, saying why under the field', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    const phone = await screen.findByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '٠١٣١٢٣٤٥٦٧٨');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    await waitFor(() => expect(phone).toBeInvalid());
    expect(phone).toHaveAccessibleDescription('Not valid phone');
    expect(calls.some((call) => call.path === '/api/address')).toBe(false);
  });

  it('reads Egypt in Arabic on an Arabic page, and keeps the address under one name whatever was typed', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    const { calls } = renderForm();
    expect(await screen.findByLabelText('الدولة')).toHaveValue('مصر');
    await user.selectOptions(screen.getByLabelText('المحافظة'), 'Cairo');
    await user.type(screen.getByLabelText('المدينة'), 'مدينة نصر');
    await user.type(screen.getByLabelText('الشارع'), 'عباس العقاد');
    await user.type(screen.getByLabelText('المبنى'), '5');
    await user.type(screen.getByLabelText('الرمز البريدي'), '11371');
    await user.click(screen.getByRole('button', { name: 'استخدام هذا العنوان' }));
    expect(await screen.findByText('page /Payment')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/address')?.body).toMatchObject({ address: { country: 'Egypt' } });
    expect(readShippingAddress('u1')?.country).toBe('Egypt');
  });

  it('with an empty cart, says so instead of asking for an address', async () => {
    renderForm({ products: [], bill: 0, payingOrder: null });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Use this address' })).not.toBeInTheDocument();
  });
});
