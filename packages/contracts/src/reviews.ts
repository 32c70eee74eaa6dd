import { z } from 'zod';
import { localizedRefSchema, reviewSchema } from './catalog.js';
import { anyWhenBlank, booleanQuery, requiredText, pageQuery } from './fields.js';
import { say } from './said.js';

/** Reviews a page of a product's reviews holds: the product page shows the first, and more as the shopper asks. */
export const REVIEWS_PAGE_SIZE = 10;
/** A page of a product's reviews, newest first; `stars`: those giving that many stars alone. */
export const reviewPageQuerySchema = z.object({
  page: pageQuery,
  stars: z.coerce
    .number()
    .int(say.rule.ratingRange)
    .min(1, say.rule.ratingRange)
    .max(5, say.rule.ratingRange)
    .optional(),
});
export type ReviewPageQuery = z.output<typeof reviewPageQuerySchema>;
export const reviewPageSchema = z.object({
  reviews: z.array(reviewSchema),
  /** Pages of the reviews asked for (all, or those giving `stars`). */
  pages: z.number().int(),
  /** How many reviews gave each number of stars, five first, whichever page: the summary's rows. */
  stars: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type ReviewPage = z.output<typeof reviewPageSchema>;

/** The dashboard's reviews: every product's, newest first, by stars and by whether they wait for the shop's answer. */
export const adminReviewsQuerySchema = z.object({
  page: pageQuery,
  rating: anyWhenBlank(z.coerce.number().int().min(1).max(5)),
  /** Only those with no answer, or written again by their author since the shop answered. */
  awaiting: booleanQuery.optional(),
});
export type AdminReviewsQuery = z.output<typeof adminReviewsQuerySchema>;

export const adminReviewSchema = reviewSchema.extend({
  product: localizedRefSchema,
  /** How many times its author wrote it: an answer names the revision it was written to. */
  revision: z.number().int(),
  /** Its author wrote it again after the shop answered: the answer may no longer fit. */
  changedSinceReply: z.boolean(),
});
export type AdminReview = z.output<typeof adminReviewSchema>;

export const adminReviewPageSchema = z.object({
  reviews: z.array(adminReviewSchema),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminReviewPage = z.output<typeof adminReviewPageSchema>;

export const REVIEW_REPLY_MAX = 1000;
/** The shop's answer to a review, shown under it on the product's page, and the revision of the review it answers. */
export const reviewReplyInputSchema = z.object({
  text: requiredText(undefined, REVIEW_REPLY_MAX),
  revision: z.number().int().min(1),
});
export type ReviewReplyInput = z.input<typeof reviewReplyInputSchema>;
