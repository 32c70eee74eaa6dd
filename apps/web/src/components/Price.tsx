import { intlLocale } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { formatPrice } from '../lib/format';

export function Price({ value, className }: { value: number; className?: string }) {
  const { i18n } = useTranslation();
  return <span className={className}>{formatPrice(value, intlLocale(i18n.language))}</span>;
}
