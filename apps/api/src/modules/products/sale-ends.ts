import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { cairoDay } from '../../lib/clock.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';

/** How often the pass looks for sales past their last day: a sale's prices come back at most this late after midnight. */
const EVERY_MS = 60_000;

/**
 * Ends the sales whose last day (`products.sale_ends_on`, Cairo's calendar) is past: each price with a price before
 * the sale takes it back, the product's and its variants' (whose totals trigger then sets the product's price from
 * theirs), and the end is cleared, in one transaction. The catalogue's triggers tell the caches, as for any price a
 * merchant edits. Returns how many products it ended the sale of.
 */
export function createSaleEnds(deps: Pick<Deps, 'db' | 'log' | 'clock'>): Passes {
  const { db } = deps;

  async function pass(): Promise<number> {
    const ended = and(isNotNull(products.saleEndsOn), lt(products.saleEndsOn, cairoDay(deps.clock.now())));
    return transaction(db, async (tx) => {
      await tx
        .update(productVariants)
        .set({ price: sql`${productVariants.compareAtPrice}`, compareAtPrice: null })
        .where(
          and(
            isNotNull(productVariants.compareAtPrice),
            sql`${productVariants.productId} in (select ${products.id} from ${products} where ${ended})`,
          ),
        );
      const rows = await tx
        .update(products)
        .set({
          price: sql`coalesce(${products.compareAtPrice}, ${products.price})`,
          compareAtPrice: null,
          saleEndsOn: null,
        })
        .where(ended)
        .returning({ id: products.id });
      return rows.length;
    });
  }

  return repeatedPasses(pass, { everyMs: EVERY_MS, log: deps.log, failure: 'sale ends pass failed' });
}
