import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import {
  FIRST_DAY,
  LAST_DAY,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type AdminOrder,
  type AdminOrdersFilter,
} from '@shop/contracts';
import { Pagination } from '../../../components/Pagination';
import { Price } from '../../../components/Price';
import { Refreshing } from '../../../components/Refreshing';
import { usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { intlLocale } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';
import { useMoveReason } from '../../orders';
import { useGetAdminOrdersQuery } from '../api/adminApi';
import { formatDateTime, shortId } from '../format';
import { draftOf, filtersFromParams, NO_FILTERS, paramsOf, type FilterDraft } from '../orderFilters';
import { OrderActions } from './OrderActions';
import { CsvExportButton } from './CsvExportButton';
import { EmailAddress } from './EmailAddress';
import { OrderNumber } from './OrderNumber';
import { usePermissions } from '../permissions';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';
import { SelectedOrders } from './SelectedOrders';
import { StatusBadge } from './StatusBadge';
import { TrackingNumber } from './TrackingNumber';

/** The orders chosen on the list shown, and which list that is: another page or other filters choose afresh. */
interface Selection {
  list: string;
  ids: ReadonlySet<string>;
}

/**
 * Every order of the shop, newest first: filtered by status, payment method, governorate and day, searched
 * by order number or phone, each with the moves it allows. The filters and the page live in the address,
 * so a filtered view can be shared and survives a reload; the export downloads the same filtered list.
 * Orders chosen on the page are printed or shipped together (SelectedOrders).
 */
export function OrdersAdminPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const filter = filtersFromParams(params);
  const { page, setPage } = usePageParam();
  // Fresh when opened: orders move all day.
  const query = useGetAdminOrdersQuery({ ...filter, page }, { refetchOnMountOrArgChange: true });
  const { data, isFetching } = query;
  usePageBounds(page, data?.pages, setPage);
  const current = draftOf(filter);
  const filtered = Object.values(current).some(Boolean);
  const list = params.toString();
  const [selection, setSelection] = useState<Selection>({ list, ids: new Set() });
  // Another page or other filters choose afresh, and coming back to a list does not bring back what was chosen there.
  if (selection.list !== list) setSelection({ list, ids: new Set() });
  const selected = selection.ids;
  const select = (ids: ReadonlySet<string>) => setSelection({ list, ids });

  return (
    <>
      <PageHeader
        title={t('admin.allOrders.title')}
        subtitle={data ? t('admin.allOrders.total', { count: data.total }) : undefined}
      >
        {can('orders.create') && (
          <Link to={paths.dashNewOrder} className="btn btn-primary">
            {t('admin.newOrder.title')}
          </Link>
        )}
        <CsvExportButton url={exportUrl(filter)} label={t('admin.allOrders.export')} />
      </PageHeader>
      {/* Keyed by the address's filters, so back and forward show the filters of the list on screen. */}
      <OrderFilters
        key={paramsOf(current).toString()}
        initial={current}
        onFilter={(next) => setParams(paramsOf(next))}
      />
      {/*
        Outside the list's states: a shipping run outlives a reload that fails or a filtered list that the orders
        shipped leave empty. Keyed by the list (apart from the filters' key, which can be the same address): shipping
        still under way on another page or filter stops.
      */}
      <SelectedOrders
        key={`chosen:${list}`}
        orders={data?.orders ?? []}
        refreshing={isFetching}
        selected={selected}
        onSelect={select}
      />
      <QueryState
        query={query}
        lines={6}
        empty={{
          title: filtered ? t('admin.allOrders.noMatch') : t('admin.allOrders.none'),
          when: (data) => !data.orders.length,
        }}
      >
        {(data) => (
          <Refreshing busy={isFetching} className="dash-card p-0">
            <OrdersTable orders={data.orders} selected={selected} onSelect={select} />
          </Refreshing>
        )}
      </QueryState>
      {data && <Pagination page={page} pages={data.pages} />}
    </>
  );
}

function OrdersTable({
  orders,
  selected,
  onSelect,
}: {
  orders: AdminOrder[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const { nameOf } = useGovernorateNames();
  const reasonOf = useMoveReason();
  const toggle = (id: string) => {
    const ids = new Set(selected);
    if (!ids.delete(id)) ids.add(id);
    onSelect(ids);
  };
  return (
    <ScrollTable
      caption={t('admin.allOrders.title')}
      className="table dash-table dash-table-cards orders-table align-middle mb-0"
    >
      <thead>
        <tr>
          <th scope="col" className="cell-pick">
            <span className="visually-hidden">{t('admin.allOrders.pick')}</span>
          </th>
          <th scope="col">{t('admin.allOrders.order')}</th>
          <th scope="col">{t('admin.allOrders.customer')}</th>
          <th scope="col">{t('admin.allOrders.governorate')}</th>
          <th scope="col" className="text-end">
            {t('admin.allOrders.bill')}
          </th>
          <th scope="col">{t('admin.allOrders.status')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const reason = order.statusHistory.at(-1)?.reason;
          return (
            <tr key={order._id}>
              <td className="cell-pick">
                {/* The label widens the box's target to a fingertip's. */}
                <label className="pick-target">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('admin.allOrders.choose', { ref: shortId(order._id) })}
                    checked={selected.has(order._id)}
                    onChange={() => toggle(order._id)}
                  />
                </label>
              </td>
              <td className="cell-order text-nowrap">
                <Link
                  to={paths.dashOrder(order._id)}
                  className="tap-inline"
                  aria-label={t('admin.order.open', { ref: shortId(order._id) })}
                >
                  <OrderNumber id={order._id} />
                </Link>
                <time dateTime={order.createdAt} className="d-block small text-body-secondary">
                  {formatDateTime(order.createdAt, locale)}
                </time>
              </td>
              <td className="dash-cell-name cell-customer">
                {order.customer ? (
                  <>
                    {order.customer.name}
                    {/* A customer who signed in by phone has no e-mail: no empty line under the name. */}
                    {order.customer.email && (
                      <bdi className="order-email d-block small text-body-secondary">
                        <EmailAddress address={order.customer.email} />
                      </bdi>
                    )}
                  </>
                ) : (
                  <span className="text-body-secondary">{t('admin.allOrders.deletedAccount')}</span>
                )}
                <bdi className="d-block small text-body-secondary" dir="ltr">
                  {order.deliveryAddress.phone}
                </bdi>
              </td>
              <td className="cell-place">
                {nameOf(order.deliveryAddress.state)}
                <span className="d-block small text-body-secondary">{order.deliveryAddress.city}</span>
              </td>
              <td className="cell-bill text-end text-nowrap">
                <Price value={order.bill} />
                <span className="d-block small text-body-secondary">
                  {t(`admin.orders.methods.${order.paymentMethod}`)}
                </span>
                {order.source !== 'web' && (
                  <span className="badge text-bg-light border mt-1">{t(`admin.sources.${order.source}`)}</span>
                )}
              </td>
              <td className="status-cell cell-status">
                <StatusBadge status={order.status} />
                {order.trackingNumber && (
                  <span className="d-block small mt-1">
                    {t('admin.allOrders.tracking')}{' '}
                    <TrackingNumber number={order.trackingNumber} url={order.trackingUrl} />
                  </span>
                )}
                {reason && (
                  <span className="d-block small text-body-secondary mt-1">
                    {t('admin.allOrders.reasonShown', { reason: reasonOf(reason) })}
                  </span>
                )}
                <OrderActions order={order} inList />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}

function OrderFilters({ initial, onFilter }: { initial: FilterDraft; onFilter: (filters: FilterDraft) => void }) {
  const { t } = useTranslation();
  const { options: governorates } = useGovernorateNames();
  const [draft, setDraft] = useState(initial);
  const set = (key: keyof FilterDraft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });
  const filtered = Object.values(initial).some(Boolean);
  return (
    <Form
      className="dash-card mb-3"
      aria-label={t('admin.allOrders.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onFilter(draft);
      }}
    >
      <Row className="g-2 align-items-end">
        <Col xs={12} lg={6}>
          <Form.Group controlId="orders-q">
            <Form.Label>{t('admin.allOrders.search')}</Form.Label>
            <Form.Control
              type="search"
              value={draft.q}
              onChange={set('q')}
              maxLength={100}
              placeholder={t('admin.allOrders.searchPlaceholder')}
            />
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} lg={3}>
          <Form.Group controlId="orders-status">
            <Form.Label>{t('admin.allOrders.status')}</Form.Label>
            <Form.Select value={draft.status} onChange={set('status')}>
              <option value="">{t('admin.allOrders.anyStatus')}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`admin.status.${status}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} lg={3}>
          <Form.Group controlId="orders-method">
            <Form.Label>{t('admin.allOrders.method')}</Form.Label>
            <Form.Select value={draft.paymentMethod} onChange={set('paymentMethod')}>
              <option value="">{t('admin.allOrders.anyMethod')}</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`admin.orders.methods.${method}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        {/* Half a phone is too narrow for "All governorates": the two place filters take a row each there. */}
        <Col xs={12} sm={4} lg={3}>
          <Form.Group controlId="orders-source">
            <Form.Label>{t('admin.allOrders.source')}</Form.Label>
            <Form.Select value={draft.source} onChange={set('source')}>
              <option value="">{t('admin.allOrders.anySource')}</option>
              {ORDER_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {t(`admin.sources.${source}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} sm={4} lg={3}>
          <Form.Group controlId="orders-governorate">
            <Form.Label>{t('admin.allOrders.governorate')}</Form.Label>
            <Form.Select value={draft.governorate} onChange={set('governorate')}>
              <option value="">{t('admin.allOrders.anyGovernorate')}</option>
              {governorates.map(({ value, name }) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} lg={3}>
          <Form.Group controlId="orders-from">
            <Form.Label>{t('admin.allOrders.from')}</Form.Label>
            <Form.Control
              type="date"
              value={draft.from}
              onChange={set('from')}
              min={FIRST_DAY}
              max={draft.to || LAST_DAY}
            />
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} lg={3}>
          <Form.Group controlId="orders-to">
            <Form.Label>{t('admin.allOrders.to')}</Form.Label>
            <Form.Control
              type="date"
              value={draft.to}
              onChange={set('to')}
              min={draft.from || FIRST_DAY}
              max={LAST_DAY}
            />
          </Form.Group>
        </Col>
        <Col xs={12} sm={4} lg="auto" className="d-flex gap-2">
          <Button type="submit" variant="primary">
            {t('admin.allOrders.apply')}
          </Button>
          {filtered && (
            <Button variant="outline-secondary" onClick={() => onFilter(NO_FILTERS)}>
              {t('admin.allOrders.clear')}
            </Button>
          )}
        </Col>
      </Row>
      <p className="small text-body-secondary mb-0 mt-2">{t('admin.allOrders.cairoDaysNote')}</p>
    </Form>
  );
}

/** The CSV export of what the list shows, every page of it. */
const exportUrl = (filter: AdminOrdersFilter) =>
  `/api/admin/orders/export?${new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )}`;
