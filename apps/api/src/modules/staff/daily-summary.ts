import { count, inArray } from 'drizzle-orm';
import { DAILY_SUMMARY_HOUR, type OrderStatus } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { dailySummaries, orders, products } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { addDays, cairoDay, cairoHour } from '../../lib/clock.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';
import { salesByDay } from '../orders/sales.js';
import { isLowOnStock } from '../products/filters.js';
import { dailySummaryPayload, type DailyFigures } from './alert-message.js';
import { queueWordedAlert } from './alerts.js';

/** How often the pass looks at the clock: a morning's summary goes out at most this late. */
const EVERY_MS = 60_000;

/** The orders each waiting count is of: those a member's next move is on. */
const WAITING: Record<'toConfirm' | 'toShip' | 'returns', OrderStatus[]> = {
  toConfirm: ['awaiting_confirmation'],
  toShip: ['confirmed', 'paid'],
  returns: ['return_requested'],
};

/** The day before's sales, as the overview counts them, and what waits now. */
async function figuresOf(tx: Tx, day: string): Promise<DailyFigures> {
  const [[sales], statuses, [low]] = await Promise.all([
    salesByDay(tx, { from: day, to: day }),
    tx
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(inArray(orders.status, Object.values(WAITING).flat()))
      .groupBy(orders.status),
    tx.select({ n: count() }).from(products).where(isLowOnStock),
  ]);
  const counted = (wanted: OrderStatus[]) =>
    statuses.filter((row) => wanted.includes(row.status as OrderStatus)).reduce((sum, row) => sum + row.n, 0);
  return {
    day,
    orders: sales?.orders ?? 0,
    piastres: sales?.piastres ?? 0,
    waiting: {
      toConfirm: counted(WAITING.toConfirm),
      toShip: counted(WAITING.toShip),
      returns: counted(WAITING.returns),
      lowStock: low?.n ?? 0,
    },
  };
}

/**
 * The staff's daily summary: from DAILY_SUMMARY_HOUR of Cairo's morning, the first pass to write the day into
 * `daily_summaries` queues, in the same transaction, one message to each member who asked for it (`daily_summary`,
 * which `reports.read` allows), worded in their language: the day before's sales and what waits now. Another
 * instance's pass finds the day written and does nothing; a shop down all morning sends it when it starts, and a day
 * it was down throughout is not told later. Returns how many summaries it queued.
 */
export function createDailySummaries(deps: Pick<Deps, 'db' | 'log' | 'config' | 'clock' | 'messageSender'>): Passes {
  const { db, config } = deps;

  // The day this process saw written, so the rest of its passes that day ask the database nothing.
  let done: string | null = null;

  async function pass(): Promise<number> {
    const now = deps.clock.now();
    const today = cairoDay(now);
    if (today === done || cairoHour(now) < DAILY_SUMMARY_HOUR) return 0;
    const queued = await transaction(db, async (tx) => {
      // Waits for another instance writing the same day, then finds it there.
      const [mine] = await tx
        .insert(dailySummaries)
        .values({ day: today })
        .onConflictDoNothing()
        .returning({ day: dailySummaries.day });
      if (!mine) return 0;
      const figures = await figuresOf(tx, addDays(today, -1));
      return queueWordedAlert(tx, 'daily_summary', (language) =>
        dailySummaryPayload(figures, language, config.PUBLIC_URL),
      );
    });
    done = today;
    if (queued) deps.messageSender.wake();
    return queued;
  }

  return repeatedPasses(pass, { everyMs: EVERY_MS, log: deps.log, failure: 'daily summary pass failed' });
}
