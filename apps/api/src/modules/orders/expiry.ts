import { and, asc, eq, lt, not, or } from 'drizzle-orm';
import { CARD_ORDER_TTL_MS, PENDING_PAYMENT_TTL_MS } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { orders, users } from '../../db/schema.js';
import { AfterCommit, transition, type AfterCommitDeps } from './lifecycle.js';
import { awaitingProvider } from './payment-wait.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

const EXPIRY_BATCH = 100;

type ExpiryDeps = AfterCommitDeps & Pick<Deps, 'clock'>;

/**
 * Cancels orders still unpaid online CARD_ORDER_TTL_MS after placement (card orders, and cash orders whose deposit
 * was never paid) and returns their stock; an
 * order whose payment the provider reports pending (a kiosk reference not yet paid at the outlet, a
 * wallet payment awaiting approval) is held until PENDING_PAYMENT_TTL_MS instead.
 * Safe on several instances at once: SKIP LOCKED hands each due order to exactly one of them.
 * Returns how many orders it cancelled.
 */
export async function expireUnpaidOrders(deps: ExpiryDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const cardCutoff = new Date(now - CARD_ORDER_TTL_MS);
  const pendingCutoff = new Date(now - PENDING_PAYMENT_TTL_MS);
  let expired = 0;
  for (;;) {
    const after = new AfterCommit();
    const batch = await transaction(deps.db, async (tx) => {
      const due = await tx
        .select({ order: orders, email: users.email, awaiting: awaitingProvider })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            // Pending: waiting for an online payment, a card order's or a cash order's deposit.
            eq(orders.status, 'pending'),
            or(lt(orders.createdAt, pendingCutoff), and(lt(orders.createdAt, cardCutoff), not(awaitingProvider))),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(EXPIRY_BATCH)
        .for('update', { of: orders, skipLocked: true });
      await transition(
        tx,
        due.map((d) => d.order),
        {
          to: 'cancelled',
          by: { actor: 'system' },
          audit: (o) => {
            const { awaiting, email } = due.find((d) => d.order.id === o.id) ?? { awaiting: false, email: null };
            const held = awaiting
              ? `${PENDING_PAYMENT_TTL_MS / 3_600_000} hours`
              : `${CARD_ORDER_TTL_MS / 60_000} minutes`;
            return {
              type: 'order',
              action: 'order_expired',
              message: `Unpaid online order ${o.id} was cancelled after ${held}${awaiting ? ' with its payment still pending' : ''}`,
              userId: o.userId,
              userEmail: email,
              data: { orderId: o.id, paymentPending: awaiting },
            };
          },
        },
        after,
        deps.clock.now(),
      );
      return due;
    });
    expired += batch.length;
    await after.run(deps);
    if (batch.length < EXPIRY_BATCH) return expired;
  }
}

/** Runs expireUnpaidOrders in passes, one at a time (lib/passes.ts), every minute once started. */
export function orderExpiry(deps: ExpiryDeps): Passes {
  const pass = async () => {
    const n = await expireUnpaidOrders(deps);
    if (n) deps.log.info({ expired: n }, 'cancelled unpaid card orders');
    return n;
  };
  return repeatedPasses(pass, { everyMs: 60_000, log: deps.log, failure: 'order expiry failed' });
}

/** Expires unpaid card orders every minute until the app closes. */
export function startOrderExpiry(app: FastifyInstance): void {
  const expiry = orderExpiry(app);
  expiry.start();
  app.addHook('onClose', () => expiry.stop());
}
