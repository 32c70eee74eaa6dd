import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SHIPPING_RATES, type ShippingRates } from '@shop/contracts';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute } from '../../../test/utils';
import { ShippingAdminPage } from './ShippingAdminPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

/** The PUT answers what it was sent, as the server does once it has saved it. */
const echo = async (request: Request) => ({ body: (await request.json()) as unknown });

const puts = (calls: { method: string; body: unknown }[]) => calls.filter((call) => call.method === 'PUT');

describe('the Shipping screen', () => {
  it('lists the 27 governorates with their fees, each field named by its governorate and column', async () => {
    mockApi({ 'GET /api/shipping/rates': { body: DEFAULT_SHIPPING_RATES } });
    renderRoute(<ShippingAdminPage />);
    const table = await screen.findByRole('table', { name: 'Rates by governorate' });
    // A header row and one row per governorate.
    expect(within(table).getAllByRole('row')).toHaveLength(28);
    expect(screen.getByRole('textbox', { name: 'Aswan Base fee (EGP)' })).toHaveValue('21');
    expect(screen.getByRole('textbox', { name: 'Aswan Per extra kg (EGP)' })).toHaveValue('0');
    expect(screen.getByLabelText('Cash-on-delivery fee (EGP)')).toHaveValue('9');
    expect(screen.getByLabelText('Free shipping from (EGP)')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Card orders ship free' })).toBeChecked();
  });

  it('saves the whole table as the API takes it and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/shipping/rates': { body: DEFAULT_SHIPPING_RATES },
      'PUT /api/shipping/rates': echo,
    });
    renderRoute(<ShippingAdminPage />);
    const aswanBase = await screen.findByRole('textbox', { name: 'Aswan Base fee (EGP)' });
    await user.clear(aswanBase);
    await user.type(aswanBase, '60');
    await user.type(screen.getByRole('textbox', { name: 'Aswan Per extra kg (EGP)' }), '{Backspace}7.5');
    await user.clear(screen.getByLabelText('Cash-on-delivery fee (EGP)'));
    await user.type(screen.getByLabelText('Cash-on-delivery fee (EGP)'), '12.50');
    await user.type(screen.getByLabelText('Free shipping from (EGP)'), '1500');
    await user.click(screen.getByRole('switch', { name: 'Card orders ship free' }));
    const opening = screen.getByRole('switch', { name: 'Shoppers may open a parcel before accepting it' });
    expect(opening).not.toBeChecked();
    expect(opening).toHaveAccessibleDescription(/every order placed while it is on keeps it/);
    await user.click(opening);
    await user.click(screen.getByRole('button', { name: 'Save shipping' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const expected: ShippingRates = {
      codFee: 12.5,
      cardShipsFree: false,
      freeOver: 1500,
      openBeforeAccepting: true,
      rates: DEFAULT_SHIPPING_RATES.rates.map((rate) =>
        rate.governorate === 'Aswan' ? { ...rate, base: 60, perKg: 7.5 } : rate,
      ),
    };
    expect(puts(calls)[0]?.body).toEqual(expected);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Shipping saved'));
    // The form now holds what was saved.
    expect(screen.getByRole('textbox', { name: 'Aswan Base fee (EGP)' })).toHaveValue('60');
  });

  it('sends an emptied threshold as none', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/shipping/rates': { body: { ...DEFAULT_SHIPPING_RATES, freeOver: 800 } },
      'PUT /api/shipping/rates': echo,
    });
    renderRoute(<ShippingAdminPage />);
    const threshold = await screen.findByLabelText('Free shipping from (EGP)');
    expect(threshold).toHaveValue('800');
    await user.clear(threshold);
    await user.click(screen.getByRole('button', { name: 'Save shipping' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ freeOver: null });
  });

  it('explains a wrong amount under its own field, focuses it and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/shipping/rates': { body: DEFAULT_SHIPPING_RATES },
      'PUT /api/shipping/rates': echo,
    });
    renderRoute(<ShippingAdminPage />);
    const luxor = await screen.findByRole('textbox', { name: 'Luxor Base fee (EGP)' });
    await user.clear(luxor);
    await user.type(luxor, '-5');
    const cod = screen.getByLabelText('Cash-on-delivery fee (EGP)');
    await user.clear(cod);
    await user.type(screen.getByLabelText('Free shipping from (EGP)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save shipping' }));

    expect(luxor).toBeInvalid();
    expect(luxor).toHaveAccessibleDescription('Enter an amount of 0 or more, with at most two decimals');
    expect(cod).toHaveAccessibleDescription('Enter an amount (0 for none)');
    expect(screen.getByLabelText('Free shipping from (EGP)')).toHaveAccessibleDescription(
      /Enter an amount of 0 or more, with at most two decimals$/,
    );
    expect(cod).toHaveFocus();
    expect(puts(calls)).toEqual([]);
  });

  it("shows the server's refusal as an error toast and keeps what was typed", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/shipping/rates': { body: DEFAULT_SHIPPING_RATES },
      'PUT /api/shipping/rates': { status: 403, body: { message: 'Admins only' } },
    });
    renderRoute(<ShippingAdminPage />);
    const cairo = await screen.findByRole('textbox', { name: 'Cairo Base fee (EGP)' });
    await user.clear(cairo);
    await user.type(cairo, '25');
    await user.click(screen.getByRole('button', { name: 'Save shipping' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Admins only'));
    expect(cairo).toHaveValue('25');
  });

  it('edits the delivery days the product page promises, the most never fewer than the fewest', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/shipping/rates': { body: DEFAULT_SHIPPING_RATES },
      'PUT /api/shipping/rates': echo,
    });
    renderRoute(<ShippingAdminPage />);
    const fewest = await screen.findByRole('textbox', { name: 'Giza Fewest days' });
    const most = screen.getByRole('textbox', { name: 'Giza Most days' });
    expect([fewest, most].map((field) => (field as HTMLInputElement).value)).toEqual(['1', '2']);
    await user.clear(fewest);
    await user.type(fewest, '3');
    await user.click(screen.getByRole('button', { name: 'Save shipping' }));
    expect(most).toHaveAccessibleDescription('At least the fewest days');
    expect(puts(calls)).toEqual([]);

    await user.clear(most);
    await user.type(most, '5');
    await user.click(screen.getByRole('button', { name: 'Save shipping' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as ShippingRates).rates.find((rate) => rate.governorate === 'Giza')).toMatchObject({
      minDays: 3,
      maxDays: 5,
    });
  });
});
