import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  API_MSG,
  canTransition,
  type OnlineMethod,
  type OrderStatus,
  type PaymentState,
  type PaymentStarted,
  type PaymentStatus,
  type StartPaymentInput,
} from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, orderItems, orders, orderStatusHistory, paymentEvents, payments, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import { toEgp } from '../../lib/money.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { CallbackRequest, PaymentEvent } from './provider.js';
import { paymentProvider } from './registry.js';

/** Records a delivered event by its id: true the first time, false for a redelivery (which then changes nothing). */
async function firstDelivery(db: DbOrTx, event: { id: string; kind: string }, at: Date): Promise<boolean> {
  const [fresh] = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.kind, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return Boolean(fresh);
}

/** States a later event may no longer overwrite: money has moved, and only a refund moves it back. */
const SETTLED: PaymentState[] = ['paid', 'refunded', 'voided'];

export function paymentsService(app: FastifyInstance) {
  const { db } = app;
  const provider = paymentProvider(app);

  /** The order as the provider is told about it: its lines, its buyer and where it goes. */
  async function payable(order: typeof orders.$inferSelect, user: AuthUser) {
    const [lines, [buyer]] = await Promise.all([
      db
        .select({ name: orderItems.name, price: orderItems.price, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id)),
      db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, user.id)),
    ]);
    const { phone, ...address } = order.deliveryAddress;
    return {
      id: order.id,
      amount: order.bill,
      items: lines.map((line) => ({ name: line.name, amount: line.price, quantity: line.quantity })),
      customer: { name: buyer?.name ?? user.email, email: user.email, phone: phone || buyer?.phone || '' },
      address,
    };
  }

  /**
   * Starts paying the user's own pending online order with one of the provider's methods; anyone
   * else's order is 'not found'. Asking again for the same method resumes the payment already started.
   */
  async function createPaymentIntent(user: AuthUser, input: StartPaymentInput, ip: string): Promise<PaymentStarted> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.order_id), eq(orders.userId, user.id)));
    if (!order) throw notFound('Order');
    if (order.paymentMethod !== 'visa' || order.status !== 'pending') throw conflict(API_MSG.notAwaitingCard);
    if (!provider.methods.includes(input.method)) throw badRequest(API_MSG.methodUnavailable);
    const client = (p: { clientSecret: string; checkoutUrl: string | null }) => ({
      clientSecret: p.clientSecret,
      ...(p.checkoutUrl ? { checkoutUrl: p.checkoutUrl } : {}),
    });

    const [started] = await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, order.id), eq(payments.provider, provider.name), eq(payments.method, input.method)),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (started) return client(started);

    const payment = await provider.start(await payable(order, user), input.method, input.wallet_phone);
    const now = app.clock.now();
    const attached = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ paymentIntentId: payment.providerRef, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      if (!row) return false;
      const [fresh] = await tx
        .insert(payments)
        .values({
          providerRef: payment.providerRef,
          orderId: order.id,
          provider: provider.name,
          method: input.method,
          clientSecret: payment.clientSecret,
          checkoutUrl: payment.checkoutUrl,
          state: 'started',
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ providerRef: payments.providerRef });
      if (fresh) {
        await audit(tx, {
          type: 'payment',
          action: 'intent_created',
          message: `${user.email} started paying order ${order.id} (${toEgp(order.bill)} EGP, ${provider.name} ${input.method})`,
          userId: user.id,
          userEmail: user.email,
          data: {
            orderId: order.id,
            intentId: payment.providerRef,
            provider: provider.name,
            method: input.method,
            amount: toEgp(order.bill),
          },
          ip,
        });
      }
      return true;
    });
    if (!attached) {
      // Cancelled (replaced or expired) while the payment was being started: it must not be payable.
      await provider.cancel(payment.providerRef);
      throw conflict(API_MSG.notAwaitingCard);
    }
    return client(payment);
  }

  /** Every provider's callbacks come in here: the provider verifies and reads, the shop applies. */
  async function handleCallback(request: CallbackRequest): Promise<{ received: true }> {
    const event = provider.readCallback(request);
    if (event) {
      // Outcome for /metrics: the event's kind, or refused when it does not fit its order.
      const count = (outcome: string) => app.metrics?.payments.inc({ provider: provider.name, outcome });
      await apply(event).catch((err: unknown) => {
        count('refused');
        throw err;
      });
      count(event.kind);
    }
    return { received: true };
  }

  /** The shopper back from a hosted checkout: verified like a callback, it only says which order to show. */
  async function returnFrom(query: Record<string, unknown>): Promise<string | null> {
    if (!provider.readReturn) throw notFound('Payment');
    const { providerRef } = provider.readReturn(query);
    const [payment] = await db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.providerRef, providerRef));
    return payment?.orderId ?? null;
  }

  /** The user's own order's status and its latest payment, for the screens after paying. */
  async function status(user: AuthUser, orderId: string): Promise<PaymentStatus> {
    const [order] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)));
    if (!order) throw notFound('Order');
    const [payment] = await db
      .select({ method: payments.method, state: payments.state, reference: payments.reference })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return {
      status: order.status as OrderStatus,
      payment: payment
        ? { method: payment.method as OnlineMethod, state: payment.state as PaymentState, reference: payment.reference }
        : null,
    };
  }

  async function findOrder(event: PaymentEvent) {
    const columns = { id: orders.id, bill: orders.bill, userId: orders.userId, email: users.email };
    if (event.orderId && isId(event.orderId)) {
      const [order] = await db
        .select(columns)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, event.orderId));
      return order ?? null;
    }
    const [order] = await db
      .select(columns)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(payments.providerRef, event.providerRef));
    return order ?? null;
  }

  /**
   * Applies a verified event once: its id goes into payment_events first, so a redelivery changes
   * nothing. Orders only move forward (pending → paid), so late or reordered events are harmless.
   */
  async function apply(event: PaymentEvent): Promise<void> {
    const order = await findOrder(event);
    const who = { userId: order?.userId ?? null, userEmail: order?.email ?? null };
    const data = {
      eventId: event.id,
      intentId: event.providerRef,
      orderId: order?.id ?? event.orderId,
      amount: toEgp(event.amount),
      currency: event.currency,
    };
    if (!order) {
      // Acknowledged (a retry would not find the order either) and logged once for someone to look at.
      await db.transaction(async (tx) => {
        if (await firstDelivery(tx, event, app.clock.now()))
          await audit(tx, {
            type: 'payment',
            action: 'unknown_order',
            message: `Payment event ${event.id} names no known order`,
            data,
          });
      });
      return;
    }
    // A refund may give back part of the bill; every other event is about the whole of it. The bill
    // never changes after placement, so it is safe to compare before the transaction.
    const refund = event.kind === 'refunded' || event.kind === 'voided';
    if (!refund && (event.amount !== order.bill || event.currency.toLowerCase() !== 'egp')) {
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
      const [locked] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id))
        .for('update');
      const status = locked?.status as OrderStatus | undefined;
      const ofThisPayment = eq(payments.providerRef, event.providerRef);
      const unsettled = and(ofThisPayment, notInArray(payments.state, SETTLED));
      const record = (where: ReturnType<typeof and>) =>
        tx.update(payments).set({ state: event.kind, reference: event.reference }).where(where);

      switch (event.kind) {
        case 'paid': {
          await tx
            .update(payments)
            .set({ state: 'paid', transactionId: event.transactionId, paidAt: now })
            .where(unsettled);
          if (status && canTransition(status, 'paid')) {
            await tx
              .update(orders)
              .set({ status: 'paid', paymentIntentId: event.providerRef, updatedAt: now })
              .where(eq(orders.id, order.id));
            await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'paid', at: now });
            if (order.userId) {
              // The ordered products leave the cart; anything added while paying stays.
              const bought = tx
                .select({ productId: orderItems.productId })
                .from(orderItems)
                .where(eq(orderItems.orderId, order.id));
              await tx
                .delete(cartItems)
                .where(and(eq(cartItems.userId, order.userId), inArray(cartItems.productId, bought)));
            }
            await audit(tx, {
              type: 'payment',
              action: 'payment_succeeded',
              message: `Order ${order.id} paid (${toEgp(order.bill)} EGP)`,
              ...who,
              data,
            });
          } else if (status === 'cancelled') {
            await audit(tx, {
              type: 'payment',
              action: 'paid_after_cancel',
              message: `Order ${order.id} was paid after it had been cancelled: refund ${toEgp(order.bill)} EGP`,
              ...who,
              data,
            });
          }
          return;
        }
        case 'pending':
          await record(unsettled);
          await audit(tx, {
            type: 'payment',
            action: 'payment_pending',
            message: `Payment for order ${order.id} is pending${event.reference ? ` (reference ${event.reference})` : ''}`,
            ...who,
            data: { ...data, reference: event.reference },
          });
          return;
        case 'failed':
          await record(unsettled);
          await audit(tx, {
            type: 'payment',
            action: 'payment_failed',
            message: `Payment for order ${order.id} failed: ${event.message ?? 'no reason given'}`,
            ...who,
            data: { ...data, error: event.message },
          });
          return;
        default:
          // The refund route moved the order already; this is the provider confirming it.
          await record(ofThisPayment);
          await audit(tx, {
            type: 'payment',
            action: `payment_${event.kind}`,
            message: `Payment for order ${order.id} ${event.kind} (${toEgp(event.amount)} EGP)`,
            ...who,
            data,
          });
      }
    });
  }

  return { provider, createPaymentIntent, handleCallback, returnFrom, status };
}
