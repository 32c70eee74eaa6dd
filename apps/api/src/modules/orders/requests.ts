import { and, eq, gte, lt } from 'drizzle-orm';
import { say, type Order } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { orderRequests } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/sha256.js';
import { loadOrder } from './queries.js';

/**
 * A checkout sent with an Idempotency-Key: a shopper whose answer was lost (a dropped connection, a 503, a tap
 * repeated) sends the same key again and gets the order the first request placed, whichever instance answers.
 * The checkout holds the shopper's row lock while it looks the key up and records it, so two requests with one key
 * take turns and the second finds the first's order.
 */
export interface OrderRequest {
  key: string;
  bodyHash: string;
}

/** How long a key answers the order it placed. */
export const ORDER_REQUEST_TTL_MS = 24 * 3_600_000;

/** The key and the body it came with (as the contracts' schema parsed it, so its fields are in a fixed order). */
export const orderRequest = (key: string, body: unknown): OrderRequest => ({
  key,
  bodyHash: sha256Hex(JSON.stringify(body)),
});

/** The order placed by this shopper's request with this key within the last day, if any. */
export const findOrderRequest = (tx: Tx, userId: string, request: OrderRequest, now: Date) =>
  tx
    .select({ orderId: orderRequests.orderId, bodyHash: orderRequests.bodyHash })
    .from(orderRequests)
    .where(
      and(
        eq(orderRequests.userId, userId),
        eq(orderRequests.key, request.key),
        gte(orderRequests.createdAt, new Date(now.getTime() - ORDER_REQUEST_TTL_MS)),
      ),
    );

/** The earlier request's order; the same key with another body is a client's mistake, not a retry. */
export async function answerAgain(
  tx: Tx,
  request: OrderRequest,
  earlier: { orderId: string; bodyHash: string },
): Promise<Order> {
  if (earlier.bodyHash !== request.bodyHash) throw new HttpError(422, say.api.idempotencyKeyReused);
  return loadOrder(tx, earlier.orderId);
}

/**
 * Records the request with the order it placed, after dropping the shopper's keys older than a day (one of which may
 * be this very key, sent again after a day: it places a new order).
 */
export const rememberOrderRequest = (tx: Tx, userId: string, request: OrderRequest, orderId: string, now: Date) => [
  tx
    .delete(orderRequests)
    .where(
      and(
        eq(orderRequests.userId, userId),
        lt(orderRequests.createdAt, new Date(now.getTime() - ORDER_REQUEST_TTL_MS)),
      ),
    )
    .execute(),
  tx
    .insert(orderRequests)
    .values({ userId, ...request, orderId, createdAt: now })
    .execute(),
];
