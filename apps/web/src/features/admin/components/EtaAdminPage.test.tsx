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
});
