import { asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  STATS_DAYS,
  STATS_LIST_SIZE,
  type AdminStats,
  type OrderStatus,
  type PaymentMethod,
  type SalesWindow,
} from '@shop/contracts';
import { orderItems, orders, products, reviews, users } from '../../db/schema.js';
import { abandonedCarts } from '../cart/abandoned.js';
import { salesByDay } from '../orders/sales.js';
import { isLowOnStock, leastStock } from '../products/filters.js';
import { lowProductColumns, lowSizesOf } from '../products/low-sizes.js';
import { awaitingAnswer } from '../reviews/moderation.js';
import { addDays, cairoDay } from '../../lib/clock.js';
import { toEgp } from '../../lib/money.js';
import type { Deps } from '../deps.js';

export function statsService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  /**
   * The dashboard overview in six aggregate queries. The sales windows (today, 7 and 30 days) are
   * sums of the daily series, so the cards and the chart can never disagree. Days are Cairo's: the shop's.
   */
  async function overview(): Promise<AdminStats> {
    const now = deps.clock.now();
    const today = cairoDay(now);
    // Each lowStock row carries the number of rows the filter matched (a window over the whole result).
    // A paid order refunded is cancelled by its refund, but the overview counts it where the money went: refunded. One
    // that goes on with a part of its bill given back (refunded at the provider, payments/service.ts) keeps its status.
    const shownStatus = sql<string>`case when ${orders.refunded} > 0 and ${orders.status} in ('cancelled', 'returned') then 'refunded' else ${orders.status} end`;
    const lowStockTotal = sql<number>`count(*) over ()`.mapWith(Number);

    const [days, statuses, lowStock, recent, [awaiting], carts] = await Promise.all([
      salesByDay(db, { from: addDays(today, -(STATS_DAYS - 1)), to: today }),
      db.select({ status: shownStatus, orders: count() }).from(orders).groupBy(shownStatus),
      db
        .select({
          ...lowProductColumns,
          imagePaths: products.imagePaths,
          total: lowStockTotal,
        })
        .from(products)
        .where(isLowOnStock)
        // Equal stocks newest first, as the products screen's low-stock list (which "See all" opens) goes on.
        .orderBy(asc(leastStock), desc(products.createdAt), desc(products.id))
        .limit(STATS_LIST_SIZE),
      db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          bill: orders.bill,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          items: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.mapWith(
            Number,
          ),
          userId: users.id,
          userName: users.name,
          userEmail: users.email,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(STATS_LIST_SIZE),
      db.select({ n: count() }).from(reviews).where(awaitingAnswer),
      abandonedCarts(deps).totals(),
    ]);
    const lowSizes = await lowSizesOf(db, lowStock);

    // Summed in piastres, converted once: EGP fractions would pick up floating-point dust.
    const lastDays = (n: number): SalesWindow => {
      const window = days.slice(-n);
      return {
        revenue: toEgp(window.reduce((sum, d) => sum + d.piastres, 0)),
        orders: window.reduce((sum, d) => sum + d.orders, 0),
      };
    };

    const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
      OrderStatus,
      number
    >;
    for (const row of statuses) ordersByStatus[row.status as OrderStatus] = row.orders;

    return {
      generatedAt: now.toISOString(),
      sales: { today: lastDays(1), last7Days: lastDays(7), last30Days: lastDays(STATS_DAYS) },
      daily: days.map((d) => ({ date: d.date, revenue: toEgp(d.piastres), orders: d.orders })),
      ordersByStatus,
      lowStock: {
        total: lowStock[0]?.total ?? 0,
        products: lowStock.map((p) => ({
          _id: p.id,
          name: p.name,
          nameAr: p.nameAr,
          stock: p.stock,
          lowSizes: lowSizes.get(p.id) ?? [],
          image_path: p.imagePaths[0] ?? null,
        })),
      },
      recentOrders: recent.map((o) => ({
        _id: o.id,
        createdAt: o.createdAt.toISOString(),
        bill: toEgp(o.bill),
        status: o.status as OrderStatus,
        paymentMethod: o.paymentMethod as PaymentMethod,
        items: o.items,
        // An account made by phone has no e-mail; a deleted one, no row.
        user: o.userId && o.userName !== null ? { _id: o.userId, name: o.userName, email: o.userEmail } : null,
      })),
      reviewsAwaiting: awaiting?.n ?? 0,
      abandonedCarts: { count: carts.count, value: toEgp(carts.piastres) },
    };
  }

  return { overview };
}
