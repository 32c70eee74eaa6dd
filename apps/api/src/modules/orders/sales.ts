import { and, gte, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { addDays, type OrderStatus, type ReportPeriod } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { cairoDayEnd, cairoDayStart, onCairoClock } from '../../lib/clock.js';
import { keptDeposit } from './kept-deposit.js';

/**
 * Not money the shop has: cancelled orders, card orders still waiting for their payment, cash orders still waiting
 * for their shopper's confirmation, parcels come back (a cash one refused at the door brought nothing) and orders
 * refunded. The overview and the sales report count sales alike, so their figures for the same days agree.
 */
const NOT_SALES: OrderStatus[] = ['cancelled', 'pending', 'awaiting_confirmation', 'returned', 'refunded'];

/** The orders whose goods went to their shopper and were kept: their lines are what the shop sold. */
export const goodsSold = notInArray(orders.status, NOT_SALES);

/** The orders that brought the shop money: those, and a refused parcel's deposit the shop kept (sold on a receipt). */
export const isSale = or(goodsSold, keptDeposit);

/** What a sale brought, in piastres: the bill less any part of it given back, or the deposit kept. */
export const saleValue = sql<number>`case when ${keptDeposit} then ${orders.deposit} else ${orders.bill} - ${orders.refunded} end`;

/** A sum of piastres (PostgreSQL's bigint, read as a number), 0 over no rows. */
export const total = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);
export const orderCount = sql<number>`count(*)`.mapWith(Number);
/** What the sales among the rows brought, in piastres. */
export const revenue = total(sql`${saleValue}`);

/** The orders placed in Cairo's days `from` to `to`, both included. */
export const placedIn = ({ from, to }: ReportPeriod) =>
  and(gte(orders.createdAt, cairoDayStart(from)), lt(orders.createdAt, cairoDayEnd(to)));

/** Every day from `from` to `to`, oldest first. */
export function daysOf({ from, to }: ReportPeriod): string[] {
  const count = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

/** A day's sales: how many orders, and what they brought in piastres. */
export interface DaySales {
  date: string;
  orders: number;
  piastres: number;
}

/**
 * The orders of each of Cairo's days in a period that count as sales, and what they brought in piastres, every day
 * included: the overview's chart and the sales report's.
 */
export async function salesByDay(db: DbOrTx, period: ReportPeriod): Promise<DaySales[]> {
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
