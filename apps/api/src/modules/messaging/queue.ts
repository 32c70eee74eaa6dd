import { and, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import type { Channel } from './provider.js';

export type QueuedMessage = typeof messages.$inferSelect;

/** Queues a message in the transaction that causes it: it goes out once that commits (sender.ts), never if it rolls back. */
export async function queueMessage(
  tx: Tx | Db,
  message: {
    kind: string;
    channel: Channel;
    to: string;
    language: string;
    orderId?: string;
    payload?: Record<string, string>;
  },
): Promise<number> {
  const [row] = await tx.insert(messages).values(message).returning({ id: messages.id });
  if (!row) throw new Error('message insert returned no row');
  return row.id;
}

/** A message that failed this many times is given up: it stays in the table, failed, with its last error. */
export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 60 * 60_000;

/** How long after its `attempts`-th failure a message is tried again: 1 min, 2, 4, … doubling, at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

/**
 * Takes the next messages that are due, at most `limit`, for this sender alone: the rows are locked while their
 * attempts are counted and their `next_attempt_at` pushed to `leaseUntil`, and rows another sender has locked are
 * skipped, so two instances never take one row. Until the lease runs out nobody else takes them either; a sender
 * that dies while sending leaves them to be taken again after it (one that stops gives them back, `release`).
 * A message never tried is due at once, whatever its queued time says: it was stamped by the database's
 * clock, and `now` is the app's. They come in the order they were queued.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<QueuedMessage[]> {
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        isNull(messages.sentAt),
        lt(messages.attempts, MAX_ATTEMPTS),
        or(eq(messages.attempts, 0), lte(messages.nextAttemptAt, now)),
      ),
    )
    .orderBy(messages.attempts, messages.nextAttemptAt, messages.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const batch = await db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(messages.id, due))
    .returning();
  return batch.sort((a, b) => a.id - b.id);
}

/**
 * Gives claimed messages back untried: their attempt uncounted, due at `now`. Only while their lease is still the one
 * claimed (`next_attempt_at` is its token): a message another sender took after the lease ran out stays its.
 */
export async function release(db: Db, batch: QueuedMessage[], now: Date): Promise<void> {
  const [first] = batch;
  if (!first) return;
  await db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} - 1`, nextAttemptAt: now })
    .where(
      and(
        inArray(
          messages.id,
          batch.map((message) => message.id),
        ),
        eq(messages.nextAttemptAt, first.nextAttemptAt),
        isNull(messages.sentAt),
      ),
    );
}

/** The provider took it: its id there is kept for its reports, and what it carried (a sign-in code) is dropped. */
export async function markSent(
  db: Db,
  id: number,
  now: Date,
  provider: string,
  providerMessageId: string | undefined,
): Promise<void> {
  await db
    .update(messages)
    .set({
      sentAt: now,
      lastError: null,
      status: 'sent',
      statusAt: now,
      provider,
      providerMessageId: providerMessageId ?? null,
      payload: null,
    })
    .where(eq(messages.id, id));
}

/**
 * Records why a claimed message (its attempt already counted) failed, and when to try it again; as `release`, only
 * while the lease is still the one claimed.
 */
export async function markFailed(db: Db, message: QueuedMessage, error: string, now: Date): Promise<void> {
  const givenUp = message.attempts >= MAX_ATTEMPTS;
  await db
    .update(messages)
    .set({
      lastError: error.slice(0, 2000),
      nextAttemptAt: new Date(now.getTime() + backoffMs(message.attempts)),
      ...(givenUp ? { status: 'failed', statusAt: now, payload: null } : {}),
    })
    .where(and(eq(messages.id, message.id), eq(messages.nextAttemptAt, message.nextAttemptAt)));
}

/**
 * Gives up a claimed message that is no longer true (order-messages.ts, outdatedBy), saying why, without sending it; as
 * `markFailed`, only while the lease is still the one claimed.
 */
export async function markOutdated(db: Db, message: QueuedMessage, why: string, now: Date): Promise<void> {
  await db
    .update(messages)
    .set({ status: 'failed', statusAt: now, lastError: why, payload: null })
    .where(and(eq(messages.id, message.id), eq(messages.nextAttemptAt, message.nextAttemptAt)));
}

/** Messages not sent yet, those given up included: what the queue-length gauge reports. */
export async function unsentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(isNull(messages.sentAt));
  return row?.n ?? 0;
}
