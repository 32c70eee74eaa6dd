import { eq, isNotNull } from 'drizzle-orm';
import { languageOf, localName } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { products, reviews, users } from '../../db/schema.js';
import { contactOf, reachOf } from '../back-in-stock/reach.js';
import { queueMessage } from '../messaging/queue.js';

/** The message telling a review's author that the shop answered it (messaging/templates.ts). */
export const REVIEW_ANSWERED = 'review_answered';

/**
 * Queues it in the answer's transaction, in the language the author wrote the review in, naming the product in that
 * language. News of the shopper's own words, offering nothing, so a utility at Meta; but it links to a page that
 * sells, which Meta may see as marketing, so it goes as a back-in-stock alert does (`reachOf`): by the author's
 * channel, by e-mail instead once they wrote STOP on WhatsApp, to nobody without an address. False if not queued.
 */
export async function tellAuthorOfAnswer(tx: Tx, reviewId: string): Promise<boolean> {
  const [author] = await tx
    .select({
      // Any STOP counts: the answer was not asked for, unlike an alert.
      ...contactOf(isNotNull(users.whatsappStoppedAt)),
      language: reviews.language,
      productId: products.id,
      name: products.name,
      nameAr: products.nameAr,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, reviewId));
  const reach = author && reachOf(author);
  if (!author || !reach) return false;
  const language = languageOf(author.language);
  await queueMessage(tx, {
    kind: REVIEW_ANSWERED,
    ...reach,
    language,
    payload: { product: localName(author, language).text, productId: author.productId },
  });
  return true;
}
