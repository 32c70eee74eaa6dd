import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { isArabicText } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * The reports' charts (cash on delivery, sales), drawn by Recharts. Each is a picture of a table printed under it
 * (the numbers for screen readers and for reading exact values): the chart itself is named and summed up in its
 * aria-label.
 */

export interface Bars {
  label: string;
  /** null when there is nothing to measure (a rate of no parcels): no bar then, rather than a bar of 0. */
  value: number | null;
}

// Room for a name of two lines beside each bar.
const BAR_HEIGHT = 36;
const tick = { fontSize: 12, fill: 'var(--bs-secondary-color)' };
/**
 * The labels under a chart in the page's direction, so that an Arabic one ('30 نوفمبر') reads right to left: the
 * chart around them is drawn left to right. Each is centred on its x, which holds in either direction.
 */
const underTick = (rtl: boolean) => ({ ...tick, direction: rtl ? 'rtl' : 'ltr' });
/** The names' column: a third of the chart, within what a phone's card spares and a long name needs. */
const namesWidth = (chartWidth: number) => Math.round(Math.min(260, Math.max(120, chartWidth / 3)));
/** The gap Recharts leaves between the names and the axis line, which the names must not run into. */
const TICK_GAP = 10;

/**
 * A bar's name beside it, wrapped to two lines and ellipsised past them (a product's name may run to sixty
 * letters): the whole name is the title a pointer shows, as it is in the chart's label and the table a screen
 * reader reads. An Arabic name is laid out right to left, so its ellipsis ends it on its left.
 */
function NameTick({ x, y, payload, textAnchor, width }: YAxisTickContentProps) {
  const name = String(payload.value);
  const rtl = isArabicText(name);
  // SVG's start and end follow the text's direction: the name keeps to the side of the axis that Recharts chose.
  const anchor = rtl && textAnchor !== 'middle' ? (textAnchor === 'start' ? 'end' : 'start') : textAnchor;
  return (
    <g className="report-chart-name">
      <title>{name}</title>
      <Text
        x={x}
        y={y}
        width={Number(width) - TICK_GAP}
        maxLines={2}
        textAnchor={anchor}
        verticalAnchor="middle"
        direction={rtl ? 'rtl' : 'ltr'}
        {...tick}
      >
        {name}
      </Text>
    </g>
  );
}

/** One horizontal bar per row, longest meaning most; the axis's labels on the reading side. */
export function BarsChart({
  rows,
  label,
  format,
  max,
  missing,
}: {
  rows: Bars[];
  label: string;
  format: (value: number) => string;
  max?: number;
  /** What a pointer on a row without a value is told. */
  missing?: string;
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const [chartWidth, setChartWidth] = useState(0);
  return (
    // Drawn left to right with the axes flipped for Arabic: an inherited rtl would flip every text anchor as well.
    <div role="img" aria-label={label} className="report-chart" dir="ltr">
      <ResponsiveContainer
        width="100%"
        height={Math.max(rows.length, 1) * BAR_HEIGHT + 40}
        onResize={(width) => setChartWidth(width)}
      >
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }}>
          <CartesianGrid horizontal={false} stroke="var(--bs-border-color)" />
          <XAxis
            type="number"
            domain={[0, max ?? 'auto']}
            tickFormatter={format}
            reversed={rtl}
            tick={underTick(rtl)}
            allowDecimals={false}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={namesWidth(chartWidth)}
            orientation={rtl ? 'right' : 'left'}
            tick={NameTick}
            interval={0}
          />
          <Tooltip
            formatter={(value) => (value === null ? missing : format(Number(value)))}
            cursor={{ fill: 'var(--bs-tertiary-bg)' }}
          />
          <Bar dataKey="value" fill="var(--bs-primary)" radius={3} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Orders and refused parcels of each week, side by side; time runs with the reading direction. */
export function WeeksChart({
  rows,
  label,
  names,
}: {
  rows: { week: string; orders: number; refused: number }[];
  label: string;
  names: { orders: string; refused: string };
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  return (
    // Drawn left to right with the axes flipped for Arabic: an inherited rtl would flip every text anchor as well.
    <div role="img" aria-label={label} className="report-chart" dir="ltr">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--bs-border-color)" />
          <XAxis dataKey="week" reversed={rtl} tick={underTick(rtl)} />
          <YAxis orientation={rtl ? 'right' : 'left'} allowDecimals={false} tick={tick} width={32} />
          <Tooltip cursor={{ fill: 'var(--bs-tertiary-bg)' }} />
          <Legend />
          <Bar dataKey="orders" name={names.orders} fill="var(--bs-primary)" radius={3} isAnimationActive={false} />
          <Bar dataKey="refused" name={names.refused} fill="var(--bs-danger)" radius={3} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
