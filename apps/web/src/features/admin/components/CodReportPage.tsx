import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import {
  addDays,
  codReportQuerySchema,
  dayInCairo,
  share,
  TIME_TO_CONFIRM_HOURS,
  type CodReport,
  type CodReportQuery,
} from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';
import { useGetCodReportQuery } from '../api/confirmationsApi';
import { BarsChart, WeeksChart, type Bars } from './CodCharts';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

/** The period shown first: the last 30 of Cairo's days (the report's), today included. */
const DEFAULT_DAYS = 30;

/** A table's row: its name, then its cells. */
type Row = [name: string, ...cells: ReactNode[]];

/** The period of the address (?from=&to=), when it is one the API takes; else the last 30 days. */
function periodOf(params: URLSearchParams): CodReportQuery {
  const asked = codReportQuerySchema.safeParse({ from: params.get('from'), to: params.get('to') });
  if (asked.success) return asked.data;
  const today = dayInCairo(new Date());
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

/**
 * Cash on delivery: how the cash orders of a period fared (GET /api/admin/reports/cod). Each chart is followed by
 * the table of its numbers, which is also what a screen reader reads.
 */
export function CodReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const query = useGetCodReportQuery(period, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <>
      <PageHeader title={t('admin.codReport.title')} subtitle={t('admin.codReport.subtitle')} />
      <PeriodForm key={`${period.from}/${period.to}`} period={period} busy={query.isFetching} onShow={setParams} />
      <QueryState query={query} empty={{ title: t('admin.codReport.empty'), when: (report) => !report.totals.orders }}>
        {(report) => <Figures report={report} />}
      </QueryState>
    </>
  );
}

function PeriodForm({
  period,
  busy,
  onShow,
}: {
  period: CodReportQuery;
  busy: boolean;
  onShow: (params: URLSearchParams) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(period);
  const valid = codReportQuerySchema.safeParse(draft).success;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onShow(new URLSearchParams(draft));
  };
  return (
    <Form className="dash-card d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={submit} noValidate>
      <Form.Group controlId="cod-from">
        <Form.Label className="small mb-1">{t('admin.codReport.from')}</Form.Label>
        <Form.Control
          type="date"
          required
          value={draft.from}
          max={draft.to}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </Form.Group>
      <Form.Group controlId="cod-to">
        <Form.Label className="small mb-1">{t('admin.codReport.to')}</Form.Label>
        <Form.Control
          type="date"
          required
          value={draft.to}
          min={draft.from}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          isInvalid={Boolean(draft.from && draft.to) && !valid}
          aria-describedby="cod-period-error"
        />
      </Form.Group>
      <Button type="submit" disabled={!valid || busy}>
        {t('admin.codReport.show')}
      </Button>
      {Boolean(draft.from && draft.to) && !valid && (
        <p id="cod-period-error" className="text-danger small w-100 mb-0" role="alert">
          {t('admin.codReport.badPeriod')}
        </p>
      )}
    </Form>
  );
}

function Figures({ report }: { report: CodReport }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const localized = useLocalized();
  const { nameOf } = useGovernorateNames();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format;
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format;
  const number = new Intl.NumberFormat(locale).format;
  const weekOf = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const { totals, timeToConfirm } = report;

  const median = timeToConfirm.medianMinutes;
  const medianText =
    median === null
      ? t('admin.codReport.noMedian')
      : new Intl.NumberFormat(locale, {
          style: 'unit',
          unit: median < 60 ? 'minute' : 'hour',
          unitDisplay: 'long',
          maximumFractionDigits: 1,
        }).format(median < 60 ? median : median / 60);

  const governorates = report.byGovernorate.map((row) => ({
    label: nameOf(row.governorate),
    ...row,
    rate: share(row.refused, row.shipped),
  }));
  const products = report.byProduct.map((row) => ({
    label: localized.name({ name: row.name, nameAr: row.nameAr }).text,
    ...row,
    rate: share(row.refused, row.shipped),
  }));
  const weeks = report.byWeek.map((row) => ({
    label: weekOf.format(new Date(`${row.week}T00:00:00Z`)),
    ...row,
    rate: share(row.refused, row.shipped),
  }));
  const bucketName = (index: number) => {
    const to = TIME_TO_CONFIRM_HOURS[index];
    const from = TIME_TO_CONFIRM_HOURS[index - 1];
    if (from === undefined) return t('admin.codReport.buckets.under', { to: hours(to ?? 0) });
    if (to === undefined) return t('admin.codReport.buckets.over', { from: hours(from) });
    return t('admin.codReport.buckets.between', { from: hours(from), to: hours(to) });
  };
  const buckets = timeToConfirm.buckets.map((row, index) => ({ label: bucketName(index), value: row.orders }));
  const sources = report.bySource.map((row) => ({ label: t(`admin.sources.${row.source}`), value: row.orders }));

  const refusalColumns = [
    t('admin.codReport.ordersColumn'),
    t('admin.codReport.shipped'),
    t('admin.codReport.refused'),
    t('admin.codReport.rate'),
  ];
  const noneShipped = t('admin.codReport.noneShipped');
  const rateText = (rate: number | null) => (rate === null ? noneShipped : percent(rate));
  const rateFigure = (rate: number | null, none: string) => (rate === null ? <NoRate said={none} /> : percent(rate));
  const rateBars = (rows: { label: string; rate: number | null }[]): Bars[] =>
    rows.map(({ label, rate }) => ({ label, value: rate }));
  const refusalRow = (row: { label: string; orders: number; shipped: number; refused: number; rate: number | null }) =>
    [
      row.label,
      number(row.orders),
      number(row.shipped),
      number(row.refused),
      rateFigure(row.rate, noneShipped),
    ] satisfies Row;

  return (
    <>
      <Row as="ul" xs={1} sm={2} xl={4} className="g-3 mb-3 list-unstyled" aria-label={t('admin.codReport.title')}>
        <Stat
          label={t('admin.codReport.confirmationRate')}
          value={rateFigure(report.confirmationRate, t('admin.codReport.noneDecided'))}
          note={t('admin.codReport.confirmationNote', { confirmed: totals.confirmed, decided: totals.decided })}
        />
        <Stat
          label={t('admin.codReport.refusalRate')}
          value={rateFigure(report.refusalRate, noneShipped)}
          note={t('admin.codReport.refusalNote', { refused: totals.refused, shipped: totals.shipped })}
          warn={totals.refused > 0}
        />
        <Stat
          label={t('admin.codReport.orders')}
          value={number(totals.orders)}
          note={t('admin.codReport.ordersNote', { waiting: totals.orders - totals.decided })}
        />
        <Stat
          label={t('admin.codReport.medianTime')}
          value={medianText}
          note={t('admin.codReport.medianNote', { count: timeToConfirm.confirmed })}
        />
      </Row>
      <Row xs={1} className="g-3 mb-3">
        <Col>
          <ChartCard
            id="cod-governorates"
            title={t('admin.codReport.byGovernorate')}
            chart={(label) => (
              <BarsChart rows={rateBars(governorates)} label={label} format={percent} max={1} missing={noneShipped} />
            )}
            values={governorates.map((row) => `${row.label} ${rateText(row.rate)}`)}
            head={[t('admin.codReport.governorate'), ...refusalColumns]}
            rows={governorates.map(refusalRow)}
          />
        </Col>
        <Col>
          <ChartCard
            id="cod-products"
            title={t('admin.codReport.byProduct')}
            note={t('admin.codReport.byProductNote')}
            chart={(label) => (
              <BarsChart rows={rateBars(products)} label={label} format={percent} max={1} missing={noneShipped} />
            )}
            values={products.map((row) => `${row.label} ${rateText(row.rate)}`)}
            head={[t('admin.codReport.product'), ...refusalColumns]}
            rows={products.map(refusalRow)}
          />
        </Col>
        <Col>
          <ChartCard
            id="cod-weeks"
            title={t('admin.codReport.byWeek')}
            chart={(label) => (
              <WeeksChart
                rows={weeks.map((row) => ({ week: row.label, orders: row.orders, refused: row.refused }))}
                label={label}
                names={{ orders: t('admin.codReport.ordersColumn'), refused: t('admin.codReport.refused') }}
              />
            )}
            values={weeks.map((row) => `${row.label} ${number(row.orders)} / ${number(row.refused)}`)}
            head={[t('admin.codReport.week'), ...refusalColumns]}
            rows={weeks.map(refusalRow)}
          />
        </Col>
      </Row>
      <Row xs={1} lg={2} className="g-3">
        <Col>
          <ChartCard
            id="cod-time"
            title={t('admin.codReport.timeToConfirm')}
            chart={(label) => <BarsChart rows={buckets} label={label} format={number} />}
            values={buckets.map((row) => `${row.label} ${number(row.value)}`)}
            head={[t('admin.codReport.time'), t('admin.codReport.ordersColumn')]}
            rows={buckets.map((row) => [row.label, number(row.value)])}
          />
        </Col>
        <Col>
          <ChartCard
            id="cod-sources"
            title={t('admin.codReport.bySource')}
            chart={(label) => <BarsChart rows={sources} label={label} format={number} />}
            values={sources.map((row) => `${row.label} ${number(row.value)}`)}
            head={[t('admin.codReport.source'), t('admin.codReport.ordersColumn')]}
            rows={sources.map((row) => [row.label, number(row.value)])}
          />
        </Col>
      </Row>
    </>
  );
}

/** A rate of nothing: a dash, which a screen reader would pass over unnamed, so it hears what there was none of. */
function NoRate({ said }: { said: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{said}</span>
    </>
  );
}

function Stat({ label, value, note, warn = false }: { label: string; value: ReactNode; note: string; warn?: boolean }) {
  return (
    <Col as="li">
      <div className={`dash-card stat-card h-100${warn ? ' stat-card-warn' : ''}`}>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{value}</p>
        <p className="stat-note small mb-0">{note}</p>
      </div>
    </Col>
  );
}

/** A chart, named by its card's title and summed up in words, and the table of its numbers under it. */
function ChartCard({
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
  rows: Row[];
}) {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(intlLocale(i18n.language), { style: 'narrow', type: 'unit' });
  // A name and one count fit any card; a name and its four counts (the refusals) do not on a phone, so each row
  // becomes a small card there (admin.css), every count under its column's name.
  const cards = head.length > 2;
  return (
    <section className="dash-card h-100" aria-labelledby={id}>
      <h2 id={id} className="dash-card-title">
        {title}
      </h2>
      {note && <p className="small text-body-secondary">{note}</p>}
      {chart(t('admin.codReport.chartSays', { title, values: list.format(values) }))}
      <ScrollTable
        caption={title}
        className={`table table-sm dash-table cod-table${cards ? ' dash-table-cards cod-table-cards' : ''} align-middle mb-0 mt-2`}
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
          {rows.map(([first, ...cells]) => (
            <tr key={first}>
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
