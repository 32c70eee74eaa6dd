import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n';
import { formatPrice } from '../lib/format';

export function Price({ value, className }: { value: number; className?: string }) {
  const { i18n } = useTranslation();
  return <span className={className}>{formatPrice(value, intlLocale(i18n.language))}</span>;
}
