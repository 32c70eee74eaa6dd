import { setTimeout as sleep } from 'node:timers/promises';
import { cairoDay } from '../../../lib/clock.js';
import { repeatedPasses, type Passes } from '../../../lib/passes.js';
import type { Deps } from '../../deps.js';
import { applyBatch, claimNext, dropUnapplied, endImport, releaseImport, type Claim } from './job.js';
import { fileRows } from './parse.js';
import { rowChecker } from './validate.js';

/** Applies the queued product imports; `flush` resolves to how many imports its pass ended. */
export type ImportWorker = Passes;

type WorkerDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config'>;

/** Rows applied per transaction: large enough for few round trips, small enough to lock little for long. */
export const IMPORT_BATCH = 1000;
const POLL_MS = 5_000;
/**
 * How long a claimed import is this worker's without news: every batch renews it. A batch in progress
 * holds the import's row lock, so nobody claims it meanwhile however long the batch takes; the lease
 * covers a worker that died between two batches.
 */
const LEASE_MS = 60_000;
/** A batch whose transaction failed (a lost connection, a deadlock) is tried this many times in all. */
const ATTEMPTS = 3;
const RETRY_MS = 500;
const KEEP_UNAPPLIED_MS = 24 * 60 * 60_000;

/**
 * The background side of product imports (modules/products/import): any instance may run it, and each
 * import is applied once whoever takes it (job.ts). Between two batches it leaves off when stopping,
 * handing the import back, so a restart resumes it where it stopped.
 */
export function createImportWorker(deps: WorkerDeps, batchSize = IMPORT_BATCH): ImportWorker {
  const { db, clock, log } = deps;
  const lease = () => new Date(clock.now().getTime() + LEASE_MS);

  async function applyWithRetries(claim: Claim, batch: Parameters<typeof applyBatch>[2]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await applyBatch(db, claim, batch, lease());
      } catch (err) {
        if (attempt >= ATTEMPTS) throw err;
        log.warn({ err, importId: claim.id, attempt }, 'import batch failed, trying again');
        await sleep(RETRY_MS * attempt);
      }
    }
  }

  /** Goes through the whole file (so that ids repeated across batches are judged as in the dry run), applying what is not done yet. */
  async function run(claim: Claim, stopping: () => boolean): Promise<boolean> {
    const check = rowChecker(deps.config.PUBLIC_URL, cairoDay(clock.now()));
    let read = 0;
    for await (const rows of fileRows(claim.csv, batchSize)) {
      // Every batch is checked, so that ids and SKUs repeated across batches are judged as in the dry run; batches
      // are the same as when the import was left off, so one is either done or not.
      const batch = check(rows);
      read += rows.length;
      if (read <= claim.doneRows) continue;
      if (!(await applyWithRetries(claim, batch))) {
        log.warn({ importId: claim.id }, 'import taken over by another worker');
        return false;
      }
      if (stopping()) {
        await releaseImport(db, claim, clock.now());
        return false;
      }
    }
    await endImport(db, claim, clock.now());
    return true;
  }

  async function pass(stopping: () => boolean): Promise<number> {
    await dropUnapplied(db, new Date(clock.now().getTime() - KEEP_UNAPPLIED_MS));
    let ended = 0;
    while (!stopping()) {
      const claim = await claimNext(db, clock.now(), lease());
      if (!claim) break;
      try {
        if (await run(claim, stopping)) ended++;
      } catch (err) {
        log.error({ err, importId: claim.id, doneRows: claim.doneRows }, 'product import failed');
        await endImport(db, claim, clock.now(), err instanceof Error ? err.message : String(err));
        ended++;
      }
    }
    return ended;
  }

  return repeatedPasses(pass, { everyMs: POLL_MS, log, failure: 'product import pass failed' });
}
