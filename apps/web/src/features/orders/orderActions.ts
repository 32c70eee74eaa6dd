import { canTransition, RETURN_WINDOW_MS, withinReturnWindow, type Order } from '@shop/contracts';

/**
 * Whether the order waits for the shopper to pay online: a card order, or a cash order whose deposit is due
 * (docs/decisions/cash-deposit.md); both are paid on /Stripe.
 */
export const awaitsOnlinePayment = (order: Order) =>
  order.status === 'pending' && (order.paymentMethod === 'visa' || order.deposit?.state === 'due');

/** Whether the order waits for its shopper to confirm it (a cash order): contracts' state machine lets them. */
export const confirmable = (order: Order) => canTransition(order.status, 'confirmed', 'shopper');

/** Whether the shopper may still cancel the order: contracts' state machine lets them until it ships. */
export const cancellable = (order: Order) => canTransition(order.status, 'cancelled', 'shopper');

/**
 * The last moment the order may be sent back, counted from its latest delivery (a refused return delivers
 * it again) as the server counts it; null when it may not be returned (not delivered, or the window closed).
 */
export function returnDeadline(order: Order, now: Date): Date | null {
  if (!canTransition(order.status, 'return_requested', 'shopper')) return null;
  const delivered = order.statusHistory.filter((entry) => entry.status === 'delivered').at(-1);
  if (!delivered) return null;
  const deliveredAt = new Date(delivered.at);
  return withinReturnWindow(deliveredAt, now) ? new Date(deliveredAt.getTime() + RETURN_WINDOW_MS) : null;
}
