import { eq, sql, type SQL } from 'drizzle-orm';
import { dayInCairo, ORDER_MESSAGE_KINDS, type OrderMessageKind, type OrderStatus } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { messages, users } from '../../db/schema.js';
import type { Channel } from './provider.js';

/** The order e-mails a shopper gets: one for each move they need to hear of (contracts, for the dashboard too). */
export const ORDER_MAIL_KINDS = ORDER_MESSAGE_KINDS;
export type OrderMailKind = OrderMessageKind;

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

/** The messages that give the parcel's own link (the courier's tracking page) rather than the shopper's orders. */
export const tellsOfParcel = (kind: string): boolean => kind === 'shipped' || kind === 'out_for_delivery';

/**
 * Why a message that waited in the queue (a provider down, a template not approved yet) would mislead if it went out
 * now, or null: a parcel's day is worth telling only that day, and only while the parcel is still on its way.
 */
export function outdatedBy(
  message: { kind: string; createdAt: Date },
  order: { status: OrderStatus } | undefined,
  now: Date,
): string | null {
  if (message.kind !== 'out_for_delivery') return null;
  if (order?.status !== 'shipped') return 'Not sent: the parcel was no longer on its way';
  if (dayInCairo(message.createdAt) !== dayInCairo(now)) return 'Not sent: its day had passed';
  return null;
}

/** The channel a shopper is reached by: the one they chose, else the one they signed in with by code, else e-mail. */
export const contactChannel = sql<Channel>`coalesce(${users.contactChannel}, case when ${users.signedInWith} in ('sms', 'whatsapp')
    then ${users.signedInWith} end, 'email')`;

/**
 * Queues a message of `kind` (about an order, or not) to each account `who` picks, by the account's channel (the one
 * chosen, else the one it signed in with by code, else e-mail) and to its address on it as it is now, in `language` (a
 * value, or a column of users). An account with no address on its channel is skipped. One statement, whoever it
 * reaches. Returns how many were queued.
 */
export async function queueToAccounts(
  tx: Tx,
  message: { kind: string; orderId?: string; payload?: Record<string, string> },
  who: SQL,
  language: SQL,
): Promise<number> {
  const { kind, orderId, payload } = message;
  // drizzle's insert-from-select takes every column of the table; this one leaves the queue's own to their defaults.
  const queue = sql`
    insert into ${messages} ("kind", "channel", "order_id", "to", "language", "payload")
    select ${kind}, chosen.channel, ${orderId ?? null}::uuid, chosen."to", known.language, ${payload ? JSON.stringify(payload) : null}::jsonb
    from (select ${contactChannel} as channel, ${users.email} as email, ${users.verifiedPhone} as phone,
            ${language} as language
          from ${users} where ${who}) as known,
    lateral (select known.channel, case known.channel when 'email' then known.email else known.phone end as "to") as chosen
    where chosen."to" is not null
    returning "id"`;
  const { rows } = await tx.execute(queue).execute();
  return rows.length;
}

/**
 * Queues an order's message to its shopper in the transaction that moves the order, so it goes out exactly when the
 * move commits, in the order's language. Returns whether one was queued: an order of a deleted account has nobody to
 * write to.
 */
export async function queueOrderMail(
  tx: Tx,
  order: { id: string; userId: string | null; language: string },
  kind: OrderMailKind,
  payload?: Record<string, string>,
): Promise<boolean> {
  const { userId } = order;
  if (!userId) return false;
  const queued = await queueToAccounts(
    tx,
    { kind, orderId: order.id, ...(payload ? { payload } : {}) },
    eq(users.id, userId),
    sql`${order.language}::text`,
  );
  return queued > 0;
}
