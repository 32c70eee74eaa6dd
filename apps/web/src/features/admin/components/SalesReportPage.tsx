import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { salesReportQuerySchema, type ReportPeriod, type SalesReport } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';
import { formatPrice } from '../../../lib/format';
import { useGetSalesReportQuery } from '../api/adminApi';
import { CsvExportButton } from './CsvExportButton';
import { BarsChart } from './ReportCharts';
import { ChartCard, NoRate, ReportPage, Stat } from './ReportParts';
import { RevenueChart } from './RevenueChart';

/** The report of a period, asked afresh each time the screen opens: orders move on meanwhile. */
const useSalesReport = (period: ReportPeriod) => useGetSalesReportQuery(period, { refetchOnMountOrArgChange: true });

/**
 * Sales: what the orders placed in a period brought (GET /api/admin/reports/sales), beside the as many days before
 * it, by day, product, governorate, payment and source. Each chart is followed by the table of its numbers, which is
 * also what a screen reader reads.
 */
export function SalesReportPage() {
  const { t } = useTranslation();
  return (
    <ReportPage
      id="sales"
      title={t('admin.sales.title')}
      subtitle={t('admin.sales.subtitle')}
      empty={t('admin.sales.empty')}
      schema={salesReportQuerySchema}
      useReport={useSalesReport}
      actions={(period) => (
        <CsvExportButton
          url={`/api/admin/reports/sales/export?${new URLSearchParams(period)}`}
          label={t('admin.sales.export')}
        />
      )}
    >
      {(report) => <Figures report={report} />}
    </ReportPage>
  );
}

/** A value of a table or a chart: a name, how many orders or pieces, and what they brought. */
interface Line {
  label: string;
  count: number;
  revenue: number;
}

function Figures({ report }: { report: SalesReport }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const localized = useLocalized();
  const { nameOf } = useGovernorateNames();
  const number = new Intl.NumberFormat(locale).format;
  const money = (amount: number) => formatPrice(amount, locale);
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dateOf = (date: string) => new Date(`${date}T00:00:00Z`);
  const { totals, previous } = report;

  // "+12% vs Mar 2 – 31 (EGP 1,000)": the period before, named by its days, and how far this one is from it.
  const before = day.formatRange(dateOf(previous.from), dateOf(previous.to));
  const change = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const versus = (now: number, then: number, shown: string) =>
    then
      ? t('admin.sales.versus', { change: change.format((now - then) / then), period: before, previous: shown })
      : t('admin.sales.versusNone', { period: before });

  return (
    <>
      <Row as="ul" xs={1} sm={2} xl={4} className="g-3 mb-3 list-unstyled" aria-label={t('admin.sales.title')}>
        <Stat
          label={t('admin.sales.revenue')}
          value={money(totals.revenue)}
          note={
            <>
              <span className="d-block">{versus(totals.revenue, previous.revenue, money(previous.revenue))}</span>
              <span className="d-block">
                {t('admin.sales.deductions', {
                  discounts: money(totals.discounts),
                  refunded: money(totals.refunded),
                })}
              </span>
            </>
          }
        />
        <Stat
          label={t('admin.sales.orders')}
          value={number(totals.orders)}
          note={versus(totals.orders, previous.orders, number(previous.orders))}
        />
        <Stat
          label={t('admin.sales.averageOrder')}
          value={
            totals.averageOrder === null ? <NoRate said={t('admin.sales.noAverage')} /> : money(totals.averageOrder)
          }
        />
        <Stat label={t('admin.sales.units')} value={number(totals.units)} />
      </Row>
      <section className="dash-card mb-3" aria-labelledby="sales-daily">
        <h2 id="sales-daily" className="dash-card-title">
          {t('admin.sales.daily')}
        </h2>
        <RevenueChart
          days={report.daily}
          title={t('admin.sales.chartTitle', {
            from: day.format(dateOf(report.from)),
            to: day.format(dateOf(report.to)),
          })}
          empty={t('admin.sales.empty')}
        />
      </section>
      <Row xs={1} lg={2} className="g-3">
        <Col>
          <LinesCard
            id="sales-products"
            title={t('admin.sales.byProduct')}
            note={t('admin.sales.byProductNote')}
            head={[t('admin.sales.product'), t('admin.sales.unitsColumn')]}
            lines={report.byProduct.map((row) => ({
              label: localized.name({ name: row.name, nameAr: row.nameAr }).text,
              count: row.units,
              revenue: row.revenue,
            }))}
          />
        </Col>
        <Col>
          <LinesCard
            id="sales-governorates"
            title={t('admin.sales.byGovernorate')}
            head={[t('admin.sales.governorate'), t('admin.sales.ordersColumn')]}
            lines={report.byGovernorate.map((row) => ({
              label: nameOf(row.governorate),
              count: row.orders,
              revenue: row.revenue,
            }))}
          />
        </Col>
        <Col>
          <LinesCard
            id="sales-payments"
            title={t('admin.sales.byPaymentMethod')}
            head={[t('admin.sales.paymentMethod'), t('admin.sales.ordersColumn')]}
            lines={report.byPaymentMethod.map((row) => ({
              label: t(`admin.orders.methods.${row.paymentMethod}`),
              count: row.orders,
              revenue: row.revenue,
            }))}
          />
        </Col>
        <Col>
          <LinesCard
            id="sales-sources"
            title={t('admin.sales.bySource')}
            head={[t('admin.sales.source'), t('admin.sales.ordersColumn')]}
            lines={report.bySource.map((row) => ({
              label: t(`admin.sources.${row.source}`),
              count: row.orders,
              revenue: row.revenue,
            }))}
          />
        </Col>
      </Row>
    </>
  );
}

/** What each of some names brought, as bars, then as a table: the name, how many (orders or pieces), revenue. */
function LinesCard({
  id,
  title,
  note,
  head: [names, counts],
  lines,
}: {
  id: string;
  title: string;
  note?: string;
  head: [names: string, counts: string];
  lines: Line[];
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const number = new Intl.NumberFormat(locale).format;
  const money = (amount: number) => formatPrice(amount, locale);
  return (
    <ChartCard
      id={id}
      title={title}
      note={note}
      chart={(label) => (
        <BarsChart
          rows={lines.map((line) => ({ label: line.label, value: line.revenue }))}
          label={label}
          format={money}
        />
      )}
      values={lines.map((line) => `${line.label} ${money(line.revenue)}`)}
      head={[names, counts, t('admin.sales.revenueColumn')]}
      rows={lines.map((line) => [line.label, number(line.count), money(line.revenue)])}
    />
  );
}
