import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { say, type AdminReviewPage, type AdminReviewsQuery, type Review } from '@shop/contracts';
import { products, reviews } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { tellAuthorOfAnswer } from './answer-message.js';
import { selectReviews, toDto } from './service.js';

const PAGE_SIZE = 20;

/** Waiting for the shop's answer: none given yet, or one to an earlier revision (its author wrote it again since). */
export const awaitingAnswer = or(isNull(reviews.reply), ne(reviews.repliedRevision, reviews.revision)) as SQL;

/** The dashboard's reviews screen: every product's reviews, and the shop's public answers to them. */
export function reviewsModeration(deps: Pick<Deps, 'db' | 'messageSender'>) {
  const { db } = deps;

  async function list(query: AdminReviewsQuery): Promise<AdminReviewPage> {
    const filters: SQL[] = [];
    if (query.rating) filters.push(eq(reviews.rating, query.rating));
    if (query.awaiting) filters.push(awaitingAnswer);
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      selectReviews(db)
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE),
      db.select({ n: count() }).from(reviews).where(where),
    ]);
    const ids = [...new Set(rows.map((r) => r.productId))];
    const named = ids.length
      ? await db
          .select({ _id: products.id, name: products.name, nameAr: products.nameAr })
          .from(products)
          .where(inArray(products.id, ids))
      : [];
    const byId = new Map(named.map((p) => [p._id, p]));
    const n = total?.n ?? 0;
    return {
      reviews: rows.flatMap((r) => {
        // A review goes with its product (a cascade): one deleted between the two reads is left out.
        const product = byId.get(r.productId);
        if (!product) return [];
        const changedSinceReply = r.repliedRevision !== null && r.repliedRevision !== r.revision;
        return [{ ...toDto(r), product, revision: r.revision, changedSinceReply }];
      }),
      pages: Math.max(1, Math.ceil(n / PAGE_SIZE)),
      total: n,
    };
  }

  /**
   * Writes or rewrites the shop's answer to the revision of the review its writer read: public under it at once (the
   * catalogue's news drops it). A review its author wrote again meanwhile is refused, so no answer stands under words
   * its writer never saw. The author is told of the first answer to each revision, not of its corrections.
   */
  async function answer(id: string, input: { text: string; revision: number }, actor: Actor): Promise<Review> {
    if (!isId(id)) throw notFound('Review');
    const { review, told } = await transaction(db, async (tx) => {
      const [before] = await tx
        .select({
          revision: reviews.revision,
          repliedRevision: reviews.repliedRevision,
          productId: reviews.productId,
          title: reviews.title,
          authorId: reviews.userId,
        })
        .from(reviews)
        .where(eq(reviews.id, id))
        .for('update');
      if (!before) throw notFound('Review');
      if (before.revision !== input.revision) throw conflict(say.api.reviewChangedWhileAnswered);
      await tx
        .update(reviews)
        .set({ reply: input.text, repliedAt: sql`now()`, repliedRevision: input.revision })
        .where(eq(reviews.id, id));
      const { productId, title, authorId } = before;
      await auditAdmin(tx, actor, 'review_reply', `answered the review "${title}"`, {
        id,
        productId,
        title,
        authorId,
        reply: input.text,
      });
      const [answered] = await selectReviews(tx).where(eq(reviews.id, id));
      if (!answered) throw notFound('Review');
      const news = before.repliedRevision !== input.revision;
      return { review: toDto(answered), told: news && (await tellAuthorOfAnswer(tx, id)) };
    });
    if (told) deps.messageSender.wake();
    return review;
  }

  /** Takes the shop's answer down; a review with none is left as it is. */
  async function withdrawAnswer(id: string, actor: Actor): Promise<void> {
    if (!isId(id)) throw notFound('Review');
    return transaction(db, async (tx) => {
      const [review] = await tx
        .select({ productId: reviews.productId, title: reviews.title, reply: reviews.reply })
        .from(reviews)
        .where(eq(reviews.id, id))
        .for('update');
      if (!review) throw notFound('Review');
      if (review.reply !== null) {
        await tx.update(reviews).set({ reply: null, repliedAt: null, repliedRevision: null }).where(eq(reviews.id, id));
        await auditAdmin(tx, actor, 'review_reply_delete', `took down the answer to the review "${review.title}"`, {
          id,
          productId: review.productId,
          title: review.title,
          reply: review.reply,
        });
      }
    });
  }

  return { list, answer, withdrawAnswer };
}
