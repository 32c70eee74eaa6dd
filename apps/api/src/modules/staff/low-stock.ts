import { and, inArray } from 'drizzle-orm';
import { lowStockCrossings, products } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';
import { lowStockPayload } from './alert-message.js';
import { queueWordedAlert } from './alerts.js';
import { isLowOnStock, leastStock } from '../products/filters.js';
import { lowProductColumns, lowSizesOf } from '../products/low-sizes.js';

/** How often the pass looks for products that fell low: an alert goes out at most this late. */
const EVERY_MS = 60_000;
/** Products taken in one transaction: a CSV import that empties a shelf makes a few alerts, not hundreds. */
const BATCH = 50;

/**
 * The staff's low-stock alerts. The database writes down each product whose stock, or one of whose sizes' stock, falls
 * to LOW_STOCK_THRESHOLD (db/sql/low-stock.sql); each pass takes what is written, in one transaction that deletes the
 * rows and queues one alert per member who asked for it (`low_stock`, which `catalogue.write` allows), naming the
 * products still low, and of a product in sizes the sizes low. Rows another instance's pass holds are skipped, so each
 * fall is told once. Returns how many alerts it queued.
 */
export function createLowStockAlerts(deps: Pick<Deps, 'db' | 'log' | 'config' | 'messageSender'>): Passes {
  const { db, config } = deps;

  async function pass(): Promise<number> {
    const queued = await transaction(db, async (tx) => {
      const taken = tx
        .select({ productId: lowStockCrossings.productId })
        .from(lowStockCrossings)
        .orderBy(lowStockCrossings.at, lowStockCrossings.productId)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const fell = await tx
        .delete(lowStockCrossings)
        .where(inArray(lowStockCrossings.productId, taken))
        .returning({ productId: lowStockCrossings.productId });
      if (!fell.length) return 0;
      // Still low now: one restocked since is news no more. Read without a lock: the checkout writes this table while
      // it holds its products' rows, so a pass that locked products after these rows could deadlock with it.
      const ids = fell.map((row) => row.productId);
      const low = await tx
        .select(lowProductColumns)
        .from(products)
        .where(and(inArray(products.id, ids), isLowOnStock))
        .orderBy(leastStock, products.name);
      if (!low.length) return 0;
      const sizes = await lowSizesOf(tx, low);
      const named = low.map((product) => ({ ...product, sizes: sizes.get(product.id) ?? [] }));
      return queueWordedAlert(tx, 'low_stock', (language) => lowStockPayload(named, language, config.PUBLIC_URL));
    });
    if (queued) deps.messageSender.wake();
    return queued;
  }

  return repeatedPasses(pass, { everyMs: EVERY_MS, log: deps.log, failure: 'low-stock alerts pass failed' });
}
