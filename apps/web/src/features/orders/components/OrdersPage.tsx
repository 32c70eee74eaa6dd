import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { Order, OrderLine, OrderStatus } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/LoadFailed';
import { ChevronStartIcon, ReceiptIcon } from '../../../components/icons';
import { Price } from '../../../components/Price';
import { ProductImage } from '../../../components/ProductImage';
import { intlLocale } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { useGetMyOrdersQuery } from '../api/ordersApi';
import { awaitsOnlinePayment, cancellable, confirmable, returnDeadline } from '../orderActions';
import { orderRef } from '../orderRef';
import { CancelOrderButton } from './CancelOrderButton';
import { ConfirmOrderButton } from './ConfirmOrderButton';
import { OrderTimeline } from './OrderTimeline';
import { OrderTracking } from './OrderTracking';
import { RefundNote } from './RefundNote';
import { ReturnOrderButton } from './ReturnOrderButton';
import '../../../styles/checkout.css';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';

/** Badge colours by how far along an order is: waiting, under way, done, or stopped. */
const STATUS_BADGE: Record<OrderStatus, string> = {
  pending: 'warning',
  paid: 'primary',
  awaiting_confirmation: 'warning',
  confirmed: 'primary',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'secondary',
  return_requested: 'warning',
  returned: 'secondary',
  refunded: 'secondary',
};

/** /Orders: the shopper's order history, newest first. */
export function OrdersPage() {
  const { t } = useTranslation();
  const {
    data: orders,
    isLoading,
    error,
    refetch,
  } = useGetMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  // When the page opened: whether a delivered order may still be returned is decided against it.
  const [now] = useState(() => new Date());

  let content;
  if (isLoading) {
    content = (
      <div className="d-flex justify-content-center py-5" role="status">
        <Spinner animation="border" variant="primary" aria-hidden="true" />
        <span className="visually-hidden">{t('checkout.orders.loading')}</span>
      </div>
    );
  } else if (error || !orders) {
    // The specification's error display shows the error's message; under the page's own words, with a way to ask again.
    content = (
      <>
        <h2 className="h6">{t('checkout.orders.failed')}</h2>
        <LoadFailed message={errorMessage(error)} onRetry={() => void refetch()} />
      </>
    );
  } else if (orders.length === 0) {
    content = (
      <EmptyState title={t('checkout.orders.empty')}>
        <Link to={paths.home} className="btn btn-primary mt-2">
          {t('checkout.cart.shop')}
        </Link>
      </EmptyState>
    );
  } else {
    content = (
      <ul className="list-unstyled d-flex flex-column gap-4 mb-0" aria-label={t('checkout.orders.title')}>
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCard order={order} now={now} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="container-lg py-4">
      <title>{t('checkout.orders.documentTitle')}</title>
      <div className="mb-3">
        <Link to={paths.home} className="d-inline-flex align-items-center gap-1 small tap-inline">
          <ChevronStartIcon size={16} />
          {t('checkout.orders.backHome')}
        </Link>
      </div>
      <h1 className="page-title">{t('checkout.orders.title')}</h1>
      {content}
    </div>
  );
}

function OrderCard({ order, now }: { order: Order; now: Date }) {
  const { t, i18n } = useTranslation();
  const headingId = `order-${order._id}`;
  const awaitsPayment = awaitsOnlinePayment(order);
  const awaitsConfirmation = confirmable(order);
  const returnBy = returnDeadline(order, now);
  return (
    <Card as="article" className="checkout-card order-card" aria-labelledby={headingId}>
      <Card.Header className="order-card-head">
        <dl className="order-facts mb-0">
          <div>
            <dt>{t('checkout.orders.placed')}</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt, intlLocale(i18n.language))}</time>
            </dd>
          </div>
          <div>
            <dt>{t('checkout.orders.total')}</dt>
            <dd>
              <Price value={order.bill} />
            </dd>
          </div>
          <div>
            <dt>{t('checkout.orders.shipTo')}</dt>
            <dd>{order.deliveryAddress.city}</dd>
          </div>
          <div>
            <dt>{t('checkout.orders.payment')}</dt>
            <dd>{t(order.paymentMethod === 'visa' ? 'checkout.method.visa' : 'checkout.method.cash')}</dd>
          </div>
        </dl>
        <h2 id={headingId} className="order-number h6 mb-0">
          {t('checkout.orders.number', { ref: orderRef(order._id) })}
        </h2>
      </Card.Header>
      <Card.Body className="p-0">
        <div className="order-card-status">
          <Badge bg={STATUS_BADGE[order.status]} className={`order-status order-status-${order.status}`}>
            {t(`checkout.orders.status.${order.status}`)}
          </Badge>
          {awaitsPayment && (
            <span className="small text-body-secondary">
              {t(
                order.paymentMethod === 'visa' ? 'checkout.orders.awaitingPayment' : 'checkout.orders.awaitingDeposit',
              )}
            </span>
          )}
          {awaitsConfirmation && (
            <span className="small text-body-secondary">{t('checkout.orders.awaitingConfirmation')}</span>
          )}
          <div className="order-actions">
            {awaitsConfirmation && <ConfirmOrderButton order={order} />}
            {awaitsPayment && (
              <Link to={paths.stripe} state={{ order_id: order._id }} className="btn btn-sm btn-accent">
                {t('checkout.stripe.payNow')}
              </Link>
            )}
            <Link
              to={paths.invoice(order._id)}
              className="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-1"
              aria-label={t('checkout.orders.invoiceNamed', { ref: orderRef(order._id) })}
            >
              <ReceiptIcon size={16} />
              {t('checkout.orders.invoice')}
            </Link>
            {returnBy && <ReturnOrderButton order={order} deadline={returnBy} />}
            {cancellable(order) && <CancelOrderButton order={order} />}
          </div>
        </div>
        <RefundNote order={order} className="small mx-3 mt-3 mb-0" />
        {order.trackingNumber && <OrderTracking number={order.trackingNumber} url={order.trackingUrl} />}
        <div className="order-card-body">
          <ul className="list-unstyled mb-0 order-lines">
            {order.products.map((line) => (
              <OrderLineItem
                key={line.variant?._id ?? line.productBrief.product_id ?? line.productBrief.name}
                line={line}
                actions={lineActions(order)}
              />
            ))}
          </ul>
          <OrderTimeline order={order} />
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * What a line offers: buying again once the order went ahead (not while unpaid, nor once cancelled), and a review
 * only of what was delivered, as a review tells of the product in hand.
 */
function lineActions(order: Order) {
  const delivered = order.statusHistory.some((h) => h.status === 'delivered');
  return { buyAgain: order.status !== 'pending' && order.status !== 'cancelled', review: delivered };
}

function OrderLineItem({ line, actions }: { line: OrderLine; actions: { buyAgain: boolean; review: boolean } }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { productBrief: product, quantity } = line;
  const name = <Localized value={localized.name(product)} />;
  const productId = product.product_id;
  const productPath = productId ? paths.productVariant(productId, line.variant?._id) : null;
  return (
    <li className="cart-line">
      <ProductImage src={product.image_path[0]} alt="" width={72} height={72} className="cart-line-media" />
      <div className="cart-line-body min-w-0">
        {productPath ? (
          <Link to={productPath} className="cart-line-name">
            {name}
          </Link>
        ) : (
          <span className="cart-line-name">{name}</span>
        )}
        {line.variant && <VariantValues options={line.variant.options} />}
        <p className="small text-body-secondary mb-2">
          <Price value={product.price} /> · {t('checkout.review.quantity', { count: quantity })}
        </p>
        {productId && productPath ? (
          (actions.buyAgain || actions.review) && (
            <div className="d-flex flex-wrap gap-2">
              {/* The product's name, for screen readers only, tells one order line's buttons from the next. */}
              {actions.buyAgain && (
                <Link to={productPath} className="btn btn-sm btn-accent">
                  {t('checkout.orders.buyAgain')}
                  <span className="visually-hidden">: {name}</span>
                </Link>
              )}
              {actions.review && (
                <Link to={paths.reviewOf(productId)} className="btn btn-sm btn-outline-secondary">
                  {t('checkout.orders.review')}
                  <span className="visually-hidden">: {name}</span>
                </Link>
              )}
            </div>
          )
        ) : (
          <p className="small text-body-secondary mb-0">{t('checkout.orders.unavailable')}</p>
        )}
      </div>
    </li>
  );
}
