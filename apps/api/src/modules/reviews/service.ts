import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  say,
  LOW_REVIEW_STARS,
  REVIEW_STARS,
  REVIEWS_PAGE_SIZE,
  type Language,
  type OrderStatus,
  type Review,
  type ReviewPage,
  type ReviewPageQuery,
  type reviewCreateSchema,
} from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orderItems, orders, products, reviews, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import { lowReviewPayload } from '../staff/alert-message.js';
import { queueWordedAlert } from '../staff/alerts.js';
import { recomputeRatings } from './rating.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

type ReviewInput = z.output<typeof reviewCreateSchema>;

const sum = (rows: readonly { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

/** Orders in these states were paid for or are being delivered: their buyers' reviews are verified. */
const PURCHASED: OrderStatus[] = ['paid', 'confirmed', 'shipped', 'delivered'];

export function selectReviews(db: DbOrTx) {
  const bought = db
    .select({ one: sql`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, reviews.userId),
        eq(orderItems.productId, reviews.productId),
        inArray(orders.status, PURCHASED),
      ),
    );
  return db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      userId: users.id,
      userName: users.name,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      verified: exists(bought).mapWith(Boolean),
      revision: reviews.revision,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      repliedRevision: reviews.repliedRevision,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .$dynamic();
}

type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

export const toDto = (r: ReviewRow): Review => ({
  _id: r.id,
  user: { _id: r.userId, name: r.userName },
  rating: r.rating,
  title: r.title,
  comment: r.comment,
  date: r.createdAt.toISOString(),
  verified: r.verified,
  reply: r.reply && r.repliedAt ? { text: r.reply, date: r.repliedAt.toISOString() } : null,
});

/**
 * Locks the product's row for the rest of the transaction, and reads its names. Reviews of one product then change one
 * at a time, so each rating recomputation sees the others' committed reviews. Undefined if it is gone.
 */
async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ name: products.name, nameAr: products.nameAr })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  return row;
}

export function reviewsService(deps: Pick<Deps, 'db' | 'config' | 'messageSender'>) {
  const { db } = deps;

  async function ofProduct(productId: string): Promise<Review[]> {
    if (!isId(productId)) return [];
    const rows = await selectReviews(db)
      .where(eq(reviews.productId, productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map(toDto);
  }

  /**
   * A page of a product's reviews, newest first (those giving `stars` alone, when asked), with how many gave each
   * number of stars: the product page shows a popular product's first reviews and its summary without loading them all.
   */
  async function pageOfProduct(productId: string, query: ReviewPageQuery): Promise<ReviewPage> {
    if (!isId(productId)) return { reviews: [], pages: 0, stars: REVIEW_STARS.map((stars) => ({ stars, count: 0 })) };
    const [rows, counted] = await Promise.all([
      selectReviews(db)
        .where(and(eq(reviews.productId, productId), query.stars ? eq(reviews.rating, query.stars) : undefined))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE_SIZE)
        .offset((query.page - 1) * REVIEWS_PAGE_SIZE),
      db
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .groupBy(reviews.rating),
    ]);
    const stars = REVIEW_STARS.map((stars) => ({
      stars,
      count: counted.find((row) => row.rating === stars)?.n ?? 0,
    }));
    const asked = query.stars ? (stars.find((row) => row.stars === query.stars)?.count ?? 0) : sum(stars);
    return { reviews: rows.map(toDto), pages: Math.ceil(asked / REVIEWS_PAGE_SIZE), stars };
  }

  /**
   * One review per shopper and product: writing again replaces the earlier one. A writing of LOW_REVIEW_STARS or fewer
   * is told, with it, to the members who asked (`low_review`).
   */
  async function write(userId: string, input: ReviewInput, language: Language): Promise<Review> {
    const alerted = await transaction(db, async (tx) => {
      const product = await lockProduct(tx, input.product);
      if (!product) throw notFound('Product');
      const text = { rating: input.rating, title: input.title, comment: input.comment, language };
      await tx
        .insert(reviews)
        .values({ productId: input.product, userId, ...text })
        .onConflictDoUpdate({
          target: [reviews.productId, reviews.userId],
          set: { ...text, createdAt: sql`now()`, revision: sql`${reviews.revision} + 1` },
        });
      await recomputeRatings(tx, [input.product]);
      if (input.rating > LOW_REVIEW_STARS) return 0;
      return queueWordedAlert(tx, 'low_review', (to) => lowReviewPayload(input, product, to, deps.config.PUBLIC_URL));
    });
    if (alerted) deps.messageSender.wake();
    const [review] = await selectReviews(db).where(
      and(eq(reviews.productId, input.product), eq(reviews.userId, userId)),
    );
    if (!review) throw notFound('Review');
    return toDto(review);
  }

  /** The author may delete their review, staff who manage reviews any review (audited). */
  async function remove(id: string, actor: Actor): Promise<{ message: string }> {
    if (!isId(id)) throw notFound('Review');
    const [found] = await db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
    if (!found) throw notFound('Review');
    return transaction(db, async (tx) => {
      // Product first, then the review: the order `write` takes them in, so the two never deadlock.
      await lockProduct(tx, found.productId);
      const [review] = await tx
        .select({ userId: reviews.userId, title: reviews.title })
        .from(reviews)
        .where(eq(reviews.id, id));
      if (!review) throw notFound('Review');
      const moderating = actor.user.permissions.includes('reviews.manage');
      if (review.userId !== actor.user.id && !moderating) throw forbidden(say.api.ownReviewsOnly);
      await tx.delete(reviews).where(eq(reviews.id, id));
      await recomputeRatings(tx, [found.productId]);
      if (moderating) {
        await auditAdmin(tx, actor, 'review_delete', `deleted the review "${review.title}"`, {
          id,
          productId: found.productId,
          authorId: review.userId,
          title: review.title,
        });
      }
      return { message: say.api.reviewDeleted };
    });
  }

  return { ofProduct, pageOfProduct, write, remove };
}
