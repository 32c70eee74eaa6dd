import { eq } from 'drizzle-orm';
import { languageOf, localName } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { products, reviews, users } from '../../db/schema.js';
import { contactChannel } from '../messaging/order-messages.js';
import { queueMessage } from '../messaging/queue.js';

/** The message telling a review's author that the shop answered it (messaging/templates.ts). */
export const REVIEW_ANSWERED = 'review_answered';

/**
 * Queues it in the answer's transaction: by the author's channel (order-messages.ts's `contactChannel`), to their
 * address on it, in the language they wrote the review in, naming the product in that language. News of the
 * shopper's own words, offering nothing, so a utility: sent whether or not they take offers. False when there is
 * nobody to write to (a phone account whose number was never proven).
 */
export async function tellAuthorOfAnswer(tx: Tx, reviewId: string): Promise<boolean> {
  const [author] = await tx
    .select({
      channel: contactChannel,
      email: users.email,
      phone: users.verifiedPhone,
      language: reviews.language,
      productId: products.id,
      name: products.name,
      nameAr: products.nameAr,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, reviewId));
  const to = author && (author.channel === 'email' ? author.email : author.phone);
  if (!author || !to) return false;
  const language = languageOf(author.language);
  await queueMessage(tx, {
    kind: REVIEW_ANSWERED,
    channel: author.channel,
    to,
    language,
    payload: { product: localName(author, language).text, productId: author.productId },
  });
  return true;
}
