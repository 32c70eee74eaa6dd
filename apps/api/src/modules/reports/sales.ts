import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  SALES_REPORT_PRODUCTS,
  type OrderSource,
  type PaymentMethod,
  type ReportPeriod,
  type SalesReport,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders, products } from '../../db/schema.js';
import {
  daysOf,
  goodsSold,
  isSale,
  orderCount,
  placedIn,
  revenue,
  salesByDay,
  total,
  type DaySales,
} from '../orders/sales.js';
import { addDays } from '../../lib/clock.js';
import { csvMoney, type CsvColumns } from '../../lib/csv.js';
import { toEgp } from '../../lib/money.js';

/** The report's days as the CSV export writes them: a row a day, money in EGP with both decimals, for a sheet. */
export const DAILY_SALES_COLUMNS: CsvColumns<DaySales> = [
  ['date', (day) => day.date],
  ['orders', (day) => day.orders],
  ['revenue', (day) => csvMoney(day.piastres)],
];

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
  // A product is named as the shop names it now; one since deleted by its lines' name, by which it is grouped.
  const name = sql<string>`coalesce(${products.name}, min(${orderItems.name}))`;
  const nameAr = sql<
    string | null
  >`case when ${products.id} is null then min(${orderItems.nameAr}) else ${products.nameAr} end`;
  const by = (key: SQL<string>) =>
    db
      .select({ key, orders: orderCount, piastres: revenue })
      .from(orders)
      .where(sales)
      .groupBy(key)
      .orderBy(desc(revenue), asc(key));

  const [daily, [before], [money], [pieces], best, governorates, methods, sources] = await Promise.all([
    salesByDay(db, period),
    db
      .select({ orders: orderCount, piastres: revenue })
      .from(orders)
      .where(and(placedIn(previous), isSale)),
    db
      .select({
        discounts: total(sql`${orders.discount}`),
        refunded: total(sql`${orders.refunded}`),
      })
      .from(orders)
      .where(sold),
    db.select({ units }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(sold),
    db
      .select({
        productId: products.id,
        name,
        nameAr,
        units,
        piastres: lineWorth,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(sold)
      .groupBy(products.id, sql`coalesce(${orderItems.productId}::text, ${orderItems.name})`)
      .orderBy(desc(lineWorth), desc(units), asc(name))
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
    byProduct: best.map(({ piastres: worth, ...product }) => ({ ...product, revenue: toEgp(worth) })),
    byGovernorate: governorates.map((row) => ({ governorate: row.key, ...amounts(row) })),
    byPaymentMethod: methods.map((row) => ({ paymentMethod: row.key as PaymentMethod, ...amounts(row) })),
    bySource: sources.map((row) => ({ source: row.key as OrderSource, ...amounts(row) })),
  };
}
