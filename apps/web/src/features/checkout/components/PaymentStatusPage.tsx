import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PaymentStatus } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { clearCart } from '../../cart';
import { useGetMyOrdersQuery } from '../../orders';
import { paymentSettled, useGetPaymentStatusQuery } from '../api/paymentApi';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

const POLL_MS = 2000;

/**
 * Paid, or further along: the money is in, whatever the provider's page said. A cash order's deposit paid moves it
 * on as a cash order starts (awaiting confirmation, or confirmed).
 */
const isPaid = (status: PaymentStatus | undefined) =>
  Boolean(status && ['paid', 'awaiting_confirmation', 'confirmed', 'shipped', 'delivered'].includes(status.status));

/**
 * /PaymentStatus?order=…: where a hosted checkout's signed return lands. It follows the shop's own
 * order status, which only the provider's server callback changes: success once the order is paid,
 * the kiosk reference while a kiosk payment waits, a way to try again after a decline.
 */
export function PaymentStatusPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const { data: status, isError } = useGetPaymentStatusQuery(orderId, {
    skip: !orderId,
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const paid = isPaid(status);
  const orders = useGetMyOrdersQuery(undefined, { skip: !paid });
  const bill = orders.data?.find((order) => order._id === orderId)?.bill;
  // The bill is only shown on /success: once the orders answered, or could not, the paid shopper moves on regardless.
  const ordersAnswered = orders.isSuccess || orders.isError;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // Fetched ahead, so a payment confirmed moves on to /success at once.
  useEffect(() => {
    void import('./SuccessPage');
  }, []);

  useEffect(() => {
    if (!paid || !ordersAnswered) return;
    dispatch(clearCart());
    dispatch(paymentSettled());
    void navigate(paths.success, { replace: true, state: bill === undefined ? { orderId } : { orderId, bill } });
  }, [paid, ordersAnswered, bill, orderId, dispatch, navigate]);

  let body;
  if (!orderId || isError || status?.status === 'cancelled') {
    body = (
      <Alert variant="danger">
        <p>{t(status?.status === 'cancelled' ? 'checkout.status.cancelled' : 'checkout.pay.timeout')}</p>
        <Link to={paths.cart} className="btn btn-outline-danger">
          {t('checkout.review.backToCart')}
        </Link>
      </Alert>
    );
  } else if (status?.status === 'pending' && status.payment?.state === 'failed') {
    body = (
      <>
        <Alert variant="danger" role="alert">
          {t('checkout.pay.failed')}
        </Alert>
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-accent"
            onClick={() => void navigate(paths.stripe, { state: { order_id: orderId } })}
          >
            {t('checkout.status.tryAgain')}
          </button>
          <Link to={paths.payment} className="btn btn-outline-secondary">
            {t('checkout.status.otherMethod')}
          </Link>
        </div>
      </>
    );
  } else if (status?.status === 'pending' && status.payment?.reference) {
    body = (
      <>
        <KioskReference payment={status.payment} reference={status.payment.reference} />
        <Link to={paths.orders} className="btn btn-outline-primary mt-4">
          {t('checkout.success.viewOrders')}
        </Link>
      </>
    );
  } else {
    body = (
      <div className="d-flex align-items-center gap-2 py-4 text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" />
        {t('checkout.status.waiting')}
      </div>
    );
  }

  return (
    <div className="container-sm py-5 checkout-narrow">
      <title>{t('checkout.status.documentTitle')}</title>
      <h1 className="page-title">{t('checkout.status.title')}</h1>
      {body}
    </div>
  );
}

/** A reference to pay at an outlet (Aman or Masary for Paymob's kiosk, Fawry for Fawry's): what, how much, until when. */
function KioskReference({ payment, reference }: { payment: NonNullable<PaymentStatus['payment']>; reference: string }) {
  const { t, i18n } = useTranslation();
  const fawry = payment.method === 'fawry';
  const until = payment.expiresAt
    ? new Intl.DateTimeFormat(intlLocale(i18n.language), {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: 'Africa/Cairo',
      }).format(new Date(payment.expiresAt))
    : null;
  return (
    <section className="checkout-card card p-3 p-md-4" aria-labelledby="kiosk-title">
      <h2 id="kiosk-title" className="h5">
        {t(fawry ? 'checkout.status.fawryTitle' : 'checkout.status.kioskTitle')}
      </h2>
      <p>{t(fawry ? 'checkout.status.fawryText' : 'checkout.status.kioskText')}</p>
      <p className="mb-1 text-body-secondary">{t('checkout.status.kioskReference')}</p>
      <p className="kiosk-reference font-monospace fw-bold mb-3" dir="ltr" data-testid="kiosk-reference">
        {reference}
      </p>
      <p className="d-flex justify-content-between fw-semibold mb-0">
        {t('checkout.status.kioskAmount')} <Price value={payment.amount} />
      </p>
      {until && (
        <p className="mt-2 mb-0" data-testid="reference-expiry">
          {t('checkout.status.payBy', { date: until })}
        </p>
      )}
    </section>
  );
}
