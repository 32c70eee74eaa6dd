import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { DailySales } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { axisTicks, RevenueChart } from './RevenueChart';

const days: DailySales[] = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2025, 1, 14 + i)).toISOString().slice(0, 10),
  revenue: i === 29 ? 300.3 : i === 10 ? 21459 : 0,
  orders: i === 29 ? 2 : i === 10 ? 5 : 0,
}));

/** The chart as the overview draws it: its title and the line shown without sales are the page's. */
const chartOf = (shown: DailySales[]) => (
  <RevenueChart
    days={shown}
    title="Daily revenue in EGP over the last 30 days"
    empty="No sales in the last 30 days yet."
  />
);

describe('axisTicks', () => {
  it('picks a round step with at most five gridlines above zero', () => {
    expect(axisTicks(21_459)).toEqual([0, 5000, 10000, 15000, 20000, 25000]);
    expect(axisTicks(3948)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(axisTicks(20_000)).toEqual([0, 5000, 10000, 15000, 20000]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(0)).toEqual([0, 25, 50, 75, 100]);
  });
});

// Rendering through the store and router takes seconds on a busy machine; the default 5 s is tight.
describe('RevenueChart', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('is one labelled picture with a bar a day, and the numbers in a table', () => {
    // Plain selectors: role queries over a 30-row table are slow in jsdom, and the names are checked below.
    const { container } = render(chartOf(days));
    const chart = container.querySelector('svg[role="img"]');
    // Intl puts a no-break space between the currency and the amount.
    expect(chart).toHaveAccessibleName(
      /^Daily revenue in EGP over the last 30 days From Feb 14 to Mar 15: EGP\s21,759\.30 in all; the best day was Feb 24 with EGP\s21,459\.$/,
    );
    expect(chart?.querySelectorAll('rect')).toHaveLength(30);
    const table = container.querySelector('table');
    expect(table).toHaveAccessibleName('Daily revenue in EGP over the last 30 days');
    // Newest first.
    expect(table?.rows[1]).toHaveTextContent(/^Mar 15EGP\s300\.302$/);
  });

  it('runs with the reading direction: in Arabic, today on the left, the amounts on the right, the labels RTL', async () => {
    const sides = () => {
      const { container, unmount } = render(chartOf(days));
      const bars = [...container.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('x')));
      const amounts = [...container.querySelectorAll('.chart-grid text')];
      const today = [...container.querySelectorAll('.chart-axis text')].at(-1);
      // jsdom lays no text out: the labels' direction (which they inherit) is what puts '125 ألف' in Arabic order.
      const direction = container.querySelector('svg')?.getAttribute('direction');
      unmount();
      return {
        todayLeftOfFirstDay: (bars.at(-1) ?? 0) < (bars[0] ?? 0),
        amountsRight: amounts.every((amount) => Number(amount.getAttribute('x')) > 720 / 2),
        amountsAnchor: new Set(amounts.map((amount) => amount.getAttribute('text-anchor'))),
        todayAnchor: today?.getAttribute('text-anchor'),
        direction,
      };
    };
    // An end in the labels' direction: the right end of an English label, the left end of an Arabic one.
    const english = sides();
    expect(english).toEqual({
      todayLeftOfFirstDay: false,
      amountsRight: false,
      amountsAnchor: new Set(['end']),
      todayAnchor: 'end',
      direction: 'ltr',
    });
    await act(() => changeLanguage('ar'));
    expect(sides()).toEqual({
      todayLeftOfFirstDay: true,
      amountsRight: true,
      amountsAnchor: new Set(['end']),
      todayAnchor: 'end',
      direction: 'rtl',
    });
  });

  it('says so when nothing was sold', () => {
    const { container } = render(chartOf(days.map((d) => ({ ...d, revenue: 0, orders: 0 }))));
    expect(screen.getByText('No sales in the last 30 days yet.')).toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAccessibleName(
      'Daily revenue in EGP over the last 30 days No sales from Feb 14 to Mar 15.',
    );
  });
});
