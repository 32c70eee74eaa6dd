import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AbandonedCart, AbandonedCartsPage as Page } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { staffApi } from '../api/staffApi';
import { AbandonedCartsPage } from './AbandonedCartsPage';

const cart = (name: string, fields: Partial<AbandonedCart>): AbandonedCart => ({
  user: { _id: `id-${name}`, name, email: `${name.toLowerCase()}@example.com`, phone: '01012345678' },
  phoneConfirmed: false,
  pieces: 1,
  value: 100,
  changedAt: '2026-12-06T10:00:00.000Z',
  reminders: false,
  remindedAt: null,
  ...fields,
});

const PAGE: Page = {
  carts: [
    cart('Huda', {
      pieces: 3,
      value: 390,
      reminders: true,
      remindedAt: '2026-12-07T10:00:00.000Z',
      phoneConfirmed: true,
    }),
    cart('Omar', { reminders: true }),
    cart('Salma', { user: { _id: 'id-Salma', name: 'Salma', email: null, phone: '01198765432' } }),
  ],
  pages: 1,
  total: 3,
  value: 590,
};

const rowOf = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr')!);

afterEach(() => act(() => changeLanguage('en')));

describe('the abandoned carts', () => {
  it('says how many and what they hold; each shopper’s phone dials, and the reminder’s state is shown', async () => {
    mockApi({ 'GET /api/admin/carts': { body: PAGE } });
    renderRoute(<AbandonedCartsPage />, { preloadedState: { session: adminSession } });

    expect(await screen.findByText('3 abandoned carts, worth EGP 590 at today’s prices.')).toBeInTheDocument();
    const huda = rowOf('Huda');
    expect(huda.getByRole('link', { name: 'Call Huda 01012345678' })).toHaveAttribute('href', 'tel:01012345678');
    expect(huda.getByText('huda@example.com', { ignore: 'script' })).toBeInTheDocument();
    expect(huda.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Call Huda 01012345678Confirmedhuda@example.com',
      '3',
      'EGP\u00a0390',
      expect.stringMatching(/^Dec 6, 2026/),
      expect.stringMatching(/^Sent on Dec 7, 2026/),
    ]);
    expect(rowOf('Omar').getByText('Opted in, not sent yet')).toBeInTheDocument();
    expect(rowOf('Salma').getByText('Not opted in')).toBeInTheDocument();
    // An owner reads orders: the name opens the shopper's orders.
    expect(await screen.findByRole('link', { name: 'Salma' })).toHaveAttribute('href', '/dashboard/UserOrder/id-Salma');
  });

  it('names the shopper without a link for a member who may not read orders, and speaks Arabic', async () => {
    await act(() => changeLanguage('ar'));
    mockApi({
      'GET /api/admin/carts': { body: { ...PAGE, carts: PAGE.carts.slice(0, 2), total: 2, value: 490 } },
      'GET /api/staff/me': { body: { role: 'desk', permissions: ['customers.read'] } },
    });
    const { store } = renderRoute(<AbandonedCartsPage />, { preloadedState: { session: adminSession } });

    expect(await screen.findByText('سلتان متروكتان، قيمتهما ‏490 ج.م.‏ بأسعار اليوم.')).toBeInTheDocument();
    const self = staffApi.endpoints.getStaffSelf.select(adminSession.user._id);
    await waitFor(() => expect(self(store.getState()).isSuccess).toBe(true));
    expect(screen.getByRole('rowheader', { name: 'Huda' })).not.toContainElement(
      screen.queryByRole('link', { name: 'Huda' }),
    );
    expect(screen.getByRole('link', { name: 'اتصل بـ Huda 01012345678' })).toBeInTheDocument();
    expect(rowOf('Omar').getByText('مشترك في التذكير، ولم يُرسل بعد')).toBeInTheDocument();
  });

  it('says when no cart is left', async () => {
    mockApi({ 'GET /api/admin/carts': { body: { carts: [], pages: 1, total: 0, value: 0 } } });
    renderRoute(<AbandonedCartsPage />, { preloadedState: { session: adminSession } });
    expect(await screen.findByText('No abandoned carts')).toBeInTheDocument();
    expect(screen.getByText('A cart its shopper has not changed for an hour shows here.')).toBeInTheDocument();
  });
});
