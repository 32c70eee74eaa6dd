import type { AddressInput } from '@shop/contracts';
import { intlLocale } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { formatPrice } from '../../lib/format';
import { useGetCashOfferQuery } from './api/checkoutApi';

/**
 * What the shop's cash rules say of the cart delivered to the address (GET /api/order/cash), in the page's
 * language: why cash on delivery is not offered (`refused`), or the deposit paid online first and the rest at the
 * door (`deposit`); `pending` until the first answer. Without an address nothing is asked, and nothing is refused:
 * placing the order checks again whatever the page showed.
 */
export function useCashRules(address: AddressInput | null | undefined, coupon?: string) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useGetCashOfferQuery(
    { state: address?.state ?? '', phone: address?.phone ?? '', ...(coupon ? { coupon } : {}) },
    { skip: !address },
  );
  const price = (egp: number) => formatPrice(egp, intlLocale(i18n.language));
  const phone = address?.phone ?? '';
  let refused: string | undefined;
  if (data?.cash === 'online') {
    if (data.refusal === 'cash_bill_over_limit')
      refused = t('checkout.cashRules.billOverLimit', { limit: price(data.limit ?? 0) });
    else if (data.refusal === 'cash_orders_open')
      refused = t('checkout.cashRules.ordersOpen', { count: data.limit ?? 0, phone });
    else if (data.refusal === 'cash_phones_asked') refused = t('checkout.cashRules.phonesAsked');
    else refused = t('checkout.cashRules.onlineOnly', { phone });
  }
  const deposit =
    data?.cash === 'deposit'
      ? {
          ...data,
          text: t('checkout.cashRules.deposit', { deposit: price(data.deposit), rest: price(data.rest) }),
        }
      : null;
  return { refused, deposit, pending: isLoading };
}
