import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  COD_REPORT_PRODUCTS,
  share,
  TIME_TO_CONFIRM_HOURS,
  type CodReport,
  type ReportPeriod,
  type OrderSource,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { addDays, cairoDayEnd, cairoDayStart, onCairoClock } from '../../lib/clock.js';
import { countWhere, orderOutcomes } from '../phone-records/outcomes.js';

/** The Monday of the week calendar day `day` falls in, as PostgreSQL's date_trunc('week') has it. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * The cash-on-delivery report: how the cash orders placed in a period fared. Every count is over orderOutcomes, the
 * phone records' own reading of the status history, so "confirmed" and "refused" mean the same here as on a phone.
 * The period's days and weeks are Cairo's.
 */
export async function codReport(db: DbOrTx, { from, to }: ReportPeriod): Promise<CodReport> {
  const start = cairoDayStart(from);
  const end = cairoDayEnd(to);
  const o = orderOutcomes(
    db,
    and(eq(orders.paymentMethod, 'cash'), gte(orders.createdAt, start), lt(orders.createdAt, end)),
  );
  const orderCount = sql<number>`count(*)`.mapWith(Number);
  const shipped = countWhere(o.shipped);
  const refused = countWhere(o.refused);

  // Minutes from placing to confirmed, for the orders that waited for their shopper's word and got it.
  const waited = sql`${o.asked} and ${o.confirmedAt} is not null`;
  const minutes = sql`extract(epoch from (${o.confirmedAt} - ${o.createdAt}))::float8 / 60`;
  // 0: under the first TIME_TO_CONFIRM_HOURS, 1: under the second, …, its length: longer than the last.
  // Written out, not bound: PostgreSQL matches the select's expression to the group by's only without parameters.
  const limits = sql.raw(TIME_TO_CONFIRM_HOURS.map((hours) => hours * 60).join(', '));
  const bucket = sql<number>`width_bucket(${minutes}, array[${limits}]::float8[])`.mapWith(Number);

  const week = sql<string>`to_char(date_trunc('week', ${onCairoClock(o.createdAt)}), 'YYYY-MM-DD')`;
  const ordersWith = sql<number>`count(distinct ${o.orderId})`.mapWith(Number);
  const shippedWith = sql<number>`count(distinct ${o.orderId}) filter (where ${o.shipped})`.mapWith(Number);
  const refusedWith = sql<number>`count(distinct ${o.orderId}) filter (where ${o.refused})`.mapWith(Number);
  const lineName = sql<string>`min(${orderItems.name})`;

  const [[totals], governorates, sources, products, weeks, times] = await Promise.all([
    db
      .select({
        orders: orderCount,
        decided: countWhere(sql`${o.status} <> 'awaiting_confirmation'`),
        confirmed: countWhere(o.confirmed),
        shipped,
        refused,
        medianMinutes: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${minutes}) filter (where ${waited})`.mapWith(Number),
      })
      .from(o),
    db
      .select({ governorate: o.governorate, orders: orderCount, refused, shipped })
      .from(o)
      .groupBy(o.governorate)
      .orderBy(desc(orderCount), asc(o.governorate)),
    db
      .select({ source: o.source, orders: orderCount })
      .from(o)
      .groupBy(o.source)
      .orderBy(desc(orderCount), asc(o.source)),
    db
      .select({
        productId: sql<string | null>`min(${orderItems.productId}::text)`,
        name: lineName,
        nameAr: sql<string | null>`min(${orderItems.nameAr})`,
        orders: ordersWith,
        shipped: shippedWith,
        refused: refusedWith,
      })
      .from(o)
      .innerJoin(orderItems, eq(orderItems.orderId, o.orderId))
      // A deleted product's lines keep its name: they stay one product by it.
      .groupBy(sql`coalesce(${orderItems.productId}::text, ${orderItems.name})`)
      .orderBy(desc(refusedWith), desc(shippedWith), asc(lineName))
      .limit(COD_REPORT_PRODUCTS),
    db.select({ week, orders: orderCount, shipped, refused }).from(o).groupBy(week),
    db.select({ bucket, orders: orderCount }).from(o).where(waited).groupBy(bucket),
  ]);

  const byWeek = new Map(weeks.map((w) => [w.week, w]));
  const weekList: CodReport['byWeek'] = [];
  for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) {
    const row = byWeek.get(week);
    weekList.push({ week, orders: row?.orders ?? 0, shipped: row?.shipped ?? 0, refused: row?.refused ?? 0 });
  }
  const inBucket = new Map(times.map((t) => [t.bucket, t.orders]));
  const sums = {
    orders: totals?.orders ?? 0,
    decided: totals?.decided ?? 0,
    confirmed: totals?.confirmed ?? 0,
    shipped: totals?.shipped ?? 0,
    refused: totals?.refused ?? 0,
  };
  const median = totals?.medianMinutes ?? null;

  return {
    from,
    to,
    confirmationRate: share(sums.confirmed, sums.decided),
    refusalRate: share(sums.refused, sums.shipped),
    byGovernorate: governorates,
    bySource: sources.map((s) => ({ source: s.source as OrderSource, orders: s.orders })),
    totals: sums,
    byProduct: products,
    byWeek: weekList,
    timeToConfirm: {
      confirmed: times.reduce((sum, t) => sum + t.orders, 0),
      medianMinutes: median === null ? null : Math.round(median),
      buckets: [...TIME_TO_CONFIRM_HOURS, null].map((withinHours, index) => ({
        withinHours,
        orders: inBucket.get(index) ?? 0,
      })),
    },
  };
}
