import { REFUND_SETTLE_MS, type OrderForStaff } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateTime } from '../format';
import { usePermissions } from '../permissions';
import { OrderStatusControl } from './OrderStatusControl';
import { RefundButton } from './RefundButton';
import { RefundUnheard } from './RefundUnheard';

/**
 * What staff may do to an order wherever the dashboard shows one: move it along and refund it, as the role allows.
 * While a refund waits on the provider (`refundPending`) the order does neither, as the server refuses both: it says so.
 * One whose answer never came is for staff who refund to check at the provider (RefundUnheard).
 */
export function OrderActions({ order }: { order: OrderForStaff }) {
  const { can } = usePermissions();
  const acts = can('orders.move') || can('orders.refund');
  if (order.refundPending) return acts && <RefundPending at={order.refundPending} />;
  return (
    <>
      {can('orders.refund') && <RefundUnheard order={order} />}
      {can('orders.move') && <OrderStatusControl orderId={order._id} status={order.status} deposit={order.deposit} />}
      {can('orders.refund') && <RefundButton order={order} />}
    </>
  );
}

/**
 * When the refund was asked, and until when it holds the order: a provider that never answers (or cannot say what
 * became of it) leaves the order to be refunded again then, the provider first asked what became of this one.
 */
function RefundPending({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const until = new Date(new Date(at).getTime() + REFUND_SETTLE_MS).toISOString();
  return (
    <p className="small text-body-secondary mt-2 mb-0">
      {t('admin.orders.refundPending', { date: formatDateTime(at, locale), until: formatDateTime(until, locale) })}
    </p>
  );
}
