import { z } from 'zod';
import { idSchema } from './fields.js';

/*
 * "Notify me when it's back": a signed-in shopper's requests to hear once that an out-of-stock product, or a variant
 * of it, is in stock again (apps/api/src/modules/back-in-stock).
 */

/** Which variant the shopper waits for: required for a product with options, refused for one without. */
export const backInStockAskSchema = z.object({ variant_id: idSchema.optional() });

/** The same, as the query of a cancellation (a DELETE has no body). */
export const backInStockCancelQuerySchema = backInStockAskSchema;

/** The shopper's open requests for one product: a variant's id each, null for the product itself. */
export const backInStockRequestsSchema = z.object({ waiting: z.array(idSchema.nullable()) });
export type BackInStockRequests = z.infer<typeof backInStockRequestsSchema>;
