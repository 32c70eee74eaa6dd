import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shop/contracts';

/** Best sellers are counted over the orders of this many days. */
export const BEST_SELLING_DAYS = 30;
/** Orders that sold their products: not those never paid or confirmed, nor those cancelled or taken back. */
export const SOLD: OrderStatus[] = ['paid', 'confirmed', 'shipped', 'delivered', 'return_requested'];

/**
 * The units of each product sold in the BEST_SELLING_DAYS before `now`, as a table `(product_id, units)` to join:
 * the lines of orders placed since then that are sales now (SOLD). Read through orders' index on their date.
 */
export function unitsSold(now: Date): SQL {
  const since = new Date(now.getTime() - BEST_SELLING_DAYS * 24 * 60 * 60 * 1000);
  return sql`(select oi.product_id, sum(oi.quantity) as units from order_items oi join orders o on o.id = oi.order_id
    where o.created_at >= ${since.toISOString()} and o.status in (${sql.join(
      SOLD.map((s) => sql`${s}`),
      sql`, `,
    )})
    group by oi.product_id)`;
}
