import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { reportPeriodSchema, share, TIME_TO_CONFIRM_HOURS, type CodReport, type ReportPeriod } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';
import { useGetCodReportQuery } from '../api/confirmationsApi';
import { BarsChart, WeeksChart, type Bars } from './ReportCharts';
import { ChartCard, NoRate, ReportPage, Stat, type TableRow } from './ReportParts';

/** The report of a period, asked afresh each time the screen opens: orders move on meanwhile. */
const useCodReport = (period: ReportPeriod) => useGetCodReportQuery(period, { refetchOnMountOrArgChange: true });

/**
 * Cash on delivery: how the cash orders of a period fared (GET /api/admin/reports/cod). Each chart is followed by
 * the table of its numbers, which is also what a screen reader reads.
 */
export function CodReportPage() {
  const { t } = useTranslation();
  return (
    <ReportPage
      id="cod"
      title={t('admin.codReport.title')}
      subtitle={t('admin.codReport.subtitle')}
      empty={t('admin.codReport.empty')}
      schema={reportPeriodSchema}
      useReport={useCodReport}
    >
      {(report) => <Figures report={report} />}
    </ReportPage>
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
    ] satisfies TableRow;

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
