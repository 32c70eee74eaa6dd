import { z } from 'zod';
import { pageQuery, countSchema } from './fields.js';

/** A cart unchanged this long is abandoned: its shopper went away from it without ordering. */
export const CART_ABANDONED_AFTER_MS = 60 * 60_000;
/** Carts a page of the dashboard's list. */
export const ABANDONED_CARTS_PAGE_SIZE = 20;

export const abandonedCartsQuerySchema = z.object({ page: pageQuery });
export type AbandonedCartsQuery = z.output<typeof abandonedCartsQuerySchema>;

export const abandonedCartSchema = z.object({
  /** The shopper: the staff with customers.read see their contacts, as on the users list. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** The phone is one a code proved theirs (else the one they typed). */
  phoneConfirmed: z.boolean(),
  /** Pieces in it, and what they cost at today's prices (EGP): units a payment under way holds are out. */
  pieces: countSchema,
  value: z.number(),
  /** When the shopper last changed it. */
  changedAt: z.string(),
  /** Whether they opted in to cart reminders, and when this cart was reminded of (null: not yet, or never). */
  reminders: z.boolean(),
  remindedAt: z.string().nullable(),
});
export type AbandonedCart = z.output<typeof abandonedCartSchema>;

/**
 * GET /api/admin/carts: the abandoned carts (unchanged for CART_ABANDONED_AFTER_MS or more), the most recently changed
 * first, and how many there are and what they hold in all.
 */
export const abandonedCartsPageSchema = z.object({
  carts: z.array(abandonedCartSchema),
  pages: countSchema,
  total: countSchema,
  value: z.number(),
});
export type AbandonedCartsPage = z.output<typeof abandonedCartsPageSchema>;
