import { eq, sql } from 'drizzle-orm';
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
 * move commits, addressed to the shopper's e-mail as it is then (one statement, as every order move
 * makes one). Returns whether one was queued (an order of a deleted account has nobody to write to).
 */
export async function queueOrderMail(
  tx: Tx,
  order: { id: string; userId: string | null; language: string },
  kind: OrderMailKind,
): Promise<boolean> {
  const { userId } = order;
  if (!userId) return false;
  // drizzle's insert-from-select takes every column of the table; this one leaves the queue's own to their defaults.
  const queue = sql`
    insert into ${mailQueue} ("kind", "order_id", "to", "language")
    select ${kind}, ${order.id}::uuid, ${users.email}, ${order.language} from ${users} where ${eq(users.id, userId)}
    returning "id"`;
  const { rows } = await tx.execute(queue).execute();
  return rows.length > 0;
}
