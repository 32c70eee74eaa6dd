import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link, useParams } from 'react-router';
import { orderRef, type AdminOrderDetail } from '@shop/contracts';
import { errorStatus } from '../../../api/errors';
import { ChevronStartIcon, PrinterIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { Price } from '../../../components/Price';
import { VariantValues } from '../../../components/VariantValues';
import { intlLocale, loadTexts } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { InLanguage, useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { AddressLines } from '../../checkout';
import { useGetAdminOrderQuery } from '../api/adminApi';
import { formatDateTime } from '../format';
import { usePermissions } from '../permissions';
import { OrderStatusControl } from './OrderStatusControl';
import { PackingSlip } from './PackingSlip';
import { PageHeader } from './PageHeader';
import { RefundButton } from './RefundButton';
import { ScrollTable } from './ScrollTable';
import { StatusBadge } from './StatusBadge';
import '../../../styles/packing-slip.css';

/**
 * /dashboard/orders/:id: one order, for whoever packs it and whoever answers the customer about it. What to
 * pack and where to, who bought it, what happened to it and what the customer was told, the moves this member
 * may make, and a packing slip that prints in the order's language (only the slip goes to paper).
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // Fresh when opened: another member may have moved it since.
  const { data: order, isLoading, error } = useGetAdminOrderQuery(id, { refetchOnMountOrArgChange: true });
  // The slip's language may not be the page's: its texts are fetched before anyone prints.
  const language = order?.language;
  useEffect(() => {
    if (language) void loadTexts(language);
  }, [language]);

  return (
    <>
      <Link to={paths.dashOrders} className="d-inline-flex align-items-center gap-1 mb-2 small d-print-none">
        <ChevronStartIcon size={14} />
        {t('admin.order.back')}
      </Link>
      {isLoading ? (
        <div className="dash-card" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 5 }, (_, index) => (
            <Placeholder key={index} as="p" animation="glow">
              <Placeholder xs={4} /> <Placeholder xs={6} />
            </Placeholder>
          ))}
        </div>
      ) : !order ? (
        <Alert variant="danger">
          {errorStatus(error) === 404 ? t('admin.order.notFound') : t('common.loadFailed')}
        </Alert>
      ) : (
        <>
          <OrderView order={order} />
          <InLanguage language={order.language}>
            <PackingSlip order={order} />
          </InLanguage>
        </>
      )}
    </>
  );
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const ref = `#${orderRef(order._id)}`;
  const language = t(`admin.order.languages.${order.language}`);
  return (
    <div className="order-page d-print-none">
      <PageHeader
        title={t('admin.order.title', { ref })}
        subtitle={t('admin.order.placed', {
          date: formatDateTime(order.createdAt, locale),
          language,
        })}
      >
        <Button
          variant="primary"
          className="d-inline-flex align-items-center gap-2"
          onClick={() => window.print()}
          aria-describedby="slip-language"
        >
          <PrinterIcon size={16} />
          {t('admin.order.printSlip')}
        </Button>
        <Link to={paths.invoice(order._id)} className="btn btn-outline-secondary">
          {t('admin.order.invoice')}
        </Link>
      </PageHeader>
      <p id="slip-language" className="visually-hidden">
        {t('admin.order.slipLanguage', { language })}
      </p>
      {/* Items, then what to act on, then the story: in that order on a phone, the story under the items on wide screens. */}
      <div className="order-layout">
        <div className="order-layout-items">
          <OrderLines order={order} />
        </div>
        <div className="order-layout-side d-grid gap-3">
          <OrderMoves order={order} />
          <OrderCustomer order={order} />
          <section className="dash-card" aria-labelledby="order-address">
            <h2 id="order-address" className="dash-card-title">
              {t('checkout.invoice.deliverTo')}
            </h2>
            <address className="mb-0">
              <AddressLines address={order.deliveryAddress} />
            </address>
          </section>
        </div>
        <div className="order-layout-story d-grid gap-3">
          <OrderHistory order={order} />
          <OrderMessages order={order} />
        </div>
      </div>
    </div>
  );
}

function OrderLines({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const localized = useLocalized();
  const totals: [string, number][] = [
    [t('checkout.invoice.itemsTotal'), order.itemsTotal],
    ...(order.discount > 0
      ? [[t('checkout.invoice.discount', { code: order.couponCode ?? '' }), -order.discount]]
      : []),
    [t('checkout.invoice.shipping'), order.shipping],
    ...(order.codFee > 0 ? [[t('checkout.invoice.codFee'), order.codFee]] : []),
  ] as [string, number][];
  return (
    <section className="dash-card p-0" aria-labelledby="order-items">
      <h2 id="order-items" className="dash-card-title px-3 pt-3 mb-2">
        {t('admin.order.items')}
      </h2>
      <ScrollTable caption={t('admin.order.items')}>
        <thead>
          <tr>
            <th scope="col">{t('checkout.invoice.product')}</th>
            <th scope="col" className="text-end">
              {t('checkout.invoice.quantity')}
            </th>
            <th scope="col" className="text-end">
              {t('checkout.invoice.unitPrice')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map(({ productBrief: product, quantity, variant }) => (
            <tr key={variant?._id ?? product.product_id ?? product.name}>
              <td className="dash-cell-name">
                <Localized value={localized.name(product)} />
                {variant && <VariantValues options={variant.options} className="mb-0" />}
                {variant?.sku && (
                  <span className="d-block small text-body-secondary" dir="auto">
                    {t('admin.order.sku', { sku: variant.sku })}
                  </span>
                )}
              </td>
              <td className="text-end fw-semibold">{quantity}</td>
              <td className="text-end text-nowrap">
                <Price value={product.price} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <dl className="order-totals px-3 pb-3 mb-0">
        {totals.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Price value={value} />
            </dd>
          </div>
        ))}
        <div className="order-total">
          <dt>{t('checkout.invoice.total')}</dt>
          <dd>
            <Price value={order.bill} />
          </dd>
        </div>
        {order.refund && (
          <div>
            <dt>
              {t('checkout.refund.invoiceRefunded', {
                date: formatDateTime(order.refund.at, intlLocale(i18n.language)),
              })}
            </dt>
            <dd>
              <Price value={-order.refund.amount} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The moves this member may make, as the orders list offers them: the next status, and a refund of what was paid. */
function OrderMoves({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const refundable = order.status === 'paid' || order.status === 'returned';
  return (
    <section className="dash-card" aria-labelledby="order-state">
      <h2 id="order-state" className="dash-card-title">
        {t('admin.order.state')}
      </h2>
      <p className="mb-1">
        <StatusBadge status={order.status} />
      </p>
      {order.trackingNumber && (
        <p className="small mb-1">
          {t('admin.order.tracking')}{' '}
          {order.trackingUrl ? (
            <a href={order.trackingUrl} target="_blank" rel="noreferrer" dir="ltr">
              {order.trackingNumber}
            </a>
          ) : (
            <bdi dir="ltr">{order.trackingNumber}</bdi>
          )}
        </p>
      )}
      <p className="small text-body-secondary mb-0">
        {t('admin.order.payment')}: {t(`admin.orders.methods.${order.paymentMethod}`)}
      </p>
      {can('orders.move') && <OrderStatusControl orderId={order._id} status={order.status} />}
      {can('orders.refund') && refundable && (
        <RefundButton
          orderId={order._id}
          bill={order.bill}
          returned={order.status === 'returned'}
          cash={order.paymentMethod === 'cash'}
        />
      )}
    </section>
  );
}

function OrderCustomer({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const { customer } = order;
  return (
    <section className="dash-card" aria-labelledby="order-customer">
      <h2 id="order-customer" className="dash-card-title">
        {t('admin.order.customer')}
      </h2>
      {customer ? (
        <dl className="order-facts mb-0">
          <div>
            <dt className="visually-hidden">{t('admin.allOrders.customer')}</dt>
            <dd className="fw-semibold" dir="auto">
              {customer.name}
            </dd>
          </div>
          <div>
            <dt>{t('admin.order.phone')}</dt>
            <dd>
              <a href={`tel:${customer.phone}`} dir="ltr">
                {customer.phone}
              </a>
            </dd>
          </div>
          {customer.email && (
            <div>
              <dt>{t('admin.order.email')}</dt>
              <dd className="text-break">
                <a href={`mailto:${customer.email}`} dir="ltr">
                  {customer.email}
                </a>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="text-body-secondary mb-0">{t('admin.allOrders.deletedAccount')}</p>
      )}
      {/* The customer's phone record (orders refused at the door) belongs here, beside their contact details. */}
      {customer && can('customers.read') && (
        <Link to={paths.userOrders(customer._id)} className="d-inline-block small mt-2">
          {t('admin.order.theirOrders')}
        </Link>
      )}
    </section>
  );
}

/** Every move, oldest first, with who made it and the words they gave. */
function OrderHistory({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (
    <section className="dash-card" aria-labelledby="order-history">
      <h2 id="order-history" className="dash-card-title">
        {t('admin.order.history')}
      </h2>
      <ol className="order-timeline list-unstyled mb-0">
        {order.statusHistory.map((move, index) => (
          <li key={`${move.at}-${index}`}>
            <StatusBadge status={move.status} />{' '}
            <time dateTime={move.at} className="small">
              {formatDateTime(move.at, locale)}
            </time>
            {move.actor && <span className="small text-body-secondary"> {t(`admin.order.actors.${move.actor}`)}</span>}
            {move.reason && (
              <span className="d-block small text-body-secondary" dir="auto">
                {t('admin.allOrders.reasonShown', { reason: move.reason })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

const MESSAGE_KINDS = [
  'placed',
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'return_accepted',
  'return_refused',
  'refunded',
  'pay_reference',
] as const;
const isKnownKind = (kind: string): kind is (typeof MESSAGE_KINDS)[number] =>
  MESSAGE_KINDS.some((known) => known === kind);

/** What the customer was told about this order, on which channel, and how far each message got. */
function OrderMessages({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (
    <section className="dash-card" aria-labelledby="order-messages">
      <h2 id="order-messages" className="dash-card-title">
        {t('admin.order.messages')}
      </h2>
      {!order.messages.length ? (
        <p className="text-body-secondary mb-0">{t('admin.order.noMessages')}</p>
      ) : (
        <ul className="order-timeline list-unstyled mb-0">
          {order.messages.map((message) => (
            <li key={message._id}>
              <span className="fw-semibold">
                {isKnownKind(message.kind) ? t(`admin.order.kinds.${message.kind}`) : message.kind}
              </span>{' '}
              <span className={`badge ${message.status === 'failed' ? 'text-bg-danger' : 'text-bg-light'}`}>
                {t(`admin.order.messageStatus.${message.status}`)}
              </span>
              <span className="d-block small text-body-secondary">
                {t('admin.order.messageTo', { channel: t(`admin.order.channels.${message.channel}`), to: message.to })}
                {' · '}
                <time dateTime={message.statusAt ?? message.createdAt}>
                  {formatDateTime(message.statusAt ?? message.createdAt, locale)}
                </time>
              </span>
              {message.status === 'failed' && message.lastError && (
                <span className="d-block small text-danger" dir="auto">
                  {t('admin.order.messageError', { error: message.lastError })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
