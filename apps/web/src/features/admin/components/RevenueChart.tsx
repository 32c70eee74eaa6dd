import { useEffect, useId, useState, type RefCallback } from 'react';
import type { DailySales } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';
import { ScrollTable } from './ScrollTable';

const HEIGHT = 240;
const MARGIN = { top: 12, end: 12, bottom: 28, start: 56 };
/** Day labels keep at least this many pixels apart, so they never overlap on a phone. */
const LABEL_GAP = 60;
/** About the width of a day label ('30 Nov') at the chart's 12px. */
const LABEL_WIDTH = 44;

/** The chart is drawn at the pixel width it gets, so its text stays readable from phone to desktop. */
function useWidth(initial: number): [RefCallback<HTMLElement>, number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    // jsdom (component tests) has no ResizeObserver: the initial width serves there.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}

/** Gridlines at a round step (1, 2, 2.5 or 5 times a power of ten), at most `maxSteps` of them above 0. */
export function axisTicks(max: number, maxSteps = 5): number[] {
  if (max <= 0) return [0, 25, 50, 75, 100];
  const power = 10 ** Math.floor(Math.log10(max / maxSteps));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => Math.ceil(max / s) <= maxSteps) ?? 10 * power;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

/**
 * Daily revenue as bars, drawn by hand (no chart library in the bundle). For screen readers the
 * picture has a title and a summary, and the numbers themselves are in the table under it; `empty` says there were no
 * sales, under a chart of zeros.
 */
export function RevenueChart({ days, title, empty }: { days: DailySales[]; title: string; empty: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const id = useId();
  const [measure, width] = useWidth(720);

  const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const labelOf = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const best = days.reduce<DailySales | null>((top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top), null);
  const ticks = axisTicks(best?.revenue ?? 0);
  const top = ticks.at(-1) ?? 1;

  const plotWidth = width - MARGIN.start - MARGIN.end;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(LABEL_GAP / slot));
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  // Time runs with the reading direction, as in the cash-on-delivery report's charts: in Arabic, today is on the left
  // and the amounts on the right. Laid out left to right, then mirrored here.
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const across = (x: number) => (rtl ? width - x : x);

  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? best
        ? t('admin.overview.chart.summary', {
            from: labelOf(first.date),
            to: labelOf(last.date),
            total: formatPrice(total, locale),
            best: labelOf(best.date),
            bestRevenue: formatPrice(best.revenue, locale),
          })
        : t('admin.overview.chart.summaryEmpty', { from: labelOf(first.date), to: labelOf(last.date) })
      : '';

  return (
    <figure className="revenue-chart mb-0" ref={measure}>
      {/* Each label in the page's direction, so that an Arabic one ('125 ألف', '3 ديسمبر') reads right to left, and
          its end is its x: an amount ends at the plot, today's date at the chart's edge, in either language. */}
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="d-block"
        direction={rtl ? 'rtl' : 'ltr'}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <g className="chart-grid">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={across(MARGIN.start)} x2={across(width - MARGIN.end)} y1={y(tick)} y2={y(tick)} />
              <text x={across(MARGIN.start - 8)} y={y(tick)} dy="0.32em" textAnchor="end">
                {compact.format(tick)}
              </text>
            </g>
          ))}
        </g>
        <g className="chart-bars">
          {days.map((day, index) => {
            const x = MARGIN.start + index * slot + (slot - barWidth) / 2;
            const barTop = y(day.revenue);
            return (
              <rect
                key={day.date}
                x={rtl ? across(x + barWidth) : x}
                y={barTop}
                width={barWidth}
                height={MARGIN.top + plotHeight - barTop}
                rx={Math.min(3, barWidth / 3)}
              >
                <title>
                  {t('admin.overview.chart.bar', {
                    date: labelOf(day.date),
                    revenue: formatPrice(day.revenue, locale),
                    count: day.orders,
                  })}
                </title>
              </rect>
            );
          })}
        </g>
        <g className="chart-axis">
          {days.map((day, index) => {
            // Counted from today backwards, so today always has its label; it ends at the edge rather than past it,
            // and a label that would run into it gives way.
            if ((days.length - 1 - index) % labelEvery !== 0) return null;
            const isToday = index === days.length - 1;
            const x = isToday ? width - MARGIN.end : MARGIN.start + index * slot + slot / 2;
            if (!isToday && x + LABEL_WIDTH / 2 > width - MARGIN.end - LABEL_WIDTH - 8) return null;
            return (
              <text key={day.date} x={across(x)} y={HEIGHT - 8} textAnchor={isToday ? 'end' : 'middle'}>
                {labelOf(day.date)}
              </text>
            );
          })}
        </g>
      </svg>
      {!best && <figcaption className="text-body-secondary small mt-2">{empty}</figcaption>}
      <details className="mt-2">
        <summary className="small">{t('admin.overview.chart.showTable')}</summary>
        <ScrollTable caption={title} className="table table-sm mb-0" wrapperClassName="mt-2 revenue-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.overview.chart.day')}</th>
              <th scope="col" className="text-end">
                {t('admin.overview.chart.revenue')}
              </th>
              <th scope="col" className="text-end">
                {t('admin.overview.chart.orders')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="fw-normal">
                  {labelOf(day.date)}
                </th>
                <td className="text-end">{formatPrice(day.revenue, locale)}</td>
                <td className="text-end">{day.orders}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </figure>
  );
}
