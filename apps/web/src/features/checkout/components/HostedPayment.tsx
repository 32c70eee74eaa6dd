import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import type { PaymentConfig } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { useTranslation } from '../../../i18n/useTranslation';
import { useStartPaymentMutation } from '../api/paymentApi';
import { readOnlineChoice } from '../checkoutStorage';
import { useShopper } from './ShopperOnly';
import { paths } from '../../../lib/paths';

/**
 * Whether the method chosen at /Payment is paid away from the shop's card form: at a provider's hosted checkout, or
 * through another provider than the main one (a Fawry reference beside Stripe's or the test provider's cards).
 */
export function useHostedPayment(config: PaymentConfig | undefined): boolean {
  const user = useShopper();
  if (!config) return false;
  const { method } = readOnlineChoice(user._id);
  const servedBy = config.offers.find((offer) => offer.method === method)?.provider ?? config.provider;
  return config.hostedCheckout || servedBy !== config.provider;
}

/**
 * A provider with its own checkout pages (Paymob): the payment is started with the method chosen
 * at /Payment and the shopper sent there. They come back through the API's signed return route to
 * /PaymentStatus, which follows the order.
 */
export function HostedPayment({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const user = useShopper();
  const [start, { data, error }] = useStartPaymentMutation();
  const checkoutUrl = data?.checkoutUrl;
  const navigate = useNavigate();

  useEffect(() => {
    const { method, walletPhone } = readOnlineChoice(user._id);
    void start({
      order_id: orderId,
      method,
      ...(method === 'wallet' && walletPhone ? { wallet_phone: walletPhone } : {}),
    });
  }, [start, orderId, user._id]);

  useEffect(() => {
    if (checkoutUrl) window.location.assign(checkoutUrl);
    // A reference to pay at an outlet (Fawry) has no page to go to: the status page shows it.
    else if (data) void navigate(`${paths.paymentStatus}?order=${encodeURIComponent(orderId)}`, { replace: true });
  }, [checkoutUrl, data, navigate, orderId]);

  if (error) {
    return (
      <Alert variant="danger" className="checkout-narrow">
        <p>{errorMessage(error) ?? t('checkout.pay.unknown')}</p>
        <Link to={paths.payment} className="btn btn-outline-danger">
          {t('checkout.status.otherMethod')}
        </Link>
      </Alert>
    );
  }
  return (
    <div className="checkout-narrow">
      <div className="d-flex align-items-center gap-2 py-4 text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" />
        {t('checkout.paymob.redirecting')}
      </div>
      {checkoutUrl && (
        <a href={checkoutUrl} className="btn btn-accent btn-lg">
          {t('checkout.paymob.continue')}
        </a>
      )}
    </div>
  );
}
