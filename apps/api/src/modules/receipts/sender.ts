import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { etaPos, etaReceipts } from '../../db/schema.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';
import { etaClient, EtaUnavailable, type EtaClient } from './client.js';
import { etaConfig, etaConfigured } from './config.js';
import { errorLines, isDuplicate, SUBMISSION_BATCH, type SubmissionAnswer } from './wire.js';

/** Submits the queued receipts and follows their validation; `flush` resolves to how many it submitted. */
export type ReceiptSender = Passes;

type SenderDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config'>;

const POLL_MS = 30_000;
/** How long a sender holds its POS's chain unrenewed: far longer than a batch's few calls of at most 30 s each. */
const LEASE_MS = 10 * 60_000;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 60 * 60_000;
/** After its `attempts`-th failed submission a receipt waits 1 min, 2, 4, … doubling, at most an hour. */
export const receiptBackoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

/** A sender's hold of a POS's chain: the POS, and the end of its lease, which is also its token. */
interface Chain {
  serial: string;
  until: Date;
}

/**
 * Takes the active POS's chain for this sender alone: the one instance whose update finds the lease free sends,
 * others pass. Answers the POS and the lease's token (its end), or null.
 */
async function claimChain(db: Db, now: Date): Promise<Chain | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const [pos] = await db
    .update(etaPos)
    .set({ leaseUntil: until })
    .where(and(eq(etaPos.active, true), or(isNull(etaPos.leaseUntil), lt(etaPos.leaseUntil, now))))
    .returning({ serial: etaPos.serial });
  return pos ? { serial: pos.serial, until } : null;
}

/**
 * Extends the lease from now, only while it is still this sender's (its token unchanged); answers whether it is. A
 * pass renews it before each batch, so a long pass keeps the chain, and one whose lease lapsed (a stalled process,
 * another instance has the chain since) stops instead of submitting what the other submits.
 */
async function renewChain(db: Db, chain: Chain, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS);
  const [held] = await db
    .update(etaPos)
    .set({ leaseUntil: until })
    .where(and(eq(etaPos.serial, chain.serial), eq(etaPos.leaseUntil, chain.until)))
    .returning({ serial: etaPos.serial });
  if (held) chain.until = until;
  return Boolean(held);
}

async function releaseChain(db: Db, chain: Chain) {
  await db
    .update(etaPos)
    .set({ leaseUntil: null })
    .where(and(eq(etaPos.serial, chain.serial), eq(etaPos.leaseUntil, chain.until)));
}

/**
 * The receipts' sender. Receipts are issued into eta_receipts in the transactions that make them, chained in
 * order; from here they are submitted in that order, in batches, by one instance at a time (the POS row's lease,
 * renewed per batch), none ahead of the one before it. A failed submission is tried again with backoff, its place in
 * the chain kept: nothing after it goes first. One whose answer was lost may have reached the ETA: sent again, the
 * ETA refuses its receipts as duplicates, and they are recorded submitted. Submitted receipts are then followed
 * until the ETA says valid or invalid.
 */
export function createReceiptSender(deps: SenderDeps): ReceiptSender {
  const { db, clock, log } = deps;
  let client: EtaClient | null = null;
  const clientOf = () => (client ??= etaClient(etaConfig(deps.config.env), clock));

  /** The next batch of the chain, in order; nothing while its first receipt waits out a failure. */
  async function nextBatch(serial: string) {
    const batch = await db
      .select()
      .from(etaReceipts)
      .where(and(eq(etaReceipts.posSerial, serial), eq(etaReceipts.state, 'queued')))
      .orderBy(asc(etaReceipts.seq))
      .limit(SUBMISSION_BATCH);
    const [first] = batch;
    return first && first.nextAttemptAt <= clock.now() ? batch : [];
  }

  /** The receipts among `uuids` still queued: an answer never moves a receipt the sender recorded already. */
  const stillQueued = (uuids: string[]) => and(inArray(etaReceipts.uuid, uuids), eq(etaReceipts.state, 'queued'));

  async function recordAnswer(answer: SubmissionAnswer) {
    const now = clock.now();
    const accepted = answer.acceptedDocuments.map((d) => d.uuid);
    if (accepted.length)
      await db
        .update(etaReceipts)
        .set({ state: 'submitted', submissionId: answer.submissionId, lastError: null, updatedAt: now })
        .where(stillQueued(accepted));
    for (const rejected of answer.rejectedDocuments)
      if (isDuplicate(rejected.error)) await recordHeld(rejected.uuid);
      else
        await db
          .update(etaReceipts)
          .set({ state: 'invalid', errors: errorLines(rejected.error), lastError: null, updatedAt: now })
          .where(stillQueued([rejected.uuid]));
  }

  /**
   * A receipt the ETA refuses as one it holds already: an earlier submission got through and only its answer was
   * lost (a timeout, a crash). It is submitted, not invalid; the ETA says in which submission, followed from there.
   */
  async function recordHeld(uuid: string) {
    const held = await clientOf().receipt(uuid);
    await db
      .update(etaReceipts)
      .set({ state: 'submitted', submissionId: held.submissionUUID, lastError: null, updatedAt: clock.now() })
      .where(stillQueued([uuid]));
  }

  async function submit(batch: (typeof etaReceipts.$inferSelect)[]): Promise<boolean> {
    try {
      const answer = await clientOf().submit(batch.map((r) => r.document));
      if (!Array.isArray(answer.acceptedDocuments) || !Array.isArray(answer.rejectedDocuments))
        throw new EtaUnavailable(`ETA answered without its documents: ${JSON.stringify(answer).slice(0, 500)}`);
      await recordAnswer(answer);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const now = clock.now();
      const ids = batch.map((r) => r.id);
      await db
        .update(etaReceipts)
        .set({
          attempts: sql`${etaReceipts.attempts} + 1`,
          lastError: message.slice(0, 2000),
          nextAttemptAt: new Date(now.getTime() + receiptBackoffMs((batch[0]?.attempts ?? 0) + 1)),
          updatedAt: now,
        })
        .where(and(inArray(etaReceipts.id, ids), eq(etaReceipts.state, 'queued')));
      log.warn({ err, receipts: ids.length }, 'e-receipts not submitted, will retry');
      return false;
    }
  }

  /** Asks the ETA how each submission of submitted receipts was validated. */
  async function follow(serial: string) {
    const waiting = await db
      .selectDistinct({ submissionId: etaReceipts.submissionId })
      .from(etaReceipts)
      .where(and(eq(etaReceipts.posSerial, serial), eq(etaReceipts.state, 'submitted')));
    for (const { submissionId } of waiting) {
      if (!submissionId) continue;
      const details = await clientOf().details(submissionId);
      const now = clock.now();
      for (const receipt of details.receipts) {
        if (receipt.status === 'Submitted') continue;
        await db
          .update(etaReceipts)
          .set({
            state: receipt.status === 'Valid' ? 'valid' : 'invalid',
            errors: receipt.status === 'Valid' ? null : (receipt.errors ?? []).flatMap(errorLines),
            updatedAt: now,
          })
          .where(and(eq(etaReceipts.uuid, receipt.uuid), eq(etaReceipts.state, 'submitted')));
      }
    }
  }

  async function pass(stopping: () => boolean): Promise<number> {
    if (!etaConfigured(deps.config.env)) return 0;
    const chain = await claimChain(db, clock.now());
    if (!chain) return 0;
    let submitted = 0;
    try {
      while (!stopping()) {
        const batch = await nextBatch(chain.serial);
        if (!batch.length) break;
        if (!(await renewChain(db, chain, clock.now()))) {
          log.warn({ pos: chain.serial }, 'e-receipt chain taken by another sender, this pass stops');
          return submitted;
        }
        if (!(await submit(batch))) break;
        submitted += batch.length;
      }
      await follow(chain.serial).catch((err: unknown) => log.warn({ err }, 'e-receipt validation not read'));
    } finally {
      await releaseChain(db, chain);
    }
    return submitted;
  }

  return repeatedPasses(pass, { everyMs: POLL_MS, log, failure: 'e-receipt pass failed' });
}
