import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Price } from '../../../components/Price';
import { useTranslation } from '../../../i18n/useTranslation';
import { useRefundOrderMutation } from '../api/adminApi';
import { shortId } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * How a cash order's money goes back to the shopper: the shop pays it by hand and records how, in the
 * words the order's history and audit log keep (the same whatever the admin's language).
 */
const RECORDED_AS = {
  cash: 'cash',
  bankTransfer: 'bank transfer',
  wallet: 'mobile wallet',
  instapay: 'InstaPay',
} as const;
type PaidBackBy = keyof typeof RECORDED_AS;
const PAID_BACK_BY = Object.keys(RECORDED_AS) as PaidBackBy[];

/**
 * Gives an order's money back, after the admin confirms: a paid order is cancelled and restocked, a
 * returned one (its goods already back) becomes refunded. A cash order's money was paid back by hand,
 * so the admin says how, and that is kept in the order's history. A parcel refused at the door keeps the
 * delivery fees paid online (`keptDeposit`, in EGP): given back by hand later, the admin records that
 * instead, of the deposit rather than the bill, and the order stays returned.
 */
export function RefundButton({
  orderId,
  bill,
  returned = false,
  cash = false,
  keptDeposit,
}: {
  orderId: string;
  bill: number;
  returned?: boolean;
  cash?: boolean;
  keptDeposit?: number | undefined;
}) {
  const { t } = useTranslation();
  const deposit = keptDeposit !== undefined;
  // What is given back, whole unless the admin gives less: the bill, or the kept deposit.
  const whole = keptDeposit ?? bill;
  const byHand = cash || deposit;
  const [asking, setAsking] = useState(false);
  const [paidBackBy, setPaidBackBy] = useState<PaidBackBy>('cash');
  // Blank: the whole bill; otherwise the part of it given back, in EGP.
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
      ...(byHand ? { paidBackBy: RECORDED_AS[paidBackBy] } : {}),
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
              ? 'admin.orders.depositBackText'
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
            {t(deposit ? 'admin.orders.depositBackAmountHelp' : 'admin.orders.refundAmountHelp')}
          </Form.Text>
          <Form.Control.Feedback type="invalid">
            {t(deposit ? 'admin.orders.depositBackAmountInvalid' : 'admin.orders.refundAmountInvalid')}
          </Form.Control.Feedback>
        </Form.Group>
        {byHand && (
          <Form.Group className="mt-3" controlId={fieldId}>
            <Form.Label>{t('admin.orders.paidBackByLabel')}</Form.Label>
            <Form.Select
              value={paidBackBy}
              onChange={(event) => setPaidBackBy(PAID_BACK_BY.find((way) => way === event.target.value) ?? 'cash')}
            >
              {PAID_BACK_BY.map((way) => (
                <option key={way} value={way}>
                  {t(`admin.orders.paidBackBy.${way}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
      </ConfirmDialog>
    </>
  );
}
