import type { PaymentMethod } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';

export function PaymentMethodLabel({ method, className }: { method: PaymentMethod; className?: string }) {
  const { t } = useTranslation();
  return <span className={className}>{t(method === 'visa' ? 'checkout.method.visa' : 'checkout.method.cash')}</span>;
}
