import { dayInCairo } from '@shop/contracts';
import { ClockIcon } from '../../../components/icons';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * "Offer ends Thursday, December 10" under a price on sale whose sale has a last day (`day`, Cairo's calendar), "Offer
 * ends today" on that day: a shopper weighing the price knows how long it holds. Nothing once the day is past, in the
 * minute before the API's sales pass gives the old prices back.
 */
export function SaleEnds({ day }: { day: string }) {
  const { t, i18n } = useTranslation();
  const now = dayInCairo(new Date());
  if (day < now) return null;
  const today = day === now;
  const named = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.parse(day)));
  return (
    <p className="small text-danger-emphasis fw-semibold mb-1 d-flex align-items-center gap-1">
      <ClockIcon size={14} />
      {today ? t('product.saleEndsToday') : t('product.saleEnds', { day: named })}
    </p>
  );
}
