import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { orderRef } from '../../orders';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';

/**
 * The shopper's order whose payment is being confirmed: the server keeps its products out of the cart until the
 * provider's word comes, so the cart says where they are and where to follow the payment.
 */
export function PayingNotice({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="info" role="status" className="mb-4">
      <Alert.Heading as="h2" className="h6">
        {t('checkout.cart.payingTitle')}
      </Alert.Heading>
      <p>{t('checkout.cart.payingText', { ref: orderRef(orderId) })}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link to={`${paths.paymentStatus}?order=${encodeURIComponent(orderId)}`} className="btn btn-primary btn-sm">
          {t('checkout.cart.payingFollow')}
        </Link>
        <Link to={paths.orders} className="btn btn-outline-primary btn-sm">
          {t('checkout.cart.payingOrders')}
        </Link>
      </div>
    </Alert>
  );
}
