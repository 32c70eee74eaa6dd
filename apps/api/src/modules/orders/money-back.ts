import { moneyBackOf, say, type OrderStatus, type Permission } from '@shop/contracts';
import { forbidden } from '../../lib/errors.js';
import { can } from '../../plugins/auth.js';
import type { OrderRow } from './queries.js';

/**
 * Refuses a staff member's move that gives money back unless their role gives refunds (`orders.refund`): refunding an
 * order, or cancelling a paid one (the bill goes back, refunds.ts) or a cash order whose deposit was paid online (the
 * deposit goes back, lifecycle.ts), as contracts' moneyBackOf says, which the dashboard reads too. Orders are
 * cancelled from the orders' pages and from the confirmation desk: both ask here, so a desk that moves orders but
 * gives no refunds cannot give one by cancelling.
 */
export function refuseMoneyBack(
  staff: { permissions: readonly Permission[] },
  order: Pick<OrderRow, 'status' | 'depositState'>,
  to: OrderStatus,
): void {
  if (can(staff, 'orders.refund')) return;
  const back = moneyBackOf({ status: order.status as OrderStatus, depositState: order.depositState }, to);
  if (back) throw forbidden(back === 'bill' ? say.api.moneyBackNotAllowed : say.api.depositBackNotAllowed);
}
