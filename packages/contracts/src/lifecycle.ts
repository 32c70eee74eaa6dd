import { z } from 'zod';
import { say } from './said.js';
import { RETURN_WINDOW_DAYS } from './constants.js';

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'awaiting_confirmation',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who moves an order: its shopper, an admin, the shop itself (expiry, a newer order replacing an
 * unpaid one, a confirmation left unanswered), the payment provider's callback, the courier's, or an
 * agent (a staff member with `confirmations.work`) who called the shopper to confirm a cash order.
 */
export const ORDER_ACTORS = ['shopper', 'admin', 'system', 'provider', 'courier', 'agent'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * The order state machine, with who may make each move. Card orders go pending → paid → shipped →
 * delivered, cash orders awaiting_confirmation → confirmed → shipped → delivered (or start confirmed
 * when the shop's confirmation is off): the shopper confirms by the message's button or link, or an
 * agent on the phone, so only a confirmed or paid order ships. A cash order asked for a deposit (its delivery fees
 * online first) starts pending, and its deposit paid moves it on as a cash order starts. Anything not yet shipped may be
 * cancelled (a paid one is refunded as it is cancelled). A courier may bring a shipment back
 * (returned); a delivered order may be sent back within RETURN_WINDOW_DAYS: the shopper asks, the
 * admin accepts (returned, once the parcel is back) or refuses (delivered again). A returned order is
 * refunded.
 */
export const ORDER_MOVES: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  // A cash order with a deposit waits like a card order; its deposit paid, it goes on as a cash order does.
  pending: {
    paid: ['provider'],
    awaiting_confirmation: ['provider'],
    confirmed: ['provider'],
    cancelled: ['shopper', 'admin', 'system'],
  },
  paid: { shipped: ['admin'], cancelled: ['shopper', 'admin', 'provider'] },
  awaiting_confirmation: {
    confirmed: ['shopper', 'agent'],
    // The system: the confirmation's window ended unanswered and the shop's setting cancels then.
    cancelled: ['shopper', 'agent', 'admin', 'system'],
  },
  confirmed: { shipped: ['admin'], cancelled: ['shopper', 'admin'] },
  shipped: { delivered: ['admin', 'courier'], returned: ['admin', 'courier'] },
  delivered: { return_requested: ['shopper'] },
  return_requested: { returned: ['admin'], delivered: ['admin'] },
  returned: { refunded: ['admin', 'provider'] },
  refunded: {},
  cancelled: {},
};

/** Whether `actor` (anyone, when unset) may move an order from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus, actor?: OrderActor): boolean {
  const who = ORDER_MOVES[from][to];
  return Boolean(who && (!actor || who.includes(actor)));
}

/**
 * Until it ships, an order's delivery address may be corrected (a street mistyped, the landmark a courier asks for),
 * within its governorate, which set its shipping fee: while it may still be cancelled, which is until it ships.
 */
export const addressChangeable = (status: OrderStatus): boolean => canTransition(status, 'cancelled');

/** The statuses an actor may move an order in `from` to. */
export function nextStatuses(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(from, to, actor));
}

/**
 * What moving an order to `to` gives back, which only a role that gives refunds (`orders.refund`) may do: the bill
 * (refunding it, or cancelling it paid) or the delivery fees a cash order paid online (cancelling it); null for none.
 * The API refuses such a move to any other role, and the dashboard does not offer it.
 */
export function moneyBackOf(
  order: { status: OrderStatus; depositState?: string | null },
  to: OrderStatus,
): 'bill' | 'deposit' | null {
  if (to === 'refunded' || (to === 'cancelled' && order.status === 'paid')) return 'bill';
  if (to === 'cancelled' && order.depositState === 'paid') return 'deposit';
  return null;
}

export const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Whether an order delivered at `deliveredAt` may still be sent back at `now`. */
export const withinReturnWindow = (deliveredAt: Date, now: Date) =>
  now.getTime() - deliveredAt.getTime() <= RETURN_WINDOW_MS;

export const returnRequestSchema = z.object({
  reason: z.string({ error: say.api.returnReasonRequired }).trim().min(1, say.api.returnReasonRequired).max(500),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

const note = (max: number) => z.string().trim().max(max).optional();

/** An admin's move of an order: a tracking number when shipping by hand, a reason when cancelling or refusing. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  trackingNumber: note(100),
  reason: note(500),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** A shopper's cancellation; the reason is theirs to give or not. */
export const orderCancelSchema = z.object({ reason: note(500) });
