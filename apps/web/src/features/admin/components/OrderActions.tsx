import type { OrderForStaff } from '@shop/contracts';
import { usePermissions } from '../permissions';
import { OrderStatusControl } from './OrderStatusControl';
import { RefundButton } from './RefundButton';

/** What staff may do to an order wherever the dashboard shows one: move it along and refund it, as the role allows. */
export function OrderActions({ order }: { order: OrderForStaff }) {
  const { can } = usePermissions();
  return (
    <>
      {can('orders.move') && (
        <OrderStatusControl
          orderId={order._id}
          status={order.status}
          deposit={order.deposit}
          refundPending={order.refundPending}
        />
      )}
      {can('orders.refund') && <RefundButton order={order} />}
    </>
  );
}
