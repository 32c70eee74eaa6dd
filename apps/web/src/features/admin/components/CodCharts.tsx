import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * The cash-on-delivery page's charts, drawn by Recharts. Each is a picture of a table printed under it (the numbers
 * for screen readers and for reading exact values): the chart itself is named and summed up in its aria-label.
 */

export interface Bars {
  label: string;
  value: number;
}

const BAR_HEIGHT = 28;
const tick = { fontSize: 12, fill: 'var(--bs-secondary-color)' };

/** One horizontal bar per row, longest meaning most; the axis's labels on the reading side. */
export function BarsChart({
  rows,
  label,
  format,
  max,
}: {
  rows: Bars[];
  label: string;
  format: (value: number) => string;
  max?: number;
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  return (
    // Drawn left to right with the axes flipped for Arabic: an inherited rtl would flip every text anchor as well.
    <div role="img" aria-label={label} className="cod-chart" dir="ltr">
      <ResponsiveContainer width="100%" height={Math.max(rows.length, 1) * BAR_HEIGHT + 40}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }}>
          <CartesianGrid horizontal={false} stroke="var(--bs-border-color)" />
          <XAxis
            type="number"
            domain={[0, max ?? 'auto']}
            tickFormatter={format}
            reversed={rtl}
            tick={tick}
            allowDecimals={false}
          />
          <YAxis type="category" dataKey="label" width={140} orientation={rtl ? 'right' : 'left'} tick={tick} />
          <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: 'var(--bs-tertiary-bg)' }} />
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
    <div role="img" aria-label={label} className="cod-chart" dir="ltr">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--bs-border-color)" />
          <XAxis dataKey="week" reversed={rtl} tick={tick} />
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
