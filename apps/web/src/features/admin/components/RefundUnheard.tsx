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

/** The two answers, each with its button, the button's name for a screen reader, and its dialog's words. */
const ANSWERS = [
  {
    givenBack: false,
    variant: 'outline-secondary',
    name: 'admin.orders.nothingWentBack',
    label: 'admin.orders.nothingWentBackLabel',
    title: 'admin.orders.nothingWentBackTitle',
    text: 'admin.orders.nothingWentBackText',
  },
  {
    givenBack: true,
    variant: 'outline-danger',
    name: 'admin.orders.moneyWentBack',
    label: 'admin.orders.moneyWentBackLabel',
    title: 'admin.orders.moneyWentBackTitle',
    // A returned order's is worded apart (moneyWentBackReturnedText): it becomes refunded, not cancelled.
    text: 'admin.orders.moneyWentBackText',
  },
] as const;
type Answer = (typeof ANSWERS)[number];

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
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [record, { isLoading }] = useRecordRefundCheckedMutation();
  const unheard = order.refundUnheard;
  if (!unheard) return null;
  const id = shortId(order._id);
  const amount = formatPrice(unheard.amount, locale);

  const confirm = async () => {
    if (!answer) return;
    const request = record({ id: order._id, givenBack: answer.givenBack });
    if (await notifyOutcome(request.unwrap(), t('admin.orders.refundCheckedRecorded', { id }))) setAnswer(null);
  };
  const returned = order.status === 'returned';

  return (
    <div className="mt-2">
      <p className="small mb-2">
        {t('admin.orders.refundUnheard', { amount, date: formatDateTime(unheard.at, locale) })}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {ANSWERS.map((each) => (
          <Button
            key={each.name}
            size="sm"
            variant={each.variant}
            aria-label={t(each.label, { id })}
            onClick={() => setAnswer(each)}
          >
            {t(each.name)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        show={answer !== null}
        title={answer ? t(answer.title, { id }) : ''}
        confirmLabel={answer ? t(answer.name) : ''}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAnswer(null)}
      >
        <p className="mb-0">
          {answer &&
            t(answer.givenBack && returned ? 'admin.orders.moneyWentBackReturnedText' : answer.text, { amount })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
