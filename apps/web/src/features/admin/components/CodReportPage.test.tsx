import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CodReport } from '@shop/contracts';
import { mockApi, renderRoute } from '../../../test/utils';
import { CodReportPage } from './CodReportPage';

const EMPTY: CodReport = {
  from: '2026-11-02',
  to: '2026-12-01',
  confirmationRate: null,
  refusalRate: null,
  byGovernorate: [],
  bySource: [],
  totals: { orders: 0, decided: 0, confirmed: 0, shipped: 0, refused: 0 },
  byProduct: [],
  byWeek: [],
  timeToConfirm: { confirmed: 0, medianMinutes: null, buckets: [] },
};

/** Cash orders confirmed, of which Giza's were shipped and Cairo's not yet. */
const CAIRO_NOT_SHIPPED: CodReport = {
  ...EMPTY,
  confirmationRate: 1,
  refusalRate: 0.25,
  byGovernorate: [
    { governorate: 'Cairo', orders: 4, shipped: 0, refused: 0 },
    { governorate: 'Giza', orders: 4, shipped: 4, refused: 1 },
  ],
  totals: { orders: 8, decided: 8, confirmed: 8, shipped: 4, refused: 1 },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the cash-on-delivery report', () => {
  it("asks first for the last 30 of Cairo's days, today included, though UTC is still on yesterday", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 01:30 on 1 December in Cairo.
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
    const { calls } = mockApi({ 'GET /api/admin/reports/cod': { body: EMPTY } });
    renderRoute(<CodReportPage />);
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/admin/reports/cod'))).toBe(true));
    const asked = calls.find((call) => call.path.startsWith('/api/admin/reports/cod'));
    const query = new URL(asked?.path ?? '', 'http://shop').searchParams;
    expect([query.get('from'), query.get('to')]).toEqual(['2026-11-02', '2026-12-01']);
  });

  it('gives no refusal rate, rather than 0%, where nothing was shipped', async () => {
    const nothingShipped = {
      ...CAIRO_NOT_SHIPPED,
      refusalRate: null,
      totals: { ...CAIRO_NOT_SHIPPED.totals, shipped: 0, refused: 0 },
    };
    mockApi({ 'GET /api/admin/reports/cod': { body: nothingShipped } });
    renderRoute(<CodReportPage />);

    const stat = (await screen.findByText('Refusal rate', { selector: '.stat-label' })).parentElement as HTMLElement;
    expect(stat).toHaveTextContent(/^Refusal rate—Nothing shipped yetRefused: 0 of 0 shipped$/);
  });

  it('gives no confirmation rate, rather than 0%, where no order is decided yet', async () => {
    const nothingDecided: CodReport = {
      ...EMPTY,
      byGovernorate: [{ governorate: 'Cairo', orders: 3, shipped: 0, refused: 0 }],
      totals: { orders: 3, decided: 0, confirmed: 0, shipped: 0, refused: 0 },
    };
    mockApi({ 'GET /api/admin/reports/cod': { body: nothingDecided } });
    renderRoute(<CodReportPage />);

    const stat = (await screen.findByText('Confirmation rate', { selector: '.stat-label' }))
      .parentElement as HTMLElement;
    expect(stat).toHaveTextContent(/^Confirmation rate—Nothing decided yetConfirmed: 0 of 0 decided$/);
  });

  it('gives a governorate where nothing was shipped no refusal rate, in its chart or its table', async () => {
    mockApi({ 'GET /api/admin/reports/cod': { body: CAIRO_NOT_SHIPPED } });
    renderRoute(<CodReportPage />);

    const card = within((await screen.findByRole('heading', { name: 'Refusal rate by governorate' })).parentElement!);
    expect(card.getByRole('img')).toHaveAccessibleName(
      'Refusal rate by governorate: Cairo Nothing shipped yet, Giza 25%',
    );
    const rateOf = (name: string) =>
      within(card.getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell')[3];
    expect(rateOf('Cairo')).toHaveAccessibleName('Nothing shipped yet');
    expect(rateOf('Cairo')).toHaveTextContent(/^—Nothing shipped yet$/);
    expect(rateOf('Giza')).toHaveTextContent(/^25%$/);
  });
});
