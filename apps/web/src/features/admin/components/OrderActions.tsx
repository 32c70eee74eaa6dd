import { Link } from 'react-router';
import { REFUND_SETTLE_MS, type OrderForStaff } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { formatDateTime, shortId } from '../format';
import { usePermissions } from '../permissions';
import { OrderStatusControl } from './OrderStatusControl';
import { RefundButton } from './RefundButton';
import { RefundUnheard } from './RefundUnheard';

/**
 * What staff may do to an order wherever the dashboard shows one: move it along and refund it, as the role allows.
 * While a refund waits on the provider (`refundPending`) the order does neither, as the server refuses both: it says so.
 * One whose answer never came is for staff who refund to check at the provider (RefundUnheard). A list of orders says
 * each in a line (`inList`), the unheard one leading to the order's page where it is checked.
 */
export function OrderActions({ order, inList = false }: { order: OrderForStaff; inList?: boolean }) {
  const { can } = usePermissions();
  const acts = can('orders.move') || can('orders.refund');
  if (order.refundPending) return acts && <RefundPending at={order.refundPending} inList={inList} />;
  return (
    <>
      {can('orders.refund') && (inList ? <RefundUnheardLine order={order} /> : <RefundUnheard order={order} />)}
      {can('orders.move') && <OrderStatusControl orderId={order._id} status={order.status} deposit={order.deposit} />}
      {can('orders.refund') && <RefundButton order={order} />}
    </>
  );
}

/**
 * When the refund was asked, and until when it holds the order: a provider that never answers (or cannot say what
 * became of it) leaves the order to be refunded again then, the provider first asked what became of this one.
 */
function RefundPending({ at, inList }: { at: string; inList: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [date, until] = [at, new Date(new Date(at).getTime() + REFUND_SETTLE_MS).toISOString()].map((when) =>
    formatDateTime(when, locale),
  );
  return (
    <p className="small text-body-secondary mt-2 mb-0">
      {t(inList ? 'admin.orders.refundPendingLine' : 'admin.orders.refundPending', { date, until })}
    </p>
  );
}

/** A refund whose answer never came, in a list: when it was asked, and a link to the order's page to check it. */
function RefundUnheardLine({ order }: { order: Pick<OrderForStaff, '_id' | 'refundUnheard'> }) {
  const { t, i18n } = useTranslation();
  if (!order.refundUnheard) return null;
  const date = formatDateTime(order.refundUnheard.at, intlLocale(i18n.language));
  return (
    <p className="small mt-2 mb-1">
      <Link
        to={paths.dashOrder(order._id)}
        aria-label={t('admin.orders.refundUnheardLineLabel', { id: shortId(order._id), date })}
      >
        {t('admin.orders.refundUnheardLine', { date })}
      </Link>
    </p>
  );
}
