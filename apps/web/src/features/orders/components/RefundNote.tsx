import { CARD_REFUND_DAYS, type Order, type OrderRefund } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate, formatPrice } from '../../../lib/format';

/** The words the dashboard records for how a cash order's money went back (RefundButton), as the shopper reads them. */
const PAID_BACK_KEY = {
  cash: 'cash',
  'bank transfer': 'bankTransfer',
  'mobile wallet': 'wallet',
  InstaPay: 'instapay',
} as const;
const isRecordedWay = (way: string): way is keyof typeof PAID_BACK_KEY => Object.hasOwn(PAID_BACK_KEY, way);

/** How the refund reaches the shopper: back the way they paid online within so many days, or by hand. */
export function useRefundWay() {
  const { t } = useTranslation();
  return (refund: OrderRefund) => {
    if (refund.method !== 'cash') return t(`checkout.refund.back.${refund.method}`, { days: CARD_REFUND_DAYS });
    const way = refund.paidBackBy ?? '';
    return t('checkout.refund.paidBack', {
      how: isRecordedWay(way) ? t(`checkout.refund.paidBackBy.${PAID_BACK_KEY[way]}`) : way,
    });
  };
}

/** A refunded order's refund, whole or partial: the amount, the day, and how the money reaches the shopper. */
export function RefundNote({ order, className }: { order: Order; className?: string }) {
  const { t, i18n } = useTranslation();
  const way = useRefundWay();
  const { refund } = order;
  if (!refund) return null;
  const locale = intlLocale(i18n.language);
  const facts = {
    amount: formatPrice(refund.amount, locale),
    bill: formatPrice(order.bill, locale),
    date: formatDate(refund.at, locale),
  };
  return (
    <p className={className} data-testid="refund-note">
      <strong>{t(refund.whole ? 'checkout.refund.whole' : 'checkout.refund.part', facts)}</strong> {way(refund)}
    </p>
  );
}
