import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { repeatedPasses } from '../../lib/passes.js';
import { depositsLeft, giveDepositsBack } from '../orders/deposit.js';
import type { AfterCommitDeps } from '../orders/lifecycle.js';
import { givePaymentsBack, paymentsLeft } from './give-back.js';

const PASS_BATCH = 100;
/** How often a running instance looks for what a stopped one left (one that stops for good has no next start). */
const PASS_EVERY_MS = 5 * 60_000;

/**
 * Money the shop gives back of its own accord once a move has committed (give-back.ts), each marked owed in that
 * move's transaction: what is still marked, the longest owed first, and how it is given back once.
 */
const OWED: readonly {
  left: (db: DbOrTx, limit: number) => Promise<string[]>;
  giveBack: (deps: AfterCommitDeps, ids: readonly string[]) => Promise<number>;
}[] = [
  { left: depositsLeft, giveBack: giveDepositsBack },
  { left: paymentsLeft, giveBack: givePaymentsBack },
];

/**
 * Gives back what a process left owed when it stopped between a move's commit and its after-commit (a crash, a
 * deploy): cancelled cash orders' deposits and payments the order does not take. A request written down by a process
 * that stopped before the provider's answer was recorded holds its money for REFUND_SETTLE_MS, within which the
 * provider's refund callback usually records it; after that the provider is asked what became of that request before
 * it is asked again (give-back.ts), so a callback that never comes does not give the money twice. Safe on several
 * instances at once. Answers how many it asked for.
 */
export async function giveBackLeft(deps: AfterCommitDeps, stopping = () => false): Promise<number> {
  // First what this process gave back but could not record: until it is, the money still looks owed.
  await deps.payments.unrecorded.retry();
  let asked = 0;
  for (const owed of OWED) {
    for (;;) {
      const left = await owed.left(deps.db, PASS_BATCH);
      const askedNow = await owed.giveBack(deps, left);
      asked += askedNow;
      if (stopping()) return asked;
      // A full batch held by requests still standing is left for a later pass.
      if (left.length < PASS_BATCH || !askedNow) break;
    }
  }
  return asked;
}

/** Looks for money left to give back at start (that of a previous run) and every five minutes until the app closes. */
export function startGiveBackRecovery(app: FastifyInstance): void {
  const pass = async (stopping: () => boolean) => {
    const asked = await giveBackLeft(app, stopping);
    if (asked) app.log.info({ asked }, 'asked to give back money a stopped process left');
    return asked;
  };
  const recovery = repeatedPasses(pass, {
    everyMs: PASS_EVERY_MS,
    log: app.log,
    failure: 'giving back money left failed',
  });
  recovery.start();
  app.addHook('onClose', () => recovery.stop());
}
