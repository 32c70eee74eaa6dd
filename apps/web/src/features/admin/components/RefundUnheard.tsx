import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { OrderForStaff } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { formatPrice } from '../../../lib/format';
import { useTranslation } from '../../../i18n/useTranslation';
import { useRecordRefundCheckedMutation } from '../api/adminApi';
import { formatDateTime, shortId } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A refund asked of the payment provider whose answer never came (the order's `refundUnheard`). Shipping or refunding
 * the order asks the provider first what became of it; a provider that cannot say leaves a person to look at the
 * payment on its dashboard and record what they found, each answer confirmed: nothing went back (the request is
 * withdrawn, and the order may ship or be refunded again), or the money went back (the order moves on as that refund
 * would have moved it, nothing asked of the provider).
 */
export function RefundUnheard({ order }: { order: Pick<OrderForStaff, '_id' | 'status' | 'refundUnheard'> }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [givenBack, setGivenBack] = useState<boolean | null>(null);
  const [record, { isLoading }] = useRecordRefundCheckedMutation();
  const unheard = order.refundUnheard;
  if (!unheard) return null;
  const id = shortId(order._id);
  const amount = formatPrice(unheard.amount, locale);

  const confirm = async () => {
    if (givenBack === null) return;
    const request = record({ id: order._id, givenBack });
    if (await notifyOutcome(request.unwrap(), t('admin.orders.refundCheckedRecorded', { id }))) setGivenBack(null);
  };
  const moneyText =
    order.status === 'returned' ? 'admin.orders.moneyWentBackReturnedText' : 'admin.orders.moneyWentBackText';

  return (
    <div className="mt-2">
      <p className="small mb-2">
        {t('admin.orders.refundUnheard', { amount, date: formatDateTime(unheard.at, locale) })}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={t('admin.orders.nothingWentBackLabel', { id })}
          onClick={() => setGivenBack(false)}
        >
          {t('admin.orders.nothingWentBack')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={t('admin.orders.moneyWentBackLabel', { id })}
          onClick={() => setGivenBack(true)}
        >
          {t('admin.orders.moneyWentBack')}
        </Button>
      </div>
      <ConfirmDialog
        show={givenBack !== null}
        title={t(givenBack ? 'admin.orders.moneyWentBackTitle' : 'admin.orders.nothingWentBackTitle', { id })}
        confirmLabel={t(givenBack ? 'admin.orders.moneyWentBack' : 'admin.orders.nothingWentBack')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setGivenBack(null)}
      >
        <p className="mb-0">{t(givenBack ? moneyText : 'admin.orders.nothingWentBackText', { amount })}</p>
      </ConfirmDialog>
    </div>
  );
}
