import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import type { ZodType } from 'zod';
import { addDays, dayInCairo, FIRST_DAY, LAST_DAY, type ReportPeriod } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { translateValidation } from '../../../i18n/validation';
import { PageHeader } from './PageHeader';
import { QueryState, type LoadingQuery } from './QueryState';
import { ScrollTable } from './ScrollTable';

/**
 * What the dashboard's reports (cash on delivery, sales) share: the period in the address, its form, the figures'
 * cards, and a chart with the table of its numbers.
 */

/** The period shown first: the last 30 of Cairo's days (the reports'), today included. */
const DEFAULT_DAYS = 30;

/** A table's row: its name, then its cells. */
export type TableRow = [name: string, ...cells: ReactNode[]];

/** The period of the address (?from=&to=), when it is one the report takes; else the last 30 days. */
function periodOf(params: URLSearchParams, schema: ZodType<ReportPeriod>): ReportPeriod {
  const asked = schema.safeParse({ from: params.get('from'), to: params.get('to') });
  if (asked.success) return asked.data;
  const today = dayInCairo(new Date());
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

/**
 * A report's screen: its title, the period (in the address, so that it can be shared and comes back with the page),
 * and the report of that period once loaded, or the state it is in: loading, failed, or no orders in the period.
 */
export function ReportPage<T extends { totals: { orders: number } }>({
  id,
  title,
  subtitle,
  empty,
  schema,
  useReport,
  actions,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  empty: string;
  schema: ZodType<ReportPeriod>;
  /** What the header offers for the period shown (a download). */
  actions?: (period: ReportPeriod) => ReactNode;
  useReport: (period: ReportPeriod) => LoadingQuery<T> & { isFetching: boolean };
  children: (report: T) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params, schema);
  const query = useReport(period);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle}>
        {actions?.(period)}
      </PageHeader>
      <PeriodForm
        key={`${period.from}/${period.to}`}
        id={id}
        schema={schema}
        period={period}
        busy={query.isFetching}
        onShow={setParams}
      />
      <QueryState query={query} empty={{ title: empty, when: (report) => !report.totals.orders }}>
        {children}
      </QueryState>
    </>
  );
}

/** The period's two days and Show; a period the report refuses says why, in the rule's words, and is not sent. */
function PeriodForm({
  id,
  schema,
  period,
  busy,
  onShow,
}: {
  id: string;
  schema: ZodType<ReportPeriod>;
  period: ReportPeriod;
  busy: boolean;
  onShow: (params: URLSearchParams) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(period);
  const checked = schema.safeParse(draft);
  const problem = draft.from && draft.to && !checked.success ? checked.error.issues[0]?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.success) onShow(new URLSearchParams(checked.data));
  };
  return (
    <Form className="dash-card d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={submit} noValidate>
      <Form.Group controlId={`${id}-from`}>
        <Form.Label className="small mb-1">{t('admin.report.from')}</Form.Label>
        <Form.Control
          type="date"
          required
          value={draft.from}
          min={FIRST_DAY}
          max={draft.to || LAST_DAY}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </Form.Group>
      <Form.Group controlId={`${id}-to`}>
        <Form.Label className="small mb-1">{t('admin.report.to')}</Form.Label>
        <Form.Control
          type="date"
          required
          value={draft.to}
          min={draft.from || FIRST_DAY}
          max={LAST_DAY}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          isInvalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : `${id}-period-error`}
        />
      </Form.Group>
      <Button type="submit" disabled={!checked.success || busy}>
        {t('admin.report.show')}
      </Button>
      {problem !== undefined && (
        <p id={`${id}-period-error`} className="text-danger small w-100 mb-0" role="alert">
          {translateValidation(problem)}
        </p>
      )}
    </Form>
  );
}

/** A rate of nothing: a dash, which a screen reader would pass over unnamed, so it hears what there was none of. */
export function NoRate({ said }: { said: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{said}</span>
    </>
  );
}

/** One of a report's headline figures, with a line saying what it is made of or how it compares. */
export function Stat({
  label,
  value,
  note,
  warn = false,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  warn?: boolean;
}) {
  return (
    <Col as="li">
      <div className={`dash-card stat-card h-100${warn ? ' stat-card-warn' : ''}`}>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{value}</p>
        {note && <p className="stat-note small mb-0">{note}</p>}
      </div>
    </Col>
  );
}

/** A chart, named by its card's title and summed up in words, and the table of its numbers under it. */
export function ChartCard({
  id,
  title,
  note,
  chart,
  values,
  head,
  rows,
}: {
  id: string;
  title: string;
  note?: string;
  chart: (label: string) => ReactNode;
  values: string[];
  head: string[];
  rows: TableRow[];
}) {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(intlLocale(i18n.language), { style: 'short', type: 'unit' });
  // A name and one count fit any card; a name and three or more counts (the refusals) do not on a phone, so each
  // row becomes a small card there (admin.css), every count under its column's name.
  const cards = head.length > 3;
  return (
    <section className="dash-card h-100" aria-labelledby={id}>
      <h2 id={id} className="dash-card-title">
        {title}
      </h2>
      {note && <p className="small text-body-secondary">{note}</p>}
      {chart(t('admin.report.chartSays', { title, values: list.format(values) }))}
      <ScrollTable
        caption={title}
        className={`table table-sm dash-table report-table${cards ? ' dash-table-cards report-table-cards' : ''} align-middle mb-0 mt-2`}
      >
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={cell} scope="col" className={index > 0 ? 'text-end' : undefined}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* By place: a name may show twice (a product, and a deleted one of that name); rows keep no state. */}
          {rows.map(([first, ...cells], place) => (
            <tr key={place}>
              <th scope="row" className="fw-normal line-name" dir="auto">
                {first}
              </th>
              {cells.map((cell, index) => (
                <td key={index} className="text-nowrap" data-label={head[index + 1]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
