import type { Order } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateTime } from '../../../lib/format';
import { useMoveReason } from '../moveReason';
import { orderRef } from '../orderRef';

/** Every move of the order, oldest first, with when it happened and the reason given for a cancellation or return. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const reasonOf = useMoveReason();
  const locale = intlLocale(i18n.language);
  const headingId = `order-${order._id}-history`;
  const last = order.statusHistory.length - 1;
  return (
    <section className="order-history" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-section-title">
        {t('checkout.orders.history')}
        <span className="visually-hidden"> #{orderRef(order._id)}</span>
      </h3>
      <ol className="order-timeline">
        {order.statusHistory.map((entry, index) => (
          <li
            key={`${entry.status}-${entry.at}`}
            className="order-timeline-step"
            aria-current={index === last ? 'step' : undefined}
          >
            <span className="order-timeline-status">{t(`checkout.orders.status.${entry.status}`)}</span>
            <time dateTime={entry.at} className="order-timeline-time">
              {formatDateTime(entry.at, locale)}
            </time>
            {entry.reason && (
              <span className="order-timeline-reason">
                {t('checkout.orders.reason')} <bdi>{reasonOf(entry.reason)}</bdi>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
