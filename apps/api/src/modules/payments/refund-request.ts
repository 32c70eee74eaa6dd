import { and, eq, gt } from 'drizzle-orm';
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

/**
 * How long a request whose outcome is unknown (a timeout) holds the order. A refund the provider did
 * make is reported by its callback within seconds; one still unheard of after this long was never
 * made, and the admin may ask again rather than find the order stuck.
 */
export const REFUND_SETTLE_MS = 15 * 60_000;

/**
 * The order's refund request while it stands, with the piastres it asked for (null on a request made before they
 * were recorded): a provider's callback that does not say how much went back (Fawry's PARTIAL_REFUNDED) records these.
 */
export async function refundRequested(
  db: DbOrTx,
  orderId: string,
  now: Date,
): Promise<{ amount: number | null } | null> {
  const [row] = await db
    .select({ amount: paymentEvents.amount })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.id, refundRequestId(orderId)),
        gt(paymentEvents.receivedAt, new Date(now.getTime() - REFUND_SETTLE_MS)),
      ),
    );
  return row ?? null;
}
