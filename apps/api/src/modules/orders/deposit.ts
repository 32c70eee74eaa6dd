import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema.js';
import { repeatedPasses } from '../../lib/passes.js';
import { giveBack, paymentThatPaid } from '../payments/give-back.js';
import { requestRefund } from '../payments/refund-request.js';
import type { AfterCommitDeps } from './lifecycle.js';

const PASS_BATCH = 100;
/** How often a running instance looks for deposits a stopped one left (one that stops for good has no next start). */
const PASS_EVERY_MS = 5 * 60_000;

/**
 * A cash order's deposit given back (docs/decisions/cash-deposit.md). transition() marks the deposit of an order it
 * cancels `refunding` in the cancellation's transaction; once that commits, each goes back here through the provider
 * that took it, and is marked `refunded` with the order's refund. A provider that refuses, or does not answer, marks
 * it `refund_failed`, in the audit log for an admin to give back by hand; its own refund callback, should it come,
 * marks it `refunded` (payments/service.ts). Why this is not the refund of orders/refunds.ts:
 * docs/decisions/refund-flows.md.
 *
 * Before the provider is asked, the order's refund request is written down and committed (payments/refund-request.ts),
 * so that the after-commit and the pass below, on any instance, never both ask: whoever writes it asks, the other
 * leaves the deposit. Answers how many deposits it asked the provider for.
 */
export async function giveDepositsBack(deps: AfterCommitDeps, orderIds: readonly string[]): Promise<number> {
  let asked = 0;
  for (const orderId of orderIds) {
    // A deposit is the whole of the payment that paid it: its request names no part.
    if (!(await requestRefund(deps.db, orderId, deps.clock.now(), null))) continue;
    // Read once the request is ours: a deposit given back (or refused) meanwhile is not asked for again.
    const [order] = await deps.db
      .select({ depositState: orders.depositState })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.depositState !== 'refunding') continue;
    const paid = await paymentThatPaid(deps.db, orderId);
    const amount = paid?.amount ?? 0;
    const refunding = and(eq(orders.id, orderId), eq(orders.depositState, 'refunding'));
    asked++;
    await giveBack(deps, {
      orderId,
      payment: paid ? { ...paid, amount } : null,
      kind: 'deposit',
      what: `The deposit of cancelled order ${orderId}`,
      record: (tx, now) =>
        tx
          .update(orders)
          .set({ depositState: 'refunded', refunded: amount, refundedAt: now, refundedBy: paid?.method })
          .where(refunding),
      // Not asked again by the pass: a refusal is an admin's to handle, and a timeout may have given the money back.
      recordRefusal: (tx) => tx.update(orders).set({ depositState: 'refund_failed' }).where(refunding),
    });
  }
  return asked;
}

/**
 * Gives back the deposits a process left `refunding` when it stopped between a cancellation's commit and its
 * after-commit (a crash, a deploy). A request written down by a process that stopped before the provider answered
 * holds its deposit for REFUND_SETTLE_MS: a refund the provider did make has been reported by its callback by then,
 * and one still unheard of was never made. Safe on several instances at once. Answers how many it asked for.
 */
export async function giveBackLeftDeposits(deps: AfterCommitDeps, stopping = () => false): Promise<number> {
  let asked = 0;
  for (;;) {
    const left = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.depositState, 'refunding'))
      .orderBy(asc(orders.updatedAt))
      .limit(PASS_BATCH);
    const askedNow = await giveDepositsBack(
      deps,
      left.map((o) => o.id),
    );
    asked += askedNow;
    // A full batch held by requests still standing is left for a later pass.
    if (left.length < PASS_BATCH || !askedNow || stopping()) return asked;
  }
}

/** Looks for deposits left to give back at start (those of a previous run) and every five minutes until the app closes. */
export function startDepositRecovery(app: FastifyInstance): void {
  const pass = async (stopping: () => boolean) => {
    const asked = await giveBackLeftDeposits(app, stopping);
    if (asked) app.log.info({ deposits: asked }, 'asked to give back deposits a stopped process left');
    return asked;
  };
  const recovery = repeatedPasses(pass, {
    everyMs: PASS_EVERY_MS,
    log: app.log,
    failure: 'giving back deposits left failed',
  });
  recovery.start();
  app.addHook('onClose', () => recovery.stop());
}
