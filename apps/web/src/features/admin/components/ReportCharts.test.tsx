import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { BarsChart, WeeksChart } from './ReportCharts';

const LONG = 'Samsung Galaxy S24 Ultra 5G Dual SIM Titanium Violet 512 GB with 12 GB RAM and Two Year Warranty';
const LONG_AR = 'سامسونج جالاكسي إس 24 ألترا بشريحتين تيتانيوم بنفسجي 512 جيجا مع ضمان عامين من الوكيل المعتمد';
const SHORT = 'Cotton T-shirt';

/** A chart of 360 px on a phone, every letter 6 px wide as Recharts measures it: jsdom lays nothing out. */
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        this.report([{ contentRect: { width: 360, height: 200 } } as ResizeObserverEntry], this as never);
      }
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = this.id === 'recharts_measurement_span' ? (this.textContent ?? '').length * 6 : 360;
    return { width, height: 14, top: 0, left: 0, right: width, bottom: 14, x: 0, y: 0, toJSON: () => ({}) };
  });
});

describe('the cash report’s bar chart', () => {
  it('shows a long name in two lines at most, ellipsised, with the whole name for a pointer and a screen reader', async () => {
    const rows = [LONG, LONG_AR, SHORT].map((label, index) => ({ label, value: index / 4 }));
    const { container } = render(
      <BarsChart rows={rows} label={`Refusal rate by product: ${LONG} 0%`} format={String} max={1} />,
    );
    const ticks = () => [
      ...container.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-label'),
    ];
    // Recharts draws its axes once it has measured the chart, after the first render.
    await waitFor(() => expect(ticks()).toHaveLength(3));
    const names = ticks();
    expect(names.map((name) => name.querySelector('title')?.textContent)).toEqual([LONG, LONG_AR, SHORT]);
    const shown = names.map((name) => [...name.querySelectorAll('tspan')].map((line) => line.textContent));
    for (const [index, full] of [LONG, LONG_AR].entries()) {
      const lines = shown[index] ?? [];
      expect(lines.length).toBeLessThanOrEqual(2);
      const text = lines.join(' ');
      expect(text).toMatch(/…$/);
      expect(full.startsWith(text.slice(0, -1))).toBe(true);
    }
    expect(shown[2]).toEqual([SHORT]);
    // An Arabic name reads right to left, so its ellipsis comes at its left end.
    expect(names[1]?.querySelector('text')).toHaveAttribute('direction', 'rtl');
    expect(container.querySelector('[role="img"]')).toHaveAccessibleName(`Refusal rate by product: ${LONG} 0%`);
  });
});

describe('the cash report’s weekly chart', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('sets its dates right to left on an Arabic page, so that “30 نوفمبر” reads day first', async () => {
    await act(() => changeLanguage('ar'));
    const rows = ['23 نوفمبر', '30 نوفمبر'].map((week) => ({ week, orders: 3, refused: 1 }));
    const { container } = render(
      <WeeksChart rows={rows} label="الطلبات والمرفوضة حسب الأسبوع" names={{ orders: 'الطلبات', refused: 'رُفضت' }} />,
    );
    const dates = () => [...container.querySelectorAll('.recharts-xAxis-tick-labels text')];
    await waitFor(() => expect(dates()).toHaveLength(2));
    // jsdom lays no text out: the direction is what the browser sets '30' to the right of 'نوفمبر' by.
    expect(dates().map((date) => [date.textContent, date.getAttribute('direction')])).toEqual([
      ['23 نوفمبر', 'rtl'],
      ['30 نوفمبر', 'rtl'],
    ]);
  });
});
