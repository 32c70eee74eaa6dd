import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { API_MSG, canTransition, type OrderStatus } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, orderItems, orders, orderStatusHistory, paymentEvents, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import type { AuthUser } from '../../plugins/auth.js';
import { paymentProvider } from './provider.js';

/** What the shop needs from a payment_intent.* event. */
interface IntentEvent {
  id: string;
  type: string;
  intentId: string;
  orderId: string | null;
  amount: number;
  currency: string;
  errorMessage: string | null;
}

/** The parts of a payment_intent the shop reads. */
const intentObjectSchema = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1).max(10),
  metadata: z.object({ order_id: z.unknown().optional() }).nullish(),
  last_payment_error: z.object({ message: z.string().optional() }).nullish(),
});

function intentEvent(event: Stripe.Event): IntentEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.processing': {
      // Signed, so not forged, but not necessarily well formed (another API version, a bug at the
      // sender): a payment_intent without the fields read below is refused, not a 500.
      const parsed = intentObjectSchema.safeParse((event as { data?: { object?: unknown } }).data?.object);
      if (!parsed.success) throw badRequest(API_MSG.malformedEvent(event.type));
      const intent = parsed.data;
      const orderId = intent.metadata?.order_id;
      return {
        id: event.id,
        type: event.type,
        intentId: intent.id,
        orderId: typeof orderId === 'string' ? orderId : null,
        amount: intent.amount,
        currency: intent.currency,
        errorMessage: intent.last_payment_error?.message ?? null,
      };
    }
    default:
      return null;
  }
}

/** Records a delivered event by its id: true the first time, false for a redelivery (which then changes nothing). */
async function firstDelivery(db: DbOrTx, event: { id: string; type: string }, at: Date): Promise<boolean> {
  const [fresh] = await db.insert(paymentEvents).values({ id: event.id, type: event.type, receivedAt: at }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return Boolean(fresh);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function paymentsService(app: FastifyInstance) {
  const { db } = app;
  const provider = paymentProvider(app);

  /** A client secret for the user's own pending card order; anyone else's order is 'not found'. */
  async function createPaymentIntent(user: AuthUser, orderId: string, ip: string): Promise<{ clientSecret: string }> {
    const [order] = await db
      .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod, bill: orders.bill, paymentIntentId: orders.paymentIntentId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)));
    if (!order) throw notFound('Order');
    if (order.paymentMethod !== 'visa' || order.status !== 'pending') throw conflict(API_MSG.notAwaitingCard);
    const intent = await provider.createIntent({ id: order.id, amount: order.bill });
    const [attached] = await db
      .update(orders)
      .set({ paymentIntentId: intent.id, updatedAt: app.clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (!attached) {
      // Cancelled (replaced or expired) while the intent was being made: it must not be payable.
      await provider.cancelIntent(intent.id);
      throw conflict(API_MSG.notAwaitingCard);
    }
    if (!order.paymentIntentId) {
      await audit(db, {
        type: 'payment',
        action: 'intent_created',
        message: `${user.email} started paying order ${order.id} (${toEgp(order.bill)} EGP)`,
        userId: user.id,
        userEmail: user.email,
        data: { orderId: order.id, intentId: intent.id, amount: toEgp(order.bill) },
        ip,
      });
    }
    return { clientSecret: intent.clientSecret };
  }

  /**
   * The webhook entry point for both providers: verifies the stripe-signature header against the
   * raw body (Stripe's own verification, with the app's clock for the 5-minute tolerance), then applies.
   */
  async function handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    if (!signature) throw badRequest(API_MSG.missingSignature);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, provider.webhookSecret, undefined, undefined, app.clock.now().getTime());
    } catch {
      throw badRequest(API_MSG.invalidSignature);
    }
    const intent = intentEvent(event);
    if (intent) await apply(intent);
    else await firstDelivery(db, event, app.clock.now());
    return { received: true };
  }

  async function findOrder(event: IntentEvent) {
    const where = event.orderId && UUID.test(event.orderId) ? eq(orders.id, event.orderId) : eq(orders.paymentIntentId, event.intentId);
    const [order] = await db
      .select({ id: orders.id, bill: orders.bill, userId: orders.userId, email: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where);
    return order ?? null;
  }

  /**
   * Applies a verified event once: its id goes into payment_events first, so a redelivery changes
   * nothing. Orders only move forward (pending → paid), so late or reordered events are harmless.
   */
  async function apply(event: IntentEvent): Promise<void> {
    const order = await findOrder(event);
    const who = { userId: order?.userId ?? null, userEmail: order?.email ?? null };
    const data = { eventId: event.id, intentId: event.intentId, orderId: order?.id ?? event.orderId, amount: toEgp(event.amount), currency: event.currency };
    if (!order) {
      // Acknowledged (a retry would not find the order either) and logged once for someone to look at.
      await db.transaction(async (tx) => {
        if (await firstDelivery(tx, event, app.clock.now())) await audit(tx, { type: 'payment', action: 'unknown_order', message: `Payment event ${event.id} names no known order`, data });
      });
      return;
    }
    // The bill never changes after placement, so it is safe to compare before the transaction.
    if (event.amount !== order.bill || event.currency.toLowerCase() !== 'egp') {
      await audit(db, {
        type: 'payment',
        action: 'amount_mismatch',
        message: `Refused payment event ${event.id}: ${toEgp(event.amount)} ${event.currency.toUpperCase()} for order ${order.id} whose bill is ${toEgp(order.bill)} EGP`,
        ...who,
        data: { ...data, bill: toEgp(order.bill) },
      });
      throw badRequest(API_MSG.amountMismatch);
    }

    await db.transaction(async (tx) => {
      const now = app.clock.now();
      if (!(await firstDelivery(tx, event, now))) return;
      const [locked] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).for('update');
      const status = locked?.status as OrderStatus | undefined;

      if (event.type === 'payment_intent.succeeded') {
        if (status && canTransition(status, 'paid')) {
          await tx.update(orders).set({ status: 'paid', paymentIntentId: event.intentId, updatedAt: now }).where(eq(orders.id, order.id));
          await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'paid', at: now });
          if (order.userId) {
            // The ordered products leave the cart; anything added while paying stays.
            const bought = tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, order.id));
            await tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId), inArray(cartItems.productId, bought)));
          }
          await audit(tx, { type: 'payment', action: 'payment_succeeded', message: `Order ${order.id} paid (${toEgp(order.bill)} EGP)`, ...who, data });
        } else if (status === 'cancelled') {
          await audit(tx, {
            type: 'payment',
            action: 'paid_after_cancel',
            message: `Order ${order.id} was paid after it had been cancelled: refund ${toEgp(order.bill)} EGP`,
            ...who,
            data,
          });
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        await audit(tx, {
          type: 'payment',
          action: 'payment_failed',
          message: `Payment for order ${order.id} failed: ${event.errorMessage ?? 'no reason given'}`,
          ...who,
          data: { ...data, error: event.errorMessage },
        });
      }
    });
  }

  return { provider, createPaymentIntent, handleWebhook };
}
