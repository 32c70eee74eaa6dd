import { lazy, Suspense, useCallback, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Order } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { Price } from '../../../components/Price';
import { ProductImage } from '../../../components/ProductImage';
import { isRecord } from '../../../lib/guards';
import { clearCart } from '../../cart';
import { awaitsOnlinePayment, useGetMyOrdersQuery } from '../../orders';
import { useGetPaymentConfigQuery } from '../../../api/paymentConfigApi';
import { paymentSettled, useCreatePaymentIntentQuery } from '../api/paymentApi';
import { orderTotalsOf } from '../orderTotals';
import { CheckoutSteps } from './CheckoutSteps';
import { HostedPayment, useHostedPayment } from './HostedPayment';
import { OrderSummary } from './OrderSummary';
import { PayButton } from './PaymentFeedbackAlert';
import { TestCardForm } from './TestCardForm';
import '../../../styles/checkout.css';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';

/** Stripe.js and Elements load only when the shop really uses Stripe, and only on this screen. */
const StripeCardForm = lazy(() =>
  import('../stripe/StripeCardForm').then((module) => ({ default: module.StripeCardForm })),
);

const orderIdOf = (state: unknown) =>
  isRecord(state) && typeof state.order_id === 'string' && state.order_id ? state.order_id : null;

/**
 * /Stripe: card payment of the order named in navigation state, its summary beside the card form. Reloading the page
 * or coming back to it later resumes the payment of the same order: without the state (a new tab, a bookmark) it is
 * the shopper's newest order still waiting for its card payment.
 */
export function StripePage() {
  const { t } = useTranslation();
  const fromState = orderIdOf(useLocation().state);
  const { data: config, isError } = useGetPaymentConfigQuery();
  const orders = useGetMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const awaiting = orders.data?.find(awaitsOnlinePayment);
  const orderId = fromState ?? awaiting?._id ?? null;
  const hosted = useHostedPayment(config);
  const texts = hosted ? 'checkout.paymob' : 'checkout.stripe';
  // The card form needs the provider's answer; a hosted checkout is only a redirect away.
  let payment = <SessionLost />;
  if (orderId && hosted) payment = <HostedPayment orderId={orderId} />;
  else if (orderId && config) payment = <CardPayment orderId={orderId} />;
  else if ((orderId && !isError) || (!fromState && orders.isLoading)) payment = <FormLoading />;
  return (
    <div className="container-xl py-4">
      <title>{t(`${texts}.documentTitle`)}</title>
      <CheckoutSteps step={4} />
      <h1 className="page-title">{t(`${texts}.title`)}</h1>
      {payment}
    </div>
  );
}

/** A payment that truly cannot go on (the order was cancelled or expired, or is not the shopper's): start again from the cart. */
function SessionLost() {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="checkout-narrow">
      <p>{t('checkout.pay.timeout')}</p>
      <Link to={paths.cart} className="btn btn-outline-danger">
        {t('checkout.review.backToCart')}
      </Link>
    </Alert>
  );
}

function CardPayment({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const config = useGetPaymentConfigQuery();
  const intent = useCreatePaymentIntentQuery(orderId);
  const orders = useGetMyOrdersQuery();
  const order = orders.data?.find((candidate) => candidate._id === orderId);
  const bill = order?.bill;
  // A cash order's deposit is what is paid here; the rest is paid at the door.
  const amount = order?.deposit ? order.deposit.amount : bill;
  // Fetched ahead, so a successful payment moves on to /success at once.
  useEffect(() => {
    void import('./SuccessPage');
  }, []);

  // The server takes the paid products out of its cart; the local copy follows at once.
  const onPaid = useCallback(() => {
    dispatch(clearCart());
    dispatch(paymentSettled());
    void navigate(paths.success, { replace: true, state: { orderId, bill } });
  }, [dispatch, navigate, orderId, bill]);

  // The payment could not be started or resumed: what the order says decides whether it can still go on.
  const refetchOrders = orders.refetch;
  useEffect(() => {
    if (intent.error) void refetchOrders();
  }, [intent.error, refetchOrders]);
  const settled =
    Boolean(intent.error) && order !== undefined && order.status !== 'pending' && order.status !== 'cancelled';
  useEffect(() => {
    // Paid meanwhile (in another tab, or while the provider's answer was on its way): the payment is done.
    if (settled) onPaid();
  }, [settled, onPaid]);

  if (config.error) return <SessionLost />;
  if (intent.error) {
    if (orders.isFetching || settled) return <FormLoading />;
    if (order?.status !== 'pending') return <SessionLost />;
    return <PaymentUnreachable onRetry={() => void intent.refetch()} />;
  }

  const clientSecret = intent.data?.clientSecret;
  const publishableKey = config.data?.publishableKey;
  let form;
  if (config.data?.provider === 'offline') form = <TestCardForm clientSecret={clientSecret} onPaid={onPaid} />;
  else if (config.data?.provider === 'stripe' && publishableKey && clientSecret) {
    form = (
      <Suspense fallback={<FormLoading />}>
        <StripeCardForm publishableKey={publishableKey} clientSecret={clientSecret} orderId={orderId} />
      </Suspense>
    );
  } else form = <FormLoading />;

  return (
    <Row className="g-4">
      <Col lg={7}>
        <Card className="checkout-card">
          <Card.Body className="p-3 p-md-4">
            <h2 className="h5 mb-3">{t('checkout.stripe.cardDetails')}</h2>
            {/* On phones the summary comes after the form: the amount is repeated where the card is entered. */}
            {amount !== undefined && (
              <p className="d-lg-none d-flex justify-content-between fw-semibold mb-3">
                {t('checkout.stripe.amount')} <Price value={amount} />
              </p>
            )}
            {form}
          </Card.Body>
        </Card>
        <Link to={paths.cart} className="btn btn-link mt-2 px-0">
          {t('checkout.review.backToCart')}
        </Link>
      </Col>
      <Col lg={5}>{order ? <PaidOrderSummary order={order} /> : null}</Col>
    </Row>
  );
}

/** The order still waits for its payment but the shop could not be reached: trying again resumes the same payment. */
function PaymentUnreachable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" className="checkout-narrow">
      <p>{t('checkout.pay.unreachable')}</p>
      <Button variant="outline-dark" onClick={onRetry}>
        {t('checkout.pay.retry')}
      </Button>
    </Alert>
  );
}

/** Until the provider's form can take a card: a spinner, and the Pay now button already in place but disabled. */
function FormLoading() {
  const { t } = useTranslation();
  return (
    <>
      <div className="d-flex align-items-center gap-2 py-4 text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" />
        {t('checkout.stripe.loading')}
      </div>
      <PayButton ready={false} busy={false} />
    </>
  );
}

function PaidOrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  return (
    <OrderSummary totals={orderTotalsOf(order)} method={order.paymentMethod}>
      {order.deposit && <DepositLines order={order} deposit={order.deposit.amount} />}
      <h3 className="h6 mt-2">{t('checkout.stripe.orderItems')}</h3>
      <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
        {order.products.map((line) => (
          <li
            key={line.variant?._id ?? line.productBrief.product_id ?? line.productBrief.name}
            className="d-flex align-items-center gap-2 small"
          >
            <ProductImage
              src={line.productBrief.image_path[0]}
              alt=""
              width={40}
              height={40}
              className="summary-thumb"
            />
            <span className="flex-grow-1 min-w-0 text-truncate">
              <Localized value={localized.name(line.productBrief)} />
              {line.variant && <VariantValues options={line.variant.options} className="mb-0" />}
            </span>
            <span className="text-body-secondary text-nowrap">× {line.quantity}</span>
            <Price value={line.productBrief.price} className="text-nowrap" />
          </li>
        ))}
      </ul>
    </OrderSummary>
  );
}

/** What a cash order with a deposit pays now and what at the door. */
export function DepositLines({ order, deposit }: { order: Pick<Order, 'bill'>; deposit: number }) {
  const { t } = useTranslation();
  return (
    <dl className="d-flex flex-column gap-1 small mb-2">
      <div className="d-flex justify-content-between fw-semibold">
        <dt>{t('checkout.cashRules.paidNow')}</dt>
        <dd className="mb-0">
          <Price value={deposit} />
        </dd>
      </div>
      <div className="d-flex justify-content-between">
        <dt className="fw-normal">{t('checkout.cashRules.restAtDoor')}</dt>
        <dd className="mb-0">
          <Price value={order.bill - deposit} />
        </dd>
      </div>
    </dl>
  );
}
