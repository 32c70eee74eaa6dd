import { ExternalLinkIcon, TruckIcon } from '../../../components/icons';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * The courier's tracking number; a link to the courier's page when the shop knows it (not when the admin
 * typed the number by hand). The number reads left to right on an Arabic page too, as couriers print it.
 */
export function OrderTracking({ number, url }: { number: string; url: string | null }) {
  const { t } = useTranslation();
  const value = (
    <span dir="ltr" className="fw-semibold">
      {number}
    </span>
  );
  return (
    <p className="order-tracking">
      <TruckIcon size={18} className="text-body-secondary flex-shrink-0" />
      <span className="text-body-secondary">{t('checkout.orders.tracking')}:</span>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="d-inline-flex align-items-center gap-1">
          {value}
          <ExternalLinkIcon size={14} />
          <span className="visually-hidden">, {t('checkout.orders.trackingNewTab')}</span>
        </a>
      ) : (
        value
      )}
    </p>
  );
}
