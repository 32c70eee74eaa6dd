import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD, ORDER_STATUSES, type AdminStats, type SalesWindow } from '@shop/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { Localized } from '../../../components/Localized';
import { ProductImage } from '../../../components/ProductImage';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';
import { useGetStatsQuery } from '../api/adminApi';
import { usePermissions } from '../permissions';
import { formatDateTime } from '../format';
import { OrderNumber } from './OrderNumber';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { RevenueChart } from './RevenueChart';
import { ScrollTable } from './ScrollTable';
import { StatusBadge } from './StatusBadge';
import { ProductStock } from './StockBadge';
import { paths } from '../../../lib/paths';

const WINDOWS = ['today', 'last7Days', 'last30Days'] as const;

/** The screen a shop owner opens first: money in, orders waiting, shelves running empty. */
export function OverviewPage() {
  const { t } = useTranslation();
  // Always fresh when opened: these numbers move with every order.
  const query = useGetStatsQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <>
      <PageHeader title={t('admin.overview.title')} subtitle={t('admin.overview.subtitle')} />
      <QueryState query={query} placeholder={<OverviewPlaceholder />}>
        {(stats) => <Overview stats={stats} />}
      </QueryState>
    </>
  );
}

function Overview({ stats }: { stats: AdminStats }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  return (
    <>
      <Row as="ul" xs={1} sm={3} className="g-3 mb-4 list-unstyled">
        {WINDOWS.map((window) => (
          <Col as="li" key={window}>
            <SalesCard label={t(`admin.overview.windows.${window}`)} sales={stats.sales[window]} />
          </Col>
        ))}
      </Row>
      <Row className="g-3">
        <Col xl={8}>
          <section className="dash-card h-100" aria-labelledby="overview-chart">
            <h2 id="overview-chart" className="dash-card-title">
              {t('admin.overview.chart.heading')}
            </h2>
            <RevenueChart
              days={stats.daily}
              title={t('admin.overview.chart.title')}
              empty={t('admin.overview.chart.empty')}
            />
            <Link to={paths.dashSales} className="tap-inline small d-inline-block mt-2">
              {t('admin.overview.chart.more')}
            </Link>
          </section>
        </Col>
        <Col xl={4}>
          <section className="dash-card h-100" aria-labelledby="overview-statuses">
            <h2 id="overview-statuses" className="dash-card-title">
              {t('admin.overview.statuses')}
            </h2>
            <StatusBreakdown counts={stats.ordersByStatus} />
          </section>
        </Col>
        <Col xs={12}>
          <section className="dash-card" aria-labelledby="overview-recent">
            <h2 id="overview-recent" className="dash-card-title">
              {t('admin.overview.recent.heading')}
            </h2>
            <RecentOrders orders={stats.recentOrders} />
          </section>
        </Col>
        <Col xs={12}>
          <section className="dash-card" aria-labelledby="overview-low-stock">
            <h2 id="overview-low-stock" className="dash-card-title">
              {t('admin.overview.lowStock.heading', { threshold: LOW_STOCK_THRESHOLD })}
            </h2>
            <LowStock lowStock={stats.lowStock} />
          </section>
        </Col>
        {/* Each only for those who may work the screen its count leads to. */}
        {can('reviews.manage') && (
          <CountCard
            id="overview-reviews"
            heading={t('admin.overview.reviews.heading')}
            count={stats.reviewsAwaiting}
            said={t('admin.overview.reviews.awaiting', { count: stats.reviewsAwaiting })}
            link={{ to: paths.dashReviewsAwaiting, label: t('admin.overview.reviews.answer') }}
            none={t('admin.overview.reviews.none')}
          />
        )}
        {can('customers.read') && (
          <CountCard
            id="overview-carts"
            heading={t('admin.carts.title')}
            count={stats.abandonedCarts.count}
            said={t('admin.carts.summary', {
              count: stats.abandonedCarts.count,
              value: formatPrice(stats.abandonedCarts.value, intlLocale(i18n.language)),
            })}
            link={{ to: paths.dashCarts, label: t('admin.overview.carts.see') }}
            none={t('admin.carts.none')}
          />
        )}
      </Row>
    </>
  );
}

/** A card of something waiting on the shop: how many, in words, and a link to them; or that none are. */
function CountCard({
  id,
  heading,
  count,
  said,
  link,
  none,
}: {
  id: string;
  heading: string;
  count: number;
  said: string;
  link: { to: string; label: string };
  none: string;
}) {
  return (
    <Col xs={12}>
      <section className="dash-card" aria-labelledby={id}>
        <h2 id={id} className="dash-card-title">
          {heading}
        </h2>
        {count ? (
          <p className="mb-0">
            {said}{' '}
            <Link to={link.to} className="tap-inline">
              {link.label}
            </Link>
          </p>
        ) : (
          <EmptyState title={none} />
        )}
      </section>
    </Col>
  );
}

function SalesCard({ label, sales }: { label: string; sales: SalesWindow }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="dash-card stat-card h-100">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{formatPrice(sales.revenue, intlLocale(i18n.language))}</p>
      <p className="stat-note mb-0">{t('admin.overview.orderCount', { count: sales.orders })}</p>
    </div>
  );
}

function StatusBreakdown({ counts }: { counts: AdminStats['ordersByStatus'] }) {
  const { t } = useTranslation();
  const total = ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  if (!total) return <p className="text-body-secondary mb-0">{t('admin.overview.noOrders')}</p>;
  return (
    <>
      <p className="text-body-secondary small">{t('admin.overview.orderCount', { count: total })}</p>
      <ul className="list-unstyled mb-0 d-grid gap-3">
        {ORDER_STATUSES.map((status) => (
          <li key={status}>
            <div className="d-flex justify-content-between align-items-center mb-1">
              <StatusBadge status={status} />
              <span className="fw-semibold">{counts[status]}</span>
            </div>
            {/* The share is in the number beside it; the bar only repeats it for the eye. */}
            <div className="status-meter" aria-hidden="true">
              <span
                className={`status-meter-fill status-${status}`}
                style={{ inlineSize: `${(counts[status] / total) * 100}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function LowStock({ lowStock }: { lowStock: AdminStats['lowStock'] }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  if (!lowStock.total) return <EmptyState title={t('admin.overview.lowStock.none')} />;
  return (
    <>
      <ul className="low-stock-list list-unstyled mb-3">
        {lowStock.products.map((product) => (
          <li key={product._id} className="low-stock-item position-relative">
            <ProductImage src={product.image_path} alt="" className="dash-thumb" width={44} height={44} />
            <Link
              to={paths.dashProductsMatching(product.name)}
              // The whole row is the link's target (a short name's line is 24 px).
              className="low-stock-name stretched-link flex-grow-1 min-w-0"
              title={localized.name(product).text}
            >
              <Localized value={localized.name(product)} />
            </Link>
            <div className="low-stock-left">
              <ProductStock stock={product.stock} lowSizes={product.lowSizes} />
            </div>
          </li>
        ))}
      </ul>
      <p className="small text-body-secondary mb-0">{t('admin.overview.lowStock.total', { count: lowStock.total })}</p>
      {lowStock.total > lowStock.products.length && (
        <p className="mb-0 mt-2">
          <Link to={paths.dashProductsLowOnStock} className="tap-inline">
            {t('admin.overview.lowStock.seeAll', { count: lowStock.total })}
          </Link>
        </p>
      )}
    </>
  );
}

function RecentOrders({ orders }: { orders: AdminStats['recentOrders'] }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  if (!orders.length) return <EmptyState title={t('admin.overview.noOrders')} />;
  return (
    <ScrollTable
      caption={t('admin.overview.recent.heading')}
      className="table dash-table dash-table-cards recent-orders-table align-middle mb-0"
    >
      <thead>
        <tr>
          <th scope="col">{t('admin.overview.recent.order')}</th>
          <th scope="col">{t('admin.overview.recent.customer')}</th>
          <th scope="col" className="text-end">
            {t('admin.overview.recent.bill')}
          </th>
          <th scope="col">{t('admin.overview.recent.status')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td className="cell-order">
              <OrderNumber id={order._id} />
              <span className="d-block small text-body-secondary">{formatDateTime(order.createdAt, locale)}</span>
            </td>
            <td className="cell-customer">
              {order.user ? (
                <Link to={paths.userOrders(order.user._id)} className="tap-inline">
                  {order.user.name}
                </Link>
              ) : (
                <span className="text-body-secondary">{t('admin.overview.recent.deletedAccount')}</span>
              )}
              <span className="d-block small text-body-secondary">
                {t('admin.overview.recent.items', { count: order.items })}
              </span>
            </td>
            <td className="text-end text-nowrap cell-bill">{formatPrice(order.bill, locale)}</td>
            <td className="cell-status">
              <StatusBadge status={order.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function OverviewPlaceholder() {
  return (
    <>
      <Row xs={1} sm={3} className="g-3 mb-4">
        {WINDOWS.map((window) => (
          <Col key={window}>
            <Placeholder as="div" animation="glow" className="dash-card stat-card">
              <Placeholder xs={5} /> <Placeholder xs={8} size="lg" /> <Placeholder xs={4} />
            </Placeholder>
          </Col>
        ))}
      </Row>
      <Placeholder as="div" animation="glow" className="dash-card">
        <Placeholder xs={4} />
        <Placeholder className="w-100 mt-3 chart-placeholder" />
      </Placeholder>
    </>
  );
}
