import { shopReasonOf } from '@shop/contracts';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * The reason kept with an order's move, in the reader's words: a person's as they wrote it, one the shop gave itself
 * (a cash order not confirmed in time, one paid back by hand) in the reader's language. Needs the checkout's texts.
 */
export function useMoveReason(): (reason: string) => string {
  const { t } = useTranslation();
  return (reason) => {
    const shops = shopReasonOf(reason);
    if (!shops) return reason;
    if (shops.said === 'notConfirmed') return t('checkout.orders.reasons.notConfirmed');
    return t('checkout.orders.reasons.paidBack', {
      how: shops.way ? t(`checkout.orders.reasons.paidBackBy.${shops.way}`) : shops.by,
    });
  };
}
