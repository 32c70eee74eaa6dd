import { and, asc, gt, inArray } from 'drizzle-orm';
import { PENDING_PAYMENT_TTL_MS } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema.js';
import { repeatedPasses } from '../../lib/passes.js';
import { paymentsService, type PaymentsDeps } from './service.js';

const POLL_BATCH = 100;
/** How often: a notification normally comes within seconds, so the poll only catches the few that never do. */
const POLL_EVERY_MS = 5 * 60_000;

/**
 * Asks the providers that can be asked (Fawry's payment status) how the unsettled payments stand, for the
 * notification that never came: each answer is applied like its callback, under the same event id, so whichever of
 * the two comes second changes nothing. A reference that expired unpaid reads as failed, and the order then expires
 * like an unpaid card order (orders/expiry.ts), its stock back. Whatever the order's status: a reference stays
 * payable after its order is cancelled (Fawry cannot withdraw it), and money paid for it then is given back
 * (`paid_after_cancel`) only if the shop hears of it. Returns how many it asked about.
 */
export async function pollUnsettledPayments(deps: PaymentsDeps): Promise<number> {
  const askable = deps.payments.all().filter((provider) => provider.poll);
  if (!askable.length) return 0;
  const now = deps.clock.now().getTime();
  const due = await deps.db
    .select({ providerRef: payments.providerRef, provider: payments.provider, method: payments.method })
    .from(payments)
    .where(
      and(
        inArray(
          payments.provider,
          askable.map((provider) => provider.name),
        ),
        inArray(payments.state, ['started', 'pending']),
        gt(payments.createdAt, new Date(now - PENDING_PAYMENT_TTL_MS - POLL_EVERY_MS)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(POLL_BATCH);
  const service = paymentsService(deps);
  let asked = 0;
  for (const payment of due) {
    const provider = deps.payments.named(payment.provider);
    try {
      const event = await provider.poll?.(payment);
      asked++;
      if (event) await service.receive(provider, event);
    } catch (err) {
      deps.log.warn({ err, payment: payment.providerRef }, 'could not ask about a payment');
    }
  }
  return asked;
}

/** Asks about unsettled payments every five minutes until the app closes, one pass at a time (lib/passes.ts). */
export function startPaymentPolls(app: FastifyInstance): void {
  const polls = repeatedPasses(() => pollUnsettledPayments(app), {
    everyMs: POLL_EVERY_MS,
    log: app.log,
    failure: 'payment status poll failed',
  });
  polls.start();
  app.addHook('onClose', () => polls.stop());
}
