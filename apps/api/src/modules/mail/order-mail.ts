import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { mailQueue, users } from '../../db/schema.js';

/** The order e-mails a shopper gets: one for each move they need to hear of. */
export const ORDER_MAIL_KINDS = [
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'return_accepted',
  'return_refused',
  'refunded',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/**
 * Which e-mail a move sends. An unpaid card order that is cancelled (abandoned, expired, replaced)
 * sends none: its shopper never had an order to hear about, only a payment they did not finish.
 */
export function orderMailKind(from: OrderStatus | null, to: OrderStatus): OrderMailKind | null {
  switch (to) {
    case 'confirmed':
    case 'paid':
    case 'shipped':
    case 'refunded':
      return to;
    case 'delivered':
      return from === 'return_requested' ? 'return_refused' : 'delivered';
    case 'cancelled':
      return from === 'pending' ? null : 'cancelled';
    case 'returned':
      return from === 'return_requested' ? 'return_accepted' : null;
    default:
      return null;
  }
}

/**
 * Queues an order's e-mail in the transaction that moves the order, so it goes out exactly when the
 * move commits. Returns whether one was queued (an order of a deleted account has nobody to write to).
 */
export async function queueOrderMail(
  tx: Tx,
  order: { id: string; userId: string | null; language: string },
  kind: OrderMailKind,
): Promise<boolean> {
  if (!order.userId) return false;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user) return false;
  await tx.insert(mailQueue).values({ kind, orderId: order.id, to: user.email, language: order.language });
  return true;
}
