import { and, eq } from 'drizzle-orm';
import { canTransition, dayInCairo, say, type OrderStatus } from '@shop/contracts';
import { courierEvents, orders } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { AfterCommit, lockOrder, transition, type AfterCommitDeps } from '../orders/lifecycle.js';
import { collectedAtDoor } from '../orders/at-the-door.js';
import { queueOrderMail } from '../messaging/order-messages.js';
import { toEgp } from '../../lib/money.js';
import type { CourierCallback, CourierEvent } from './courier.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

type CourierServiceDeps = AfterCommitDeps & Pick<Deps, 'clock' | 'courier'>;

/**
 * The wait asked of a courier calling back about a parcel no order ships with yet (its Retry-After). Bosta does not
 * document its retries; a 503 is the answer any sender takes as "try again", where some give up on a 4xx.
 */
const PARCEL_RETRY_SECONDS = 60;

/** Couriers' callbacks: the courier authenticates and reads them, the shop moves the parcel's order. */
export function courierService(deps: CourierServiceDeps) {
  const { db } = deps;
  const { courier } = deps;

  /**
   * Applies an outcome once: its id goes into courier_events with the move, so a redelivery changes nothing. A parcel
   * out for delivery moves nothing: its shopper is told it comes today, and what to have ready in cash.
   * An order that can no longer make the move (already delivered, returned by hand) is acknowledged: the courier
   * retrying would not change that. A parcel no order ships with yet is audited once and not acknowledged: Bosta can
   * call back between creating the delivery and the shop saving its tracking number (orders/service.ts,
   * shipWith), and its retry must find the event still to apply.
   */
  async function apply(courier: string, event: CourierEvent & { outcome: NonNullable<CourierEvent['outcome']> }) {
    const after = new AfterCommit();
    const found = await transaction(db, async (tx) => {
      const now = deps.clock.now();
      const [parcel] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.trackingNumber, event.trackingNumber), eq(orders.courier, courier)))
        .limit(1);
      const order = parcel ? await lockOrder(tx, parcel.id) : null;
      if (!order) {
        // Audited the first time only: each retry would write another row. The mark lives among the events taken
        // under an id no courier event has, so the event itself stays to apply when a retry finds its order.
        const [first] = await tx
          .insert(courierEvents)
          .values({ id: `unknown-parcel:${courier}:${event.trackingNumber}:${event.outcome}`, receivedAt: now })
          .onConflictDoNothing()
          .returning({ id: courierEvents.id });
        if (first)
          await audit(tx, {
            type: 'order',
            action: 'unknown_parcel',
            message: `${courier} reported parcel ${event.trackingNumber} ${event.outcome}, but no order ships with it`,
            data: { courier, eventId: event.eventId, trackingNumber: event.trackingNumber, outcome: event.outcome },
          });
        return false;
      }
      // Under the order's lock: a redelivery arriving meanwhile waits here, then finds the event taken.
      const [fresh] = await tx
        .insert(courierEvents)
        .values({ id: event.eventId, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: courierEvents.id });
      if (!fresh) return true;
      if (event.outcome === 'out_for_delivery') {
        // Only a parcel still on its way, and only the day it goes out: one delivered or returned meanwhile has nothing
        // coming, and a report heard the next day (a retry, the shop down) is no longer news.
        if (order.status !== 'shipped' || (event.at && dayInCairo(event.at) !== dayInCairo(now))) return true;
        const collect = collectedAtDoor(order);
        const told = await queueOrderMail(
          tx,
          order,
          'out_for_delivery',
          collect > 0 ? { collect: String(toEgp(collect)) } : undefined,
        );
        if (told) after.mailQueued();
        return true;
      }
      const from = order.status as OrderStatus;
      if (!canTransition(from, event.outcome, 'courier')) {
        deps.log.info({ order: order.id, from, outcome: event.outcome, courier }, 'courier outcome no longer applies');
        return true;
      }
      await transition(tx, [order], { to: event.outcome, by: { actor: 'courier' } }, after, now);
      return true;
    });
    if (!found) throw new HttpError(503, say.api.unavailable, undefined, PARCEL_RETRY_SECONDS);
    await after.run(deps);
  }

  /** A callback to the route of courier `name`; 404 unless that is the courier the shop ships with. */
  async function handleCallback(name: string, callback: CourierCallback): Promise<{ received: true }> {
    if (courier?.name !== name) throw notFound('Courier');
    const event = courier.readCallback(callback);
    if (event.outcome) await apply(courier.name, { ...event, outcome: event.outcome });
    return { received: true };
  }

  return { handleCallback };
}
