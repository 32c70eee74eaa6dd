import { CARD_REFUND_DAYS, paidBackWayOf, type Order, type OrderRefund } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate, formatPrice } from '../../../lib/format';

/** How the refund reaches the shopper: back the way they paid online within so many days, or by hand. */
export function useRefundWay() {
  const { t } = useTranslation();
  return (refund: OrderRefund) => {
    if (refund.method !== 'cash') return t(`checkout.refund.back.${refund.method}`, { days: CARD_REFUND_DAYS });
    // A way the dashboard records in its own words, said in the shopper's; any other as the admin wrote it.
    const way = paidBackWayOf(refund.paidBackBy);
    return t('checkout.refund.paidBack', {
      how: way ? t(`checkout.refund.paidBackBy.${way}`) : (refund.paidBackBy ?? ''),
    });
  };
}

/**
 * A refunded order's refund, whole or partial: the amount, the day, and how the money reaches the shopper. A cash
 * order's deposit given back (its order cancelled, or its parcel refused and the kept fees given back later) is told
 * as the delivery fees paid online, not a part of a bill the shopper never paid.
 */
export function RefundNote({ order, className }: { order: Order; className?: string }) {
  const { t, i18n } = useTranslation();
  const way = useRefundWay();
  const { refund, deposit } = order;
  if (!refund) return null;
  const locale = intlLocale(i18n.language);
  const facts = {
    amount: formatPrice(refund.amount, locale),
    bill: formatPrice(order.bill, locale),
    deposit: formatPrice(deposit?.amount ?? 0, locale),
    date: formatDate(refund.at, locale),
  };
  const said =
    deposit?.state === 'refunded'
      ? refund.amount >= deposit.amount
        ? 'checkout.refund.deposit'
        : 'checkout.refund.depositPart'
      : refund.whole
        ? 'checkout.refund.whole'
        : 'checkout.refund.part';
  return (
    <p className={className} data-testid="refund-note">
      <strong>{t(said, facts)}</strong> {way(refund)}
    </p>
  );
}
