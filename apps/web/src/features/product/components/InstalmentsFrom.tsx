import { monthlyInstalment } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';
import { useGetPaymentConfigQuery } from '../../../api/paymentConfigApi';

/**
 * "Instalments from X EGP a month" under a price some instalment plan takes: the lowest monthly sum over the
 * longest length the merchant lists, with the plan's interest if one is set. Nothing while the plans load, or when
 * none takes the price.
 */
export function InstalmentsFrom({ price }: { price: number }) {
  const { t, i18n } = useTranslation();
  const { data: config } = useGetPaymentConfigQuery();
  const monthly = monthlyInstalment(price, config?.instalments ?? []);
  if (monthly === null) return null;
  return (
    <p className="small mb-1" data-testid="instalments-from">
      {t('product.instalmentsFrom', { amount: formatPrice(monthly, intlLocale(i18n.language)) })}
    </p>
  );
}
