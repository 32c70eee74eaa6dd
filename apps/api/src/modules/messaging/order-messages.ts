import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { messages, users } from '../../db/schema.js';
import type { Channel } from './provider.js';

/** The order e-mails a shopper gets: one for each move they need to hear of. */
export const ORDER_MAIL_KINDS = [
  'placed',
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'return_accepted',
  'return_refused',
  'refunded',
  // Not a move: a Fawry reference handed out for a pending order, with what to pay, where and until when.
  'pay_reference',
  // Not moves either: a cash order's request to be confirmed, and its reminder, with the signed link (confirmations).
  'confirm_request',
  'confirm_reminder',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/**
 * Which e-mail a move sends. An order placed to be paid online (pending) says it is placed and waits for the
 * payment; one placed paid on delivery is confirmed at once. An unpaid card order that is cancelled (abandoned,
 * expired, replaced) sends nothing more: its shopper never paid for it, and the placed message said payment was due.
 */
export function orderMailKind(from: OrderStatus | null, to: OrderStatus): OrderMailKind | null {
  switch (to) {
    case 'pending':
      return from === null ? 'placed' : null;
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

/** The channel a shopper is reached by: the one they chose, else the one they signed in with by code, else e-mail. */
export const contactChannel = sql<Channel>`coalesce(${users.contactChannel}, case when ${users.signedInWith} in ('sms', 'whatsapp')
    then ${users.signedInWith} end, 'email')`;

/**
 * Queues an order's message in the transaction that moves the order, so it goes out exactly when the move commits,
 * by the channel the shopper chose (else the one they signed in with by code, else e-mail) and to their address on
 * it as it is then (one statement, as every order move makes one). Returns whether one was queued: an order of a
 * deleted account has nobody to write to.
 */
export async function queueOrderMail(
  tx: Tx,
  order: { id: string; userId: string | null; language: string },
  kind: OrderMailKind,
  payload?: Record<string, string>,
): Promise<boolean> {
  const { userId } = order;
  if (!userId) return false;
  // drizzle's insert-from-select takes every column of the table; this one leaves the queue's own to their defaults.
  const queue = sql`
    insert into ${messages} ("kind", "channel", "order_id", "to", "language", "payload")
    select ${kind}, chosen.channel, ${order.id}::uuid, chosen."to", ${order.language}, ${payload ? JSON.stringify(payload) : null}::jsonb
    from (select ${contactChannel} as channel, ${users.email} as email, ${users.verifiedPhone} as phone
          from ${users} where ${eq(users.id, userId)}) as known,
    lateral (select known.channel, case known.channel when 'email' then known.email else known.phone end as "to") as chosen
    where chosen."to" is not null
    returning "id"`;
  const { rows } = await tx.execute(queue).execute();
  return rows.length > 0;
}
