import { and, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailQueue } from '../../db/schema.js';

export type QueuedMail = typeof mailQueue.$inferSelect;

/** A mail that failed this many times is given up: it stays in the table, unsent, with its last error. */
export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 60 * 60_000;

/** How long after its `attempts`-th failure a mail is tried again: 1 min, 2, 4, … doubling, at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

/**
 * Takes the next mails that are due, at most `limit`, for this sender alone: the rows are locked while their
 * attempts are counted and their `next_attempt_at` pushed to `leaseUntil`, and rows another sender has locked are
 * skipped, so two instances never take one row. Until the lease runs out nobody else takes them either; a sender
 * that dies while sending leaves them to be taken again after it (one that stops gives them back, `release`).
 * A mail never tried is due at once, whatever its queued time says: it was stamped by the database's
 * clock, and `now` is the app's. The mails come in the order they were queued.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        isNull(mailQueue.sentAt),
        lt(mailQueue.attempts, MAX_ATTEMPTS),
        or(eq(mailQueue.attempts, 0), lte(mailQueue.nextAttemptAt, now)),
      ),
    )
    .orderBy(mailQueue.attempts, mailQueue.nextAttemptAt, mailQueue.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const mails = await db
    .update(mailQueue)
    .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(mailQueue.id, due))
    .returning();
  return mails.sort((a, b) => a.id - b.id);
}

/**
 * Gives claimed mails back untried: their attempt uncounted, due at `now`. Only while their lease is still the one
 * claimed (`next_attempt_at` is its token): a mail another sender took after the lease ran out stays its.
 */
export async function release(db: Db, mails: QueuedMail[], now: Date): Promise<void> {
  const [first] = mails;
  if (!first) return;
  await db
    .update(mailQueue)
    .set({ attempts: sql`${mailQueue.attempts} - 1`, nextAttemptAt: now })
    .where(
      and(
        inArray(
          mailQueue.id,
          mails.map((mail) => mail.id),
        ),
        eq(mailQueue.nextAttemptAt, first.nextAttemptAt),
        isNull(mailQueue.sentAt),
      ),
    );
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db.update(mailQueue).set({ sentAt: now, lastError: null }).where(eq(mailQueue.id, id));
}

/**
 * Records why a claimed mail (its attempt already counted) failed, and when to try it again; as `release`, only
 * while the lease is still the one claimed.
 */
export async function markFailed(db: Db, mail: QueuedMail, error: string, now: Date): Promise<void> {
  await db
    .update(mailQueue)
    .set({ lastError: error.slice(0, 2000), nextAttemptAt: new Date(now.getTime() + backoffMs(mail.attempts)) })
    .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.nextAttemptAt, mail.nextAttemptAt)));
}

/** Mails not sent yet, those given up included: what the queue-length gauge reports. */
export async function unsentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailQueue).where(isNull(mailQueue.sentAt));
  return row?.n ?? 0;
}
