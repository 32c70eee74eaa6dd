import { z } from 'zod';
import { CONTACT_CHANNELS } from './contact-channels.js';
import { idSchema } from './fields.js';

/*
 * "Notify me when it's back": a signed-in shopper's requests to hear once that an out-of-stock product, or a variant
 * of it, is in stock again (apps/api/src/modules/back-in-stock).
 */

/** Which variant the shopper waits for: required for a product with options, refused for one without. */
export const backInStockAskSchema = z.object({ variant_id: idSchema.optional() });

/** The same, as the query of a cancellation (a DELETE has no body). */
export const backInStockCancelQuerySchema = backInStockAskSchema;

/**
 * Where a request's alert will go, as its sender would send it now: the channel and the address on it, partly hidden
 * ("+20 10•••••678", "sa•••@example.com"); null when the shopper has no address on their channel.
 */
export const backInStockReachSchema = z.object({ channel: z.enum(CONTACT_CHANNELS), to: z.string() });
export type BackInStockReach = z.infer<typeof backInStockReachSchema>;

/** The shopper's open requests for one product: each a variant's id (null for the product itself), and its reach. */
export const backInStockRequestsSchema = z.object({
  waiting: z.array(z.object({ variant_id: idSchema.nullable(), reach: backInStockReachSchema.nullable() })),
});
export type BackInStockRequests = z.infer<typeof backInStockRequestsSchema>;
