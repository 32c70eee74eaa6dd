import { and, eq, isNull, sql } from 'drizzle-orm';
import { say, type BackInStockRequests, type Language } from '@shop/contracts';
import { backInStockRequests, products, productVariants, users } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Deps } from '../deps.js';
import { contactOfRequest, reachOf } from './reach.js';
import { maskedAddress } from '../messaging/masked-address.js';

/** What the shopper waits for: a product sold as one thing (no variant), or one variant of a product with options. */
export interface Wanted {
  productId: string;
  variantId: string | undefined;
}

/** A shopper's "notify me when it's back" requests: asked only for what is out of stock, one per product and variant. */
export function backInStockRequestsService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;
  const theOne = (userId: string, wanted: Wanted) =>
    and(
      eq(backInStockRequests.userId, userId),
      eq(backInStockRequests.productId, wanted.productId),
      sql`${backInStockRequests.variantId} is not distinct from ${wanted.variantId ?? null}::uuid`,
    );

  /** The shopper's open requests for one product, with where each alert will go: what the button shows. */
  async function waiting(userId: string, productId: string): Promise<BackInStockRequests> {
    const rows = await db
      .select({ variantId: backInStockRequests.variantId, ...contactOfRequest })
      .from(backInStockRequests)
      .innerJoin(users, eq(users.id, backInStockRequests.userId))
      .where(
        and(
          eq(backInStockRequests.userId, userId),
          eq(backInStockRequests.productId, productId),
          isNull(backInStockRequests.notifiedAt),
        ),
      );
    return {
      waiting: rows.map((row) => {
        const reach = reachOf(row);
        return { variant_id: row.variantId, reach: reach && { ...reach, to: maskedAddress(reach.channel, reach.to) } };
      }),
    };
  }

  /** The stock of what is wanted, under the variants' rules of the cart (variants.md); throws what the cart would. */
  async function stockOf(wanted: Wanted): Promise<number> {
    const [product] = await db
      .select({ stock: products.stock, options: products.options })
      .from(products)
      .where(eq(products.id, wanted.productId));
    if (!product) throw notFound('Product');
    if (!wanted.variantId) {
      if (product.options.length) throw badRequest(say.api.variantRequired);
      return product.stock;
    }
    const [variant] = await db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.id, wanted.variantId), eq(productVariants.productId, wanted.productId)));
    if (!variant) throw badRequest(say.api.variantUnknown);
    return variant.stock;
  }

  /**
   * Asks to be told when it is back. Only for what is out of stock now: what can be bought is bought instead. Asking
   * again keeps the one request (in the language of the latest ask), and reopens one already told of: it was out
   * again. A request asked while the stock is coming back is not lost: the alerts' pass reads the open requests of
   * what is in stock, whenever they were written.
   */
  async function ask(userId: string, wanted: Wanted, language: Language): Promise<BackInStockRequests> {
    if ((await stockOf(wanted)) > 0) throw badRequest(say.api.backInStockOnlyWhenOut);
    const askedAt = deps.clock.now();
    await db
      .insert(backInStockRequests)
      .values({ userId, productId: wanted.productId, variantId: wanted.variantId ?? null, language, askedAt })
      .onConflictDoUpdate({
        target: [backInStockRequests.userId, backInStockRequests.productId, backInStockRequests.variantId],
        set: { language, askedAt, notifiedAt: null },
      });
    return waiting(userId, wanted.productId);
  }

  /** Idempotent: cancelling what was not asked (or was told of already) is not an error. */
  async function cancel(userId: string, wanted: Wanted): Promise<BackInStockRequests> {
    await db.delete(backInStockRequests).where(theOne(userId, wanted));
    return waiting(userId, wanted.productId);
  }

  return { waiting, ask, cancel };
}
