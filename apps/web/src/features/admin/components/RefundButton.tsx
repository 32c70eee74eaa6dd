import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PAID_BACK_WAYS, type OrderForStaff, type PaidBackWay } from '@shop/contracts';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { formatPrice } from '../../../lib/format';
import { useTranslation } from '../../../i18n/useTranslation';
import { useRefundOrderMutation } from '../api/adminApi';
import { shortId } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { ConfirmDialog } from './ConfirmDialog';
import { PaidBackByField } from './PaidBackByField';

/**
 * What the order's refund gives back, offered as the API's refund decides it (the order's `refundable`), the same on
 * every screen that lists orders: nothing when there is nothing to give back. The money goes back after the admin
 * confirms: a paid order is cancelled and restocked, a returned one (its goods already back) becomes refunded. A cash
 * order's money was paid back by hand, so the admin says how, and that is kept in the order's history. A parcel
 * refused at the door keeps the delivery fees paid online: given back by hand later, the admin records that instead,
 * of the deposit rather than the bill, and the order stays returned. So does one of a cancelled order that its provider
 * refused to give back, and the order stays cancelled.
 */
export function RefundButton({
  order,
}: {
  order: Pick<OrderForStaff, '_id' | 'status' | 'paymentMethod' | 'refundable' | 'refund'>;
}) {
  const { refundable, refund } = order;
  if (!refundable) return null;
  return (
    <RefundOf
      orderId={order._id}
      whole={refundable.amount}
      givenBefore={refundable.of === 'bill' ? (refund?.amount ?? 0) : 0}
      deposit={refundable.of === 'deposit'}
      returned={order.status === 'returned'}
      cash={order.paymentMethod === 'cash'}
    />
  );
}

/**
 * The button and its confirmation; `whole` is what goes back unless the admin gives less: the bill, or the deposit, or
 * what is left of the bill once `givenBefore` (parts refunded at the payment provider) is counted.
 */
function RefundOf({
  orderId,
  whole,
  givenBefore,
  deposit,
  returned,
  cash,
}: {
  orderId: string;
  whole: number;
  givenBefore: number;
  deposit: boolean;
  returned: boolean;
  cash: boolean;
}) {
  const { t, i18n } = useTranslation();
  const byHand = cash || deposit;
  const [asking, setAsking] = useState(false);
  const [paidBackBy, setPaidBackBy] = useState<PaidBackWay>('cash');
  // Blank: the whole of it; otherwise the part given back, in EGP.
  const [amount, setAmount] = useState('');
  const [refund, { isLoading }] = useRefundOrderMutation();
  const id = shortId(orderId);
  const fieldId = `refund-${orderId}-paid-back-by`;
  const part = Number(amount);
  const partial = amount.trim() !== '' && part > 0 && part < whole;
  const invalid = amount.trim() !== '' && !(Number.isFinite(part) && part > 0 && part <= whole);

  const confirm = async () => {
    if (invalid) return;
    const request = refund({
      id: orderId,
      ...(partial ? { amount: Math.round(part * 100) / 100 } : {}),
      ...(byHand ? { paidBackBy: PAID_BACK_WAYS[paidBackBy] } : {}),
      ...(deposit ? { deposit: true as const } : {}),
    });
    const done = t(deposit ? 'admin.orders.depositBackRecorded' : 'admin.orders.refunded', { id });
    if (await notifyOutcome(request.unwrap(), done)) setAsking(false);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline-danger"
        className="mt-2"
        aria-label={t(deposit ? 'admin.orders.depositBackLabel' : 'admin.orders.refundLabel', { id })}
        onClick={() => setAsking(true)}
      >
        {t(deposit ? 'admin.orders.depositBack' : 'admin.orders.refund')}
      </Button>
      <ConfirmDialog
        show={asking}
        title={t(deposit ? 'admin.orders.depositBackTitle' : 'admin.orders.refundTitle', { id })}
        confirmLabel={t(deposit ? 'admin.orders.depositBack' : 'admin.orders.refund')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p className="fw-semibold">
          <Price value={partial ? part : whole} />
          {partial && (
            <span className="fw-normal text-body-secondary">
              {' '}
              {t('admin.orders.refundOfBill')} <Price value={whole} />
            </span>
          )}
        </p>
        <p>
          {t(
            deposit
              ? returned
                ? 'admin.orders.depositBackText'
                : 'admin.orders.depositBackCancelledText'
              : returned
                ? 'admin.orders.refundReturnedText'
                : 'admin.orders.refundText',
          )}
        </p>
        <Form.Group controlId={`refund-${orderId}-amount`}>
          <Form.Label>{t('admin.orders.refundAmount')}</Form.Label>
          <Form.Control
            inputMode="decimal"
            dir="ltr"
            value={amount}
            placeholder={String(whole)}
            isInvalid={invalid}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby={`refund-${orderId}-amount-help`}
          />
          <Form.Text id={`refund-${orderId}-amount-help`}>
            {deposit
              ? t('admin.orders.depositBackAmountHelp')
              : givenBefore > 0
                ? t('admin.orders.refundGivenBefore', { amount: formatPrice(givenBefore, intlLocale(i18n.language)) })
                : t('admin.orders.refundAmountHelp')}
          </Form.Text>
          <Form.Control.Feedback type="invalid">
            {t(deposit ? 'admin.orders.depositBackAmountInvalid' : 'admin.orders.refundAmountInvalid')}
          </Form.Control.Feedback>
        </Form.Group>
        {byHand && <PaidBackByField id={fieldId} value={paidBackBy} onChange={setPaidBackBy} />}
      </ConfirmDialog>
    </>
  );
}
