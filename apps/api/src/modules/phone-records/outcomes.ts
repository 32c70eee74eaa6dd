import { eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { orders, orderStatusHistory } from '../../db/schema.js';

/**
 * What became of each order, read from its status history: the one place the phone records and the cash-on-delivery
 * report take "confirmed", "delivered" and "refused" from (their words are phoneRecordSchema's, in contracts' cod.ts).
 * The history is where every move lands, the courier's callbacks and the staff's alike, since all go through
 * transition(); the order's current status alone would forget a confirmed order that was cancelled later.
 */

/**
 * An order's delivery phone, the number the courier calls, as the address form stores it (01XXXXXXXXX). Written as
 * the orders_delivery_phone_idx index is, so each read by it is an indexed one.
 */
export const orderDeliveryPhone = sql<string>`${orders.deliveryAddress}->>'phone'`;

/** An order the shopper stood behind: confirmed (by them, an agent, or at once while confirmation is off) or paid. */
const CONFIRMED: OrderStatus[] = ['confirmed', 'paid'];

const reached = (statuses: OrderStatus[]) =>
  sql`coalesce(bool_or(${orderStatusHistory.status} in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})), false)`;

/** The orders `where` picks, one row each with its outcomes and the facts the reports group by. */
export function orderOutcomes(db: DbOrTx, where: SQL | undefined) {
  const confirmed = reached(CONFIRMED);
  const delivered = reached(['delivered']);
  return db
    .select({
      orderId: orders.id,
      phone: sql<string>`${orderDeliveryPhone}`.as('phone'),
      governorate: sql<string>`${orders.deliveryAddress}->>'state'`.as('governorate'),
      source: orders.source,
      status: orders.status,
      createdAt: orders.createdAt,
      confirmed: sql<boolean>`${confirmed}`.as('confirmed'),
      /** When it was first confirmed; null if never. */
      confirmedAt:
        sql<Date | null>`min(${orderStatusHistory.at}) filter (where ${orderStatusHistory.status} = 'confirmed')`
          .mapWith(orderStatusHistory.at)
          .as('confirmed_at'),
      /** It waited for its shopper's confirmation (a cash order while confirmation is on). */
      asked: sql<boolean>`${reached(['awaiting_confirmation'])}`.as('asked'),
      shipped: sql<boolean>`${reached(['shipped'])}`.as('shipped'),
      delivered: sql<boolean>`${delivered}`.as('delivered'),
      // Returned without ever being delivered: refused at the door or brought back by the courier. A parcel sent back
      // after delivery (return_requested → returned) was delivered, so it is not a refusal.
      refused: sql<boolean>`${reached(['returned'])} and not ${delivered}`.as('refused'),
      cancelledAfterConfirming: sql<boolean>`${reached(['cancelled'])} and ${confirmed}`.as(
        'cancelled_after_confirming',
      ),
    })
    .from(orders)
    .leftJoin(orderStatusHistory, eq(orderStatusHistory.orderId, orders.id))
    .where(where)
    .groupBy(orders.id)
    .as('outcomes');
}

export type OrderOutcomes = ReturnType<typeof orderOutcomes>;

/** How many of the outcome rows `flag` holds for. */
export const countWhere = (flag: SQL.Aliased<boolean> | SQL) =>
  sql<number>`count(*) filter (where ${flag})`.mapWith(Number);
