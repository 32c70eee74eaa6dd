import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOP_PAGES, type ShopSettings } from '@shop/contracts';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute } from '../../../test/utils';
import { ShopSettingsPage } from './ShopSettingsPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const settings: ShopSettings = {
  details: {
    phone: '02 2345 6789',
    whatsapp: '+201001234567',
    address: '12 Mostafa El-Nahhas St., Cairo',
    addressAr: '١٢ شارع مصطفى النحاس، القاهرة',
    commercialRegister: '123456',
    taxNumber: '123-456-789',
  },
  pages: SHOP_PAGES.map((page) => ({ page, title: page, titleAr: 'صفحة', body: 'Text.', bodyAr: 'نص.' })),
};

const echo = async (request: Request) => ({ body: (await request.json()) as unknown });
const puts = (calls: { method: string; body: unknown }[]) => calls.filter((call) => call.method === 'PUT');

describe('the Shop details screen', () => {
  it('offers a retry when the details cannot be read', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/admin/settings/shop': { status: 500, body: { message: 'Down' } } });
    renderRoute(<ShopSettingsPage />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('edits each page in both languages side by side and saves everything at once', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/settings/shop': { body: settings },
      'PUT /api/admin/settings/shop': echo,
    });
    renderRoute(<ShopSettingsPage />);
    // Four pages, each with its English and Arabic text.
    expect(await screen.findAllByRole('textbox', { name: 'Text in English' })).toHaveLength(4);
    const arabicTexts = screen.getAllByRole('textbox', { name: 'Text in Arabic' });
    expect(arabicTexts[1]).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('All changes saved')).toBeInTheDocument();

    await user.clear(arabicTexts[1] as HTMLElement);
    await user.type(arabicTexts[1] as HTMLElement, 'أرجعه خلال 14 يومًا.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the details and pages' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as ShopSettings).pages[1]).toEqual({
      ...settings.pages[1],
      bodyAr: 'أرجعه خلال 14 يومًا.',
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("The shop's details and pages are saved"));
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('explains a WhatsApp number that is no Egyptian mobile under its field and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/settings/shop': { body: settings },
      'PUT /api/admin/settings/shop': echo,
    });
    renderRoute(<ShopSettingsPage />);
    const whatsapp = await screen.findByLabelText('WhatsApp number');
    await user.clear(whatsapp);
    await user.type(whatsapp, '02 2345 6789');
    await user.click(screen.getByRole('button', { name: 'Save the details and pages' }));
    await waitFor(() => expect(whatsapp).toHaveAccessibleDescription(/Not valid phone$/));
    expect(puts(calls)).toEqual([]);
  });
});
