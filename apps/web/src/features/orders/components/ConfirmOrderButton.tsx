import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { Order } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { notifyOutcome } from '../../../lib/notifyOutcome';
import { useConfirmOrderMutation } from '../api/ordersApi';
import { orderRef } from '../orderRef';

/**
 * Confirms a cash order awaiting the shopper's word, as the message's link does, in one press: confirming is what
 * the shopper meant by ordering, so it asks nothing more. The outcome, or the server's reason, is announced.
 */
export function ConfirmOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [confirmOrder, { isLoading }] = useConfirmOrderMutation();
  const ref = orderRef(order._id);

  const confirm = () =>
    void notifyOutcome(
      confirmOrder(order._id).unwrap(),
      t('checkout.orders.confirmed', { ref }),
      t('checkout.orders.failedAction'),
    );

  return (
    <Button
      size="sm"
      variant="primary"
      aria-label={t(isLoading ? 'checkout.orders.confirmingNamed' : 'checkout.orders.confirmNamed', { ref })}
      disabled={isLoading}
      aria-busy={isLoading}
      onClick={confirm}
    >
      {isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {t(isLoading ? 'checkout.orders.confirming' : 'checkout.orders.confirm')}
    </Button>
  );
}
