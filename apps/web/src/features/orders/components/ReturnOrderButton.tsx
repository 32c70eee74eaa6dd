import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Order } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notifyOutcome';
import { useRequestReturnMutation } from '../api/ordersApi';
import { orderRef } from '../orderRef';
import { ReasonDialog } from './ReasonDialog';

/** Asks to send a delivered order back, with the reason the shop needs; `deadline` is the window's last moment. */
export function ReturnOrderButton({ order, deadline }: { order: Order; deadline: Date }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [requestReturn, { isLoading }] = useRequestReturnMutation();
  const ref = orderRef(order._id);
  const lastDay = formatDate(deadline.toISOString(), intlLocale(i18n.language));

  const confirm = async (reason: string) => {
    const done = await notifyOutcome(
      requestReturn({ id: order._id, reason }).unwrap(),
      t('checkout.orders.returnRequested', { ref }),
      t('checkout.orders.failedAction'),
    );
    if (done) setAsking(false);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={t('checkout.orders.returnNamed', { ref })}
        onClick={() => setAsking(true)}
      >
        {t('checkout.orders.return')}
      </Button>
      <ReasonDialog
        show={asking}
        id={`return-${order._id}`}
        title={t('checkout.orders.returnTitle', { ref })}
        label={t('checkout.orders.returnReason')}
        hint={t('checkout.orders.returnReasonHint')}
        requiredMessage={t('checkout.orders.returnReasonRequired')}
        submitLabel={t('checkout.orders.returnSubmit')}
        dismissLabel={t('common.cancel')}
        variant="primary"
        busy={isLoading}
        onSubmit={(reason) => void confirm(reason)}
        onClose={() => setAsking(false)}
      >
        <p>{t('checkout.orders.returnUntil', { date: lastDay })}</p>
      </ReasonDialog>
    </>
  );
}
