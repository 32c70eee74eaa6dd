import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { EtaReceipt, EtaReceiptsPage, EtaSettingsAnswer } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute } from '../../../test/utils';
import { EtaAdminPage } from './EtaAdminPage';

const SETTINGS: EtaSettingsAnswer = { settings: null, credentials: true, posSerial: 'POS-1' };
const KEPT: EtaReceipt = {
  id: 7,
  orderId: 'abcdef12-3456-4789-8abc-def012345678',
  kind: 'deposit',
  receiptNumber: '41',
  uuid: 'a'.repeat(64),
  state: 'valid',
  errors: [],
  issuedAt: '2026-11-30T10:00:00.000Z',
  total: 30,
  qrContent: 'https://preprod.invoicing.eta.gov.eg/receipts/search/a',
};
const PAGE: EtaReceiptsPage = { receipts: [KEPT], page: 1, pages: 1 };

afterEach(() => act(() => changeLanguage('en')));

describe('the e-receipts page', () => {
  it('names a refused parcel’s kept deposit for what it is, in both languages', async () => {
    mockApi({ 'GET /api/admin/settings/eta': { body: SETTINGS }, 'GET /api/admin/eta/receipts': { body: PAGE } });
    renderRoute(<EtaAdminPage />);
    const row = (await screen.findByRole('cell', { name: '41' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Kept delivery fees' })).toBeTruthy();
    await act(() => changeLanguage('ar'));
    expect(within(row).getByRole('cell', { name: 'رسوم توصيل محتفظ بها' })).toBeTruthy();
  });

  it('sets the server’s variable names and the POS serial apart, left to right, inside an Arabic sentence', async () => {
    await act(() => changeLanguage('ar'));
    mockApi({
      'GET /api/admin/settings/eta': { body: { settings: null, credentials: false, posSerial: null } },
      'GET /api/admin/eta/receipts': { body: PAGE },
    });
    const { unmount } = renderRoute(<EtaAdminPage />);
    const missing = await screen.findByRole('alert');
    expect(missing).toHaveTextContent(/^لم تُعَدّ نقطة بيع: اضبط ETA_CLIENT_ID.* على الخادم/);
    // Each name an element of its own, so its underscores and the list's commas stay where they belong.
    for (const name of ['ETA_CLIENT_ID', 'ETA_CLIENT_SECRET', 'ETA_POS_SERIAL', 'ETA_POS_OS_VERSION'])
      expect(within(missing).getByText(name)).toHaveAttribute('dir', 'ltr');
    unmount();

    mockApi({ 'GET /api/admin/settings/eta': { body: SETTINGS }, 'GET /api/admin/eta/receipts': { body: PAGE } });
    renderRoute(<EtaAdminPage />);
    const noSeller = await screen.findByRole('alert');
    expect(noSeller).toHaveTextContent(/^نقطة البيع POS-1 مُعدّة\./);
    expect(within(noSeller).getByText('POS-1')).toHaveAttribute('dir', 'ltr');
  });
});
