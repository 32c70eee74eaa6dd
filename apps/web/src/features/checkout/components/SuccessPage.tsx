import { useEffect, useState } from 'react';
import { Link, useHref, useLocation, useSearchParams } from 'react-router';
import { SUCCESS_REDIRECT_MS } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useAppDispatch } from '../../../app/hooks';
import { PageLoader } from '../../../components/PageLoader';
import { Price } from '../../../components/Price';
import { isRecord } from '../../../lib/guards';
import { clearCart } from '../../cart';
import { orderRef, useGetMyOrdersQuery } from '../../orders';
import { useGetPaymentConfigQuery } from '../../../api/paymentConfigApi';
import { paymentSettled } from '../api/paymentApi';
import { feedbackForStatus } from '../paymentResult';
import { useIntentReader, useIntentStatus } from '../usePaymentStatus';
import successImage from '../assets/order-success.svg';
import { PaymentFeedbackAlert } from './PaymentFeedbackAlert';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

const POLL_MS = 2000;

/**
 * /success. Reached from a placed cash order or a paid card, or as the card provider's return URL,
 * whose `payment_intent_client_secret` query is read to learn how the payment ended.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const clientSecret = params.get('payment_intent_client_secret');
  return clientSecret ? (
    <ProviderReturn clientSecret={clientSecret} orderId={params.get('order')} />
  ) : (
    <OrderSucceeded />
  );
}

function ProviderReturn({ clientSecret, orderId }: { clientSecret: string; orderId: string | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: config, isError } = useGetPaymentConfigQuery();
  const { intent, failed, stopped } = useIntentStatus(useIntentReader(config, clientSecret));
  const feedback =
    failed || isError ? feedbackForStatus('unknown') : intent ? feedbackForStatus(intent.status, intent.message) : null;
  const succeeded = feedback?.kind === 'succeeded';
  // The server takes the paid lines out of its cart once the provider's callback marks the order paid, which may come
  // after the shopper is back (until then its cart holds them out: orders/claimed.ts in the API). The local cart is
  // emptied, and the orders read again, once the order the return names is no longer pending: another may stay
  // pending beside it, itself being paid (docs/decisions/paying-order-kept.md).
  const [cartCleared, setCartCleared] = useState(false);
  const orders = useGetMyOrdersQuery(undefined, {
    skip: !succeeded || cartCleared,
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const orderPaid = Boolean(orders.data?.some((order) => order._id === orderId && order.status !== 'pending'));

  useEffect(() => {
    if (!orderPaid || cartCleared) return;
    setCartCleared(true);
    dispatch(clearCart());
    dispatch(paymentSettled());
  }, [orderPaid, cartCleared, dispatch]);

  if (!feedback) return <PageLoader />;
  if (succeeded) return <OrderSucceeded />;
  return (
    <div className="container-sm py-5 checkout-narrow">
      <title>{t('checkout.stripe.documentTitle')}</title>
      <h1 className="page-title">{t('checkout.success.paymentTitle')}</h1>
      <PaymentFeedbackAlert feedback={feedback} />
      {/* While it is being read the result is yet to come; once the reading stops, the Orders screen follows it. */}
      {(feedback.kind !== 'processing' || stopped) && (
        <div className="d-flex flex-wrap gap-2 mt-4">
          <Link to={paths.orders} className="btn btn-primary">
            {t('checkout.success.viewOrders')}
          </Link>
          <Link to={paths.cart} className="btn btn-outline-secondary">
            {t('checkout.review.backToCart')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** The order just placed or paid, its bill when the page before knew it, and whether the shop waits for a yes. */
const orderOf = (state: unknown) =>
  isRecord(state) && typeof state.orderId === 'string'
    ? {
        id: state.orderId,
        bill: typeof state.bill === 'number' ? state.bill : null,
        awaitsConfirmation: state.awaitsConfirmation === true,
      }
    : null;

/** The message, a picture, then a full page load of / after SUCCESS_REDIRECT_MS (10 s). */
function OrderSucceeded() {
  const { t } = useTranslation();
  const order = orderOf(useLocation().state);
  // The home page in the page's language (/ar for an Arabic page).
  const home = useHref(paths.home);

  useEffect(() => {
    // A full load, not a route change: the shop starts afresh, with the cart and orders read anew.
    const timer = setTimeout(() => window.location.assign(home), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [home]);

  return (
    <div className="container-sm py-5 text-center checkout-narrow">
      <title>{t('checkout.success.documentTitle')}</title>
      <img src={successImage} alt="" width={320} height={220} className="img-fluid mb-4 success-image" />
      <h1 className="page-title mb-2">{t('checkout.success.title')}</h1>
      <p className="lead mb-2" role="status">
        {t('checkout.success.redirect')}
      </p>
      {order && (
        <p className="text-body-secondary">
          {t('checkout.success.orderRef', { ref: orderRef(order.id) })}
          {order.bill !== null && (
            <>
              {' · '}
              <Price value={order.bill} className="fw-semibold" />
            </>
          )}
        </p>
      )}
      {order?.awaitsConfirmation && (
        <p className="alert alert-warning mt-3 mb-0">{t('checkout.success.confirmAsked')}</p>
      )}
      <div className="d-flex flex-wrap justify-content-center gap-2 mt-4">
        <a href={home} className="btn btn-accent">
          {t('checkout.success.home')}
        </a>
        <Link to={paths.orders} className="btn btn-outline-primary">
          {t('checkout.success.viewOrders')}
        </Link>
      </div>
    </div>
  );
}
