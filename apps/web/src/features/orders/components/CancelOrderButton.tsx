import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Order } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notifyOutcome';
import { useCancelOrderMutation } from '../api/ordersApi';
import { orderRef } from '../orderRef';
import { ReasonDialog } from './ReasonDialog';

/** Cancels an order not yet shipped, after the shopper confirms; a paid one is refunded as the server cancels it. */
export function CancelOrderButton({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [cancel, { isLoading }] = useCancelOrderMutation();
  const ref = orderRef(order._id);

  const confirm = async (reason: string) => {
    const done = await notifyOutcome(
      cancel({ id: order._id, reason: reason || undefined }).unwrap(),
      t('checkout.orders.cancelled', { ref }),
      t('checkout.orders.failedAction'),
    );
    if (done) setAsking(false);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={t('checkout.orders.cancelNamed', { ref })}
        onClick={() => setAsking(true)}
      >
        {t('checkout.orders.cancel')}
      </Button>
      <ReasonDialog
        show={asking}
        id={`cancel-${order._id}`}
        title={t('checkout.orders.cancelTitle', { ref })}
        label={t('checkout.orders.cancelReason')}
        hint={t('checkout.orders.cancelReasonHint')}
        submitLabel={t('checkout.orders.cancel')}
        dismissLabel={t('checkout.orders.keep')}
        variant="danger"
        busy={isLoading}
        onSubmit={(reason) => void confirm(reason)}
        onClose={() => setAsking(false)}
      >
        <p>
          {order.status === 'paid'
            ? t('checkout.orders.cancelRefund', { amount: formatPrice(order.bill, intlLocale(i18n.language)) })
            : t('checkout.orders.cancelText')}
        </p>
      </ReasonDialog>
    </>
  );
}
