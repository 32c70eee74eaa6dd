import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PAID_BACK_WAYS, type OwedPayment, type PaidBackWay } from '@shop/contracts';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { useRecordPaidBackMutation } from '../api/adminApi';
import { formatDateTime } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { usePermissions } from '../permissions';
import { ConfirmDialog } from './ConfirmDialog';
import { PaidBackByField } from './PaidBackByField';

/**
 * Payments the order did not take (paid twice, or after it was cancelled) that their provider refused to give back:
 * the shop owes them. A member who gives refunds gives each back by hand and records how; others see what is owed.
 */
export function OwedBack({ orderId, owed }: { orderId: string; owed: OwedPayment[] }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const locale = intlLocale(i18n.language);
  return (
    <>
      <p className="small text-body-secondary">{t('admin.order.owedBackHelp')}</p>
      <ul className="list-unstyled d-grid gap-2 mb-0">
        {owed.map((payment) => (
          <li key={payment._id}>
            <span className="fw-semibold">
              <Price value={payment.amount} />
            </span>
            {payment.paidAt && (
              <span className="small text-body-secondary">
                {' '}
                {t('admin.order.owedBackPaidAt', { date: formatDateTime(payment.paidAt, locale) })}
              </span>
            )}
            {can('orders.refund') && <RecordPaidBack orderId={orderId} payment={payment} />}
          </li>
        ))}
      </ul>
    </>
  );
}

function RecordPaidBack({ orderId, payment }: { orderId: string; payment: OwedPayment }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [paidBackBy, setPaidBackBy] = useState<PaidBackWay>('cash');
  const [record, { isLoading }] = useRecordPaidBackMutation();
  const confirm = async () => {
    const request = record({ id: orderId, ref: payment._id, paidBackBy: PAID_BACK_WAYS[paidBackBy] });
    if (await notifyOutcome(request.unwrap(), t('admin.order.paidBackRecorded'))) setAsking(false);
  };
  return (
    <div>
      <Button size="sm" variant="outline-danger" className="mt-1" onClick={() => setAsking(true)}>
        {t('admin.order.recordPaidBack')}
      </Button>
      <ConfirmDialog
        show={asking}
        title={t('admin.order.recordPaidBackTitle')}
        confirmLabel={t('admin.order.recordPaidBack')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p className="fw-semibold">
          <Price value={payment.amount} />
        </p>
        <p>{t('admin.order.recordPaidBackText')}</p>
        <PaidBackByField id={`owed-${payment._id}-paid-back-by`} value={paidBackBy} onChange={setPaidBackBy} />
      </ConfirmDialog>
    </div>
  );
}
