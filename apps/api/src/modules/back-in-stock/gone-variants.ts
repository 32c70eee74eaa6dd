import { and, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { languageOf, sameOptions } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { backInStockRequests, productVariants } from '../../db/schema.js';
import { queueMessage } from '../messaging/queue.js';
import { reachOf, requestsToTell, wantedName } from './reach.js';

/** The message telling a shopper the variant they waited for is no longer sold (messaging/templates.ts). */
export const BACK_IN_STOCK_WITHDRAWN = 'back_in_stock_withdrawn';

/** An open request of a variant about to be deleted, with what its message needs once the variant is gone. */
export type GoingRequest = Awaited<ReturnType<typeof openRequestsOfGoingVariants>>[number];

/**
 * The open requests of a product's variants that a new grid leaves out (all but `kept`), read before they are
 * deleted (the foreign key drops a request with its variant) and locked, so the alerts' pass cannot tell one "back in
 * stock" while it is being told "no longer sold". Told requests go with their variants: they are done.
 */
export function openRequestsOfGoingVariants(tx: DbOrTx, productId: string, kept: string[]) {
  return requestsToTell(tx)
    .where(
      and(
        eq(backInStockRequests.productId, productId),
        isNull(backInStockRequests.notifiedAt),
        isNotNull(backInStockRequests.variantId),
        kept.length ? notInArray(backInStockRequests.variantId, kept) : undefined,
      ),
    )
    .for('update', { of: backInStockRequests });
}

/**
 * What becomes of the requests of deleted variants (docs/decisions/back-in-stock.md), once the product's new variants
 * are written, in the same transaction: a variant made again with the same option values (a CSV that changed its SKU,
 * a grid row removed and added back) is the same thing to the shopper, and the request follows it; otherwise the
 * shopper is told, once, that this option is no longer sold, with a link to the product's other options.
 */
export async function followGoneVariants(tx: DbOrTx, productId: string, going: GoingRequest[]): Promise<void> {
  if (!going.length) return;
  const now = await tx
    .select({ id: productVariants.id, options: productVariants.options })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  for (const request of going) {
    const { variantOptions } = request;
    const successor = variantOptions && now.find((variant) => sameOptions(variant.options, variantOptions));
    if (successor) {
      const { userId, language, askedAt } = request;
      // As asking for it again would: one request per variant, open.
      await tx
        .insert(backInStockRequests)
        .values({ userId, productId, variantId: successor.id, language, askedAt })
        .onConflictDoUpdate({
          target: [backInStockRequests.userId, backInStockRequests.productId, backInStockRequests.variantId],
          set: { language, askedAt, notifiedAt: null },
        });
      continue;
    }
    const reach = reachOf(request);
    if (!reach) continue;
    const language = languageOf(request.language);
    await queueMessage(tx, {
      kind: BACK_IN_STOCK_WITHDRAWN,
      ...reach,
      language,
      payload: { product: wantedName(request, language), productId },
    });
  }
}
