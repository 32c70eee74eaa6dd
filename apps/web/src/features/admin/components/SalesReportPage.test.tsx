import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesReport } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { SalesReportPage } from './SalesReportPage';

const day = (date: string, orders = 0, revenue = 0) => ({ date, orders, revenue });

/** Three days of April: five orders, a kettle the best seller, most of it from Giza. */
const REPORT: SalesReport = {
  from: '2026-04-01',
  to: '2026-04-03',
  totals: { orders: 5, revenue: 1200, averageOrder: 240, units: 9, discounts: 50, refunded: 100 },
  previous: { from: '2026-03-29', to: '2026-03-31', orders: 4, revenue: 1000 },
  daily: [day('2026-04-01', 2, 700), day('2026-04-02'), day('2026-04-03', 3, 500)],
  byProduct: [
    { productId: 'k', name: 'Kettle', nameAr: 'غلاية', units: 6, revenue: 900 },
    { productId: null, name: 'Old mug', nameAr: null, units: 3, revenue: 75 },
  ],
  byGovernorate: [
    { governorate: 'Giza', orders: 3, revenue: 800 },
    { governorate: 'Cairo', orders: 2, revenue: 400 },
  ],
  byPaymentMethod: [
    { paymentMethod: 'cash', orders: 4, revenue: 900 },
    { paymentMethod: 'visa', orders: 1, revenue: 300 },
  ],
  bySource: [
    { source: 'web', orders: 4, revenue: 1000 },
    { source: 'whatsapp', orders: 1, revenue: 200 },
  ],
};

const URL_OF_APRIL = '/?from=2026-04-01&to=2026-04-03';
const statOf = async (label: string) =>
  (await screen.findByText(label, { selector: '.stat-label' })).parentElement as HTMLElement;

afterEach(() => act(() => changeLanguage('en')));

describe('the sales report', () => {
  it('shows the figures beside the days before, and each breakdown as a chart and a table', async () => {
    const { calls } = mockApi({ 'GET /api/admin/reports/sales': { body: REPORT } });
    renderRoute(<SalesReportPage />, { url: URL_OF_APRIL });

    // Intl puts a no-break space between the currency and the amount, and a thin space around the range's dash.
    expect(await statOf('Revenue')).toHaveTextContent(
      /^RevenueEGP\s1,200\+20% vs Mar 29\s–\s31 \(EGP\s1,000\)Coupons: EGP\s50 · Given back: EGP\s100$/,
    );
    expect(await statOf('Orders')).toHaveTextContent(/^Orders5\+25% vs Mar 29\s–\s31 \(4\)$/);
    expect(await statOf('Average order')).toHaveTextContent(/^Average orderEGP\s240$/);
    expect(await statOf('Pieces sold')).toHaveTextContent(/^Pieces sold9$/);
    expect(calls.find((call) => call.path.startsWith('/api/admin/reports/sales'))?.path).toBe(
      '/api/admin/reports/sales?from=2026-04-01&to=2026-04-03',
    );

    const products = within(screen.getByRole('heading', { name: 'Top products by revenue' }).parentElement!);
    expect(products.getByRole('img')).toHaveAccessibleName(
      'Top products by revenue: Kettle EGP\u00a0900, Old mug EGP\u00a075',
    );
    const kettle = within(products.getByRole('rowheader', { name: 'Kettle' }).closest('tr')!);
    expect(kettle.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['6', 'EGP\u00a0900']);
    const sources = within(screen.getByRole('heading', { name: 'Revenue by source' }).parentElement!);
    expect(sources.getByRole('rowheader', { name: 'WhatsApp' })).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /^Daily revenue in EGP from Apr 1 to Apr 3 / });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
  });

  it('speaks Arabic: names, governorates, ways of paying, and the days before with nothing in them', async () => {
    await act(() => changeLanguage('ar'));
    mockApi({
      'GET /api/admin/reports/sales': { body: { ...REPORT, previous: { ...REPORT.previous, orders: 0, revenue: 0 } } },
    });
    renderRoute(<SalesReportPage />, { url: URL_OF_APRIL });

    expect(await statOf('الإيرادات')).toHaveTextContent(
      /لا مبيعات في 29\s?–\s?31 مارس للمقارنةالكوبونات: \u200f?50\s?ج\.م\.\u200f? · المردود: \u200f?100\s?ج\.م\.\u200f?$/,
    );
    const products = within(screen.getByRole('heading', { name: 'المنتجات الأعلى إيرادًا' }).parentElement!);
    expect(products.getByRole('rowheader', { name: 'غلاية' })).toBeInTheDocument();
    // A product since deleted without an Arabic name keeps its English one.
    expect(products.getByRole('rowheader', { name: 'Old mug' })).toBeInTheDocument();
    const governorates = within(screen.getByRole('heading', { name: 'الإيرادات حسب المحافظة' }).parentElement!);
    expect(governorates.getByRole('rowheader', { name: 'الجيزة' })).toBeInTheDocument();
    const payments = within(screen.getByRole('heading', { name: 'الإيرادات حسب طريقة الدفع' }).parentElement!);
    expect(payments.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'الدفع عند الاستلام',
      'بطاقة (Visa)',
    ]);
  });

  it('says so when nothing was sold, and refuses a period longer than a year in the rule’s words', async () => {
    const user = userEvent.setup();
    const empty: SalesReport = {
      ...REPORT,
      totals: { orders: 0, revenue: 0, averageOrder: null, units: 0, discounts: 0, refunded: 0 },
      byProduct: [],
      byGovernorate: [],
      byPaymentMethod: [],
      bySource: [],
    };
    const { calls } = mockApi({ 'GET /api/admin/reports/sales': { body: empty } });
    const { router } = renderRoute(<SalesReportPage />, { url: URL_OF_APRIL });
    expect(await screen.findByText('No sales in this period.')).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-04-02');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a period of at most 366 days');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Choose a period of at most 366 days');
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();

    await user.clear(from);
    await user.type(from, '2025-04-03');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-04-03&to=2026-04-03'));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/admin/reports/sales?from=2025-04-03&to=2026-04-03'),
    );
  });

  it('downloads the days of the period shown as CSV, with the session’s token', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/reports/sales': { body: REPORT },
      'GET /api/admin/reports/sales/export': { body: 'date,orders,revenue' },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sales'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute(<SalesReportPage />, { url: URL_OF_APRIL, preloadedState: { session: adminSession } });

    await user.click(await screen.findByRole('button', { name: 'Export the days as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = calls.find((call) => call.path.startsWith('/api/admin/reports/sales/export'));
    expect(exported).toMatchObject({
      path: '/api/admin/reports/sales/export?from=2026-04-01&to=2026-04-03',
      token: adminSession.token,
    });
  });
});
