import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';

/**
 * A refund the shop asked a provider for is written down, and committed, before the provider is
 * asked: Paymob has no idempotency key, so if the shop's own commit failed after the provider gave
 * the money back, only this row tells a retry not to ask again. It lives among the payment events
 * (one id per order: an order is refunded once), and the provider's refund callback, or the refund
 * route when its commit succeeds, is what cancels the order.
 */
export const refundRequestId = (orderId: string) => `refund-request:${orderId}`;

export async function refundRequested(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, refundRequestId(orderId)));
  return Boolean(row);
}
