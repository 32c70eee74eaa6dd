import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Price } from '../../../components/Price';
import { useTranslation } from '../../../i18n/useTranslation';
import { useRefundOrderMutation } from '../api/adminApi';
import { shortId } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { ConfirmDialog } from './ConfirmDialog';

/** Gives a paid order's money back through the payment provider, after the admin confirms; the server cancels it and restocks. */
export function RefundButton({ orderId, bill }: { orderId: string; bill: number }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [refund, { isLoading }] = useRefundOrderMutation();
  const id = shortId(orderId);

  const confirm = async () => {
    if (await notifyOutcome(refund(orderId).unwrap(), t('admin.orders.refunded', { id }))) setAsking(false);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline-danger"
        className="mt-2"
        aria-label={t('admin.orders.refundLabel', { id })}
        onClick={() => setAsking(true)}
      >
        {t('admin.orders.refund')}
      </Button>
      <ConfirmDialog
        show={asking}
        title={t('admin.orders.refundTitle', { id })}
        confirmLabel={t('admin.orders.refund')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p className="fw-semibold">
          <Price value={bill} />
        </p>
        <p className="mb-0">{t('admin.orders.refundText')}</p>
      </ConfirmDialog>
    </>
  );
}
