import { z } from 'zod';
import { pageQuery } from './fields.js';

/** A cart unchanged this long is abandoned: its shopper went away from it without ordering. */
export const CART_LEFT_AFTER_MS = 60 * 60_000;
/** Carts a page of the dashboard's list. */
export const LEFT_CARTS_PAGE_SIZE = 20;

export const leftCartsQuerySchema = z.object({ page: pageQuery });
export type LeftCartsQuery = z.output<typeof leftCartsQuerySchema>;

const count = z.number().int().min(0);

export const leftCartSchema = z.object({
  /** The shopper: the staff with customers.read see their contacts, as on the users list. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** The phone is one a code proved theirs (else the one they typed). */
  phoneConfirmed: z.boolean(),
  /** Pieces in it, and what they cost at today's prices (EGP): units a payment under way holds are out. */
  pieces: count,
  value: z.number(),
  /** When the shopper last changed it. */
  changedAt: z.string(),
  /** Whether they opted in to cart reminders, and when this cart was reminded of (null: not yet, or never). */
  reminders: z.boolean(),
  remindedAt: z.string().nullable(),
});
export type LeftCart = z.output<typeof leftCartSchema>;

/**
 * GET /api/admin/carts: the abandoned carts (unchanged for CART_LEFT_AFTER_MS or more), the most recently changed
 * first, and how many there are and what they hold in all.
 */
export const leftCartsPageSchema = z.object({
  carts: z.array(leftCartSchema),
  pages: count,
  total: count,
  value: z.number(),
});
export type LeftCartsPage = z.output<typeof leftCartsPageSchema>;
