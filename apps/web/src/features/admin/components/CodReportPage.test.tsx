import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { CodReport } from '@shop/contracts';
import { mockApi, renderRoute } from '../../../test/utils';
import { CodReportPage } from './CodReportPage';

const EMPTY: CodReport = {
  from: '2026-11-02',
  to: '2026-12-01',
  confirmationRate: 0,
  refusalRate: 0,
  byGovernorate: [],
  bySource: [],
  totals: { orders: 0, decided: 0, confirmed: 0, shipped: 0, refused: 0 },
  byProduct: [],
  byWeek: [],
  timeToConfirm: { confirmed: 0, medianMinutes: null, buckets: [] },
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
});
