import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { languageOf, pathIn, productPath, type Language } from '@shop/contracts';
import type { Database, Tx } from '../../db/client.js';
import { backInStockRequests, products, productVariants } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';
import { queueMessage } from '../messaging/queue.js';
import { reachOf, requestsToTell, wantedName } from './reach.js';

export const BACK_IN_STOCK = 'back_in_stock';
/** The channel db/sql/back-in-stock.sql announces on when stock a shopper waits for comes back. */
const CHANNEL = 'back_in_stock';
/** The poll behind the announcements: an alert whose announcement was missed goes out at most this late. */
const EVERY_MS = 60_000;
/** Requests claimed in one transaction. */
const BATCH = 50;

export interface BackInStockAlerts extends Passes {
  /** Resolves once a started pass hears the announcements (or, not hearing them, relies on its poll). */
  listening(): Promise<void>;
}

/** A product's page as a message links to it, in the shopper's language. */
export const productPageLink = (publicUrl: string, productId: string, language: Language) =>
  `${publicUrl}${pathIn(productPath(productId), language)}`;

/** The product page an alert links to, in the shopper's language, on the variant waited for. */
export function alertLink(publicUrl: string, productId: string, variantId: string | null, language: Language): string {
  const page = productPageLink(publicUrl, productId, language);
  return variantId ? `${page}?variant=${encodeURIComponent(variantId)}` : page;
}

/**
 * Tells shoppers, once each, that what they asked for is back. A pass claims the open requests of what is in stock
 * now (`FOR UPDATE SKIP LOCKED`: another instance's pass skips them) and, in one transaction, marks them told and
 * queues their messages: a crash before the commit leaves them open for the next pass, one after has queued them,
 * so no request is told twice or missed. Reading the stock as it is, rather than an event of its change, makes
 * stock that comes back, runs out and comes back before a pass one alert, and one that ran out again before the
 * pass none until it is back. db/sql/back-in-stock.sql wakes the pass as the stock comes back; the poll is for an
 * announcement missed.
 *
 * The channel is the shopper's (order-messages.ts's `contactChannel`), to their address on it as it is then
 * (`reachOf`: an alert is marketing at Meta, so a shopper who replied STOP on WhatsApp after asking gets it by e-mail
 * if they have one, else none; one who asked again after the STOP asked for it anew).
 */
export function createBackInStockAlerts(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'messageSender'> & { listen: Database['listen'] },
): BackInStockAlerts {
  const { db, clock, config, log } = deps;

  async function claim(tx: Tx, now: Date) {
    const due = tx
      .select({ id: backInStockRequests.id })
      .from(backInStockRequests)
      .innerJoin(products, eq(products.id, backInStockRequests.productId))
      .leftJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId))
      .where(
        and(isNull(backInStockRequests.notifiedAt), sql`coalesce(${productVariants.stock}, ${products.stock}) > 0`),
      )
      .orderBy(backInStockRequests.askedAt)
      .limit(BATCH)
      .for('update', { of: backInStockRequests, skipLocked: true });
    const told = await tx
      .update(backInStockRequests)
      .set({ notifiedAt: now })
      .where(inArray(backInStockRequests.id, due))
      .returning({ id: backInStockRequests.id });
    if (!told.length) return [];
    return requestsToTell(tx).where(
      inArray(
        backInStockRequests.id,
        told.map((request) => request.id),
      ),
    );
  }

  async function pass(): Promise<number> {
    const queued = await transaction(db, async (tx) => {
      let count = 0;
      for (const request of await claim(tx, clock.now())) {
        const reach = reachOf(request);
        // Nobody to write to by a channel the shopper allows: the request is done all the same.
        if (!reach) continue;
        const language = languageOf(request.language);
        await queueMessage(tx, {
          kind: BACK_IN_STOCK,
          ...reach,
          language,
          payload: {
            product: wantedName(request, language),
            link: alertLink(config.PUBLIC_URL, request.productId, request.variantId, language),
          },
        });
        count++;
      }
      return count;
    });
    if (queued) deps.messageSender.wake();
    return queued;
  }

  const passes = repeatedPasses(pass, { everyMs: EVERY_MS, log, failure: 'back-in-stock alerts pass failed' });
  let unlisten: Promise<(() => Promise<void>) | null> | null = null;
  return {
    ...passes,
    start(everyMs) {
      passes.start(everyMs);
      unlisten ??= deps
        .listen(CHANNEL, { notify: passes.wake, lost() {}, resumed: passes.wake })
        .catch((err: unknown) => {
          // The poll still finds every request; alerts only go out later.
          log.warn({ err }, 'back-in-stock announcements not heard: alerts wait for the poll');
          return null;
        });
    },
    async listening() {
      await unlisten;
    },
    async stop() {
      const stopListening = await unlisten;
      await stopListening?.();
      await passes.stop();
    },
  };
}
