import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@shop/contracts';

export function PaymentMethodLabel({ method, className }: { method: PaymentMethod; className?: string }) {
  const { t } = useTranslation();
  return <span className={className}>{t(method === 'visa' ? 'checkout.method.visa' : 'checkout.method.cash')}</span>;
}
