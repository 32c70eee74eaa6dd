import { useTranslation } from '../../i18n/useTranslation';
import { isEgypt } from './governorates';

/** A country as the page shows it: Egypt in the page's language, another as the shopper typed it. */
export function useCountryName() {
  const { t } = useTranslation();
  return (country: string) => (isEgypt(country) ? t('checkout.form.egypt') : country);
}
