import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  SALES_REPORT_PRODUCTS,
  type OrderSource,
  type PaymentMethod,
  type ReportPeriod,
  type SalesReport,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { goodsSold, isSale, saleValue } from '../orders/sales.js';
import { addDays, cairoDayEnd, cairoDayStart, onCairoClock } from '../../lib/clock.js';
import { toEgp } from '../../lib/money.js';

/** A sum of piastres (PostgreSQL's bigint, read as a number), 0 over no rows. */
const total = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);
const orderCount = sql<number>`count(*)`.mapWith(Number);
const revenue = total(sql`${saleValue}`);

/** The orders placed in Cairo's days `from` to `to`, both included. */
const placedIn = ({ from, to }: ReportPeriod) =>
  and(gte(orders.createdAt, cairoDayStart(from)), lt(orders.createdAt, cairoDayEnd(to)));

/** Every day from `from` to `to`, oldest first. */
function daysOf({ from, to }: ReportPeriod): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The orders of each of Cairo's days in a period that count as sales, and what they brought in piastres, every day
 * included: the sales report's chart and the overview's.
 */
export async function salesByDay(db: DbOrTx, period: ReportPeriod) {
  const day = sql<string>`to_char(${onCairoClock(orders.createdAt)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, piastres: revenue, orders: orderCount })
    .from(orders)
    .where(and(placedIn(period), isSale))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(period).map((date) => ({
    date,
    piastres: byDay.get(date)?.piastres ?? 0,
    orders: byDay.get(date)?.orders ?? 0,
  }));
}

/**
 * The sales report: what the orders placed in a period brought, in all and by day, product, governorate, way of
 * paying and source, beside the as many days before it. Sales are counted as the overview counts them
 * (orders/sales.ts); amounts are summed in piastres and converted once.
 */
export async function salesReport(db: DbOrTx, period: ReportPeriod): Promise<SalesReport> {
  const length = daysOf(period).length;
  const previous = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const sales = and(placedIn(period), isSale);
  const sold = and(placedIn(period), goodsSold);
  const lineWorth = total(sql`${orderItems.price} * ${orderItems.quantity} - ${orderItems.discount}`);
  const units = total(sql`${orderItems.quantity}`);
  const lineName = sql<string>`min(${orderItems.name})`;
  const by = (key: SQL<string>) =>
    db
      .select({ key, orders: orderCount, piastres: revenue })
      .from(orders)
      .where(sales)
      .groupBy(key)
      .orderBy(desc(revenue), asc(key));

  const [daily, [before], [money], [pieces], products, governorates, methods, sources] = await Promise.all([
    salesByDay(db, period),
    db
      .select({ orders: orderCount, piastres: revenue })
      .from(orders)
      .where(and(placedIn(previous), isSale)),
    db
      .select({
        discounts: sql<number>`coalesce(sum(${orders.discount}) filter (where ${goodsSold}), 0)`.mapWith(Number),
        refunded: total(sql`${orders.refunded}`),
      })
      .from(orders)
      .where(placedIn(period)),
    db.select({ units }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(sold),
    db
      .select({
        productId: sql<string | null>`min(${orderItems.productId}::text)`,
        name: lineName,
        nameAr: sql<string | null>`min(${orderItems.nameAr})`,
        units,
        piastres: lineWorth,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(sold)
      // A deleted product's lines keep its name: they stay one product by it.
      .groupBy(sql`coalesce(${orderItems.productId}::text, ${orderItems.name})`)
      .orderBy(desc(lineWorth), desc(units), asc(lineName))
      .limit(SALES_REPORT_PRODUCTS),
    by(sql<string>`${orders.deliveryAddress}->>'state'`),
    by(sql<string>`${orders.paymentMethod}`),
    by(sql<string>`${orders.source}`),
  ]);

  const orderTotal = daily.reduce((sum, day) => sum + day.orders, 0);
  const piastres = daily.reduce((sum, day) => sum + day.piastres, 0);
  const amounts = (row: { orders: number; piastres: number }) => ({ orders: row.orders, revenue: toEgp(row.piastres) });

  return {
    ...period,
    totals: {
      orders: orderTotal,
      revenue: toEgp(piastres),
      averageOrder: orderTotal ? toEgp(Math.round(piastres / orderTotal)) : null,
      units: pieces?.units ?? 0,
      discounts: toEgp(money?.discounts ?? 0),
      refunded: toEgp(money?.refunded ?? 0),
    },
    previous: { ...previous, orders: before?.orders ?? 0, revenue: toEgp(before?.piastres ?? 0) },
    daily: daily.map((day) => ({ date: day.date, ...amounts(day) })),
    byProduct: products.map(({ piastres: worth, ...product }) => ({ ...product, revenue: toEgp(worth) })),
    byGovernorate: governorates.map((row) => ({ governorate: row.key, ...amounts(row) })),
    byPaymentMethod: methods.map((row) => ({ paymentMethod: row.key as PaymentMethod, ...amounts(row) })),
    bySource: sources.map((row) => ({ source: row.key as OrderSource, ...amounts(row) })),
  };
}
