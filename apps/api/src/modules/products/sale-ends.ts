import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { auditAll } from '../../lib/audit.js';
import { cairoDay } from '../../lib/clock.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';

/**
 * Whether a product is on sale, as a sale's last day asks (the product form and the CSV import alike): sold in
 * variants, by one of theirs (their totals overrule its own price before the sale); sold as one thing, by its own.
 */
export const isOnSale = (
  product: { compareAtPrice: number | null },
  variants: readonly { compareAtPrice?: number | null }[],
): boolean =>
  variants.length ? variants.some((variant) => variant.compareAtPrice != null) : product.compareAtPrice !== null;

/** How often the pass looks for sales past their last day: a sale's prices come back at most this late after midnight. */
const EVERY_MS = 60_000;
/** Products ended in one transaction, so a catalogue's worth of sales ending together holds few rows at a time. */
const BATCH = 100;

/**
 * Ends the sales whose last day (`products.sale_ends_on`, Cairo's calendar) is past: each price with a price before
 * the sale takes it back, the product's and its variants' (whose totals trigger then sets a product with options from
 * theirs), and the day is cleared. A batch at a time, each in one transaction that locks its products first, in id
 * order, then their variants, as checkout and the variants' grid do (docs/decisions/variants.md); a product another
 * transaction holds is skipped until the next pass, so instances running it together share the work. The catalogue's
 * triggers tell the caches, as for any price a merchant edits, and the audit log says for each product that its sale
 * ended, so that a merchant who finds a price changed overnight sees why. Returns how many products' days it cleared.
 */
export function createSaleEnds(deps: Pick<Deps, 'db' | 'log' | 'clock'>): Passes {
  const { db, log } = deps;

  const endBatch = (today: string) =>
    transaction(db, async (tx) => {
      const due = await tx
        .select({ id: products.id, name: products.name, lastDay: products.saleEndsOn })
        .from(products)
        .where(and(isNotNull(products.saleEndsOn), lt(products.saleEndsOn, today)))
        .orderBy(asc(products.id))
        .limit(BATCH)
        .for('no key update', { skipLocked: true });
      const ids = due.map((row) => row.id);
      if (!ids.length) return 0;
      await tx
        .update(productVariants)
        .set({ price: sql`${productVariants.compareAtPrice}`, compareAtPrice: null })
        .where(and(inArray(productVariants.productId, ids), isNotNull(productVariants.compareAtPrice)));
      await tx
        .update(products)
        .set({
          price: sql`coalesce(${products.compareAtPrice}, ${products.price})`,
          compareAtPrice: null,
          saleEndsOn: null,
        })
        .where(inArray(products.id, ids));
      await auditAll(
        tx,
        due.map(({ id, name, lastDay }) => ({
          type: 'admin',
          action: 'sale_ended',
          message: `The sale on ${name} ended after its last day, ${lastDay}: its prices before the sale are back`,
          data: { id, name, lastDay },
        })),
      );
      return ids.length;
    });

  async function pass(stopping: () => boolean): Promise<number> {
    const today = cairoDay(deps.clock.now());
    let ended = 0;
    let batch: number;
    do {
      batch = await endBatch(today);
      ended += batch;
    } while (batch === BATCH && !stopping());
    if (ended) log.info({ products: ended }, 'sales past their last day ended');
    return ended;
  }

  return repeatedPasses(pass, { everyMs: EVERY_MS, log, failure: 'sale ends pass failed' });
}
