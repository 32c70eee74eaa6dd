import { and, count, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import {
  say,
  languageOf,
  canTransition,
  render,
  ONLINE_METHODS,
  PENDING_PAYMENT_TTL_MS,
  type OnlineMethod,
  type OrderStatus,
  type PaymentState,
  type PaymentStarted,
  type PaymentStatus,
  type Language,
  type Said,
  type StartPaymentInput,
} from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { cartItems, orderItems, orders, paymentEvents, payments, users } from '../../db/schema.js';
import { instalmentPlan } from './instalments.js';
import { accountName, audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import { toEgp } from '../../lib/money.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { CallbackRequest, PayableOrder, PaymentEvent, PaymentProvider, StartedPayment } from './provider.js';
import { refundRequestOf, stands } from './refund-request.js';
import { issueReceipt } from '../receipts/issue.js';
import { queueOrderMail } from '../messaging/order-messages.js';
import { AfterCommit, transition, type AfterCommitDeps } from '../orders/lifecycle.js';
import { depositKept, recordDepositBack } from '../orders/kept-deposit.js';
import { loadCodSettings } from '../confirmations/settings.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

export type PaymentsDeps = AfterCommitDeps & Pick<Deps, 'clock' | 'metrics' | 'confirmations'>;

/** Records a delivered event by its id: true the first time, false for a redelivery (which then changes nothing). */
async function firstDelivery(db: DbOrTx, event: { id: string; kind: string }, at: Date): Promise<boolean> {
  const [fresh] = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.kind, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return Boolean(fresh);
}

/** The mark of a payment being started for an order (see createPaymentIntent). */
const startMarkId = (orderId: string) => `payment-start:${orderId}`;
/** Longer than a provider may take to answer a start (its timeout), so a start that died holds no one for long. */
const START_HOLD_MS = 30_000;
const START_POLL_MS = 100;

const toStarted = (p: { clientSecret: string; checkoutUrl: string | null }): PaymentStarted => ({
  clientSecret: p.clientSecret,
  ...(p.checkoutUrl ? { checkoutUrl: p.checkoutUrl } : {}),
});

/**
 * The user's own order, locked, if it still waits for an online payment; anyone else's is 'not found'. The user's
 * row is locked first, as a checkout locks it: a payment that starts (or starts again) and a checkout of the same
 * shopper take turns, so the checkout sees the payment under way and does not replace its order
 * (orders/placing.ts unpaidOrders). Without it the checkout's read, made before the payment's commit, still finds
 * the order free to replace once its lock is given.
 */
async function lockPending(tx: Tx, user: AuthUser, orderId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    .for('no key update');
  if (!order) throw notFound('Order');
  // A card order, or a cash order whose deposit is due (orders/cash-rules.ts): both wait for an online payment.
  const online = order.paymentMethod === 'visa' || order.depositState === 'due';
  if (!online || order.status !== 'pending') throw conflict(say.api.notAwaitingCard);
  return order;
}

/** What the order is paid online: a cash order's deposit, or the whole bill. */
const dueOnline = (order: { bill: number; deposit: number; depositState: string | null }) =>
  order.depositState ? order.deposit : order.bill;

const latestPayment = async (tx: Tx, orderId: string) =>
  (await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1))[0];

/**
 * What a payment has given back so far with this refund, `before` counted before it: a provider tells either each
 * refund's own amount (Paymob) or the running total (Stripe, `refundedSoFar`), so parts refunded from its dashboard
 * add up both ways, whatever order their callbacks come in. A refund that says no amount (Fawry's PARTIAL_REFUNDED)
 * adds nothing the shop can count.
 */
const givenSoFar = (before: number, refund: Pick<PaymentEvent, 'amount' | 'refundedSoFar'>) =>
  refund.refundedSoFar ? Math.max(before, refund.amount) : before + refund.amount;

/** States a later event may no longer overwrite: money has moved, and only a refund moves it back. */
const SETTLED: PaymentState[] = ['paid', 'refunded', 'voided'];

export function paymentsService(deps: PaymentsDeps) {
  const { db } = deps;

  /**
   * The lines that make up what the order pays online, as the provider shows them. A deposit is one line of its own:
   * the goods are paid for at the door. Otherwise the goods at their prices and the delivery, as the shopper was
   * billed; a coupon's discount is not a line, so with one the lines add up to more than the amount.
   */
  async function linesOf(tx: DbOrTx, order: typeof orders.$inferSelect): Promise<PayableOrder['items']> {
    const line = (name: Said, piastres: number) => ({
      name: render(name, languageOf(order.language)),
      amount: piastres,
      quantity: 1,
    });
    if (order.depositState) return [line(say.api.depositItem, dueOnline(order))];
    const goods = await tx
      .select({ name: orderItems.name, amount: orderItems.price, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const delivery = order.shipping + order.codFee;
    return delivery > 0 ? [...goods, line(say.api.deliveryItem, delivery)] : goods;
  }

  /** The order as the provider is told about it: its lines, its buyer and where it goes. */
  async function payable(tx: DbOrTx, order: typeof orders.$inferSelect, user: AuthUser): Promise<PayableOrder> {
    const [buyer] = await tx.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, user.id));
    const [started] = await tx.select({ count: count() }).from(payments).where(eq(payments.orderId, order.id));
    const { phone, ...address } = order.deliveryAddress;
    return {
      id: order.id,
      amount: dueOnline(order),
      items: await linesOf(tx, order),
      customer: { name: buyer?.name ?? user.name, email: user.email, phone: phone || buyer?.phone || '' },
      address,
      language: order.language,
      payBy: new Date(order.createdAt.getTime() + PENDING_PAYMENT_TTL_MS),
      attempt: (started?.count ?? 0) + 1,
    };
  }

  /** The one provider that serves the method now; an instalment plan only from the bill the merchant set. */
  async function providerFor(tx: DbOrTx, method: OnlineMethod, bill: number) {
    const provider = deps.payments.serving(method);
    if (!provider) throw badRequest(say.api.methodUnavailable);
    if (!(ONLINE_METHODS as readonly string[]).includes(method)) {
      const plan = await instalmentPlan(tx, method);
      if (bill < plan.minBill) throw badRequest(say.api.instalmentBelowMinimum(toEgp(plan.minBill)));
    }
    return provider;
  }

  /**
   * Starts paying the user's own pending online order with one of the provider's methods; anyone
   * else's order is 'not found'. Asking again for the order's latest payment (same provider, method
   * and wallet number) resumes it; anything else starts a new one, so the shopper always pays the
   * way they last chose.
   *
   * One start at a time per order, on every instance, without holding a transaction while the
   * provider is asked (up to its timeout: a held row would keep a pool connection, and on PGlite the
   * whole database): a short transaction under the order's lock writes a start mark, the provider is
   * asked outside any transaction, and a second short one records the payment and clears the mark. A
   * double click or a second tab finds the mark, waits for it to clear, then resumes that payment.
   */
  async function createPaymentIntent(user: AuthUser, input: StartPaymentInput, ip: string): Promise<PaymentStarted> {
    const walletPhone = input.method === 'wallet' ? (input.wallet_phone ?? null) : null;
    const waitUntil = Date.now() + START_HOLD_MS;
    for (;;) {
      const step = await transaction(db, async (tx) => {
        const order = await lockPending(tx, user, input.order_id);
        const provider = await providerFor(tx, input.method, dueOnline(order));
        const latest = await latestPayment(tx, order.id);
        if (
          latest &&
          latest.provider === provider.name &&
          latest.method === input.method &&
          latest.walletPhone === walletPhone
        ) {
          // Paying again after a failure: the payment is under way once more, and its order holds its lines in the
          // cart again until the provider's word comes (orders/claimed.ts).
          if (latest.state === 'failed')
            await tx
              .update(payments)
              .set({ state: 'started' })
              .where(and(eq(payments.providerRef, latest.providerRef), eq(payments.state, 'failed')));
          return { kind: 'resume' as const, payment: latest };
        }
        const now = deps.clock.now();
        const [starting] = await tx
          .select({ id: paymentEvents.id })
          .from(paymentEvents)
          .where(
            and(
              eq(paymentEvents.id, startMarkId(order.id)),
              gt(paymentEvents.receivedAt, new Date(now.getTime() - START_HOLD_MS)),
            ),
          );
        if (starting) return { kind: 'wait' as const };
        // A mark older than START_HOLD_MS belongs to a start that died: this one takes its place.
        await tx
          .insert(paymentEvents)
          .values({ id: startMarkId(order.id), type: 'payment_starting', receivedAt: now })
          .onConflictDoUpdate({ target: paymentEvents.id, set: { receivedAt: now } });
        return { kind: 'start' as const, order: await payable(tx, order, user), latest: latest ?? null, provider };
      });
      if (step.kind === 'resume') return toStarted(step.payment);
      if (step.kind === 'start') return startNew(step.provider, user, input, walletPhone, step.order, step.latest, ip);
      if (Date.now() > waitUntil) throw conflict(say.api.paymentStarting);
      await new Promise((resolve) => setTimeout(resolve, START_POLL_MS));
    }
  }

  async function startNew(
    provider: PaymentProvider,
    user: AuthUser,
    input: StartPaymentInput,
    walletPhone: string | null,
    order: PayableOrder,
    latest: typeof payments.$inferSelect | null,
    ip: string,
  ): Promise<PaymentStarted> {
    const clearMark = () => db.delete(paymentEvents).where(eq(paymentEvents.id, startMarkId(order.id)));
    let payment: StartedPayment;
    try {
      payment = await provider.start(order, input.method, input.wallet_phone);
    } catch (err) {
      await clearMark();
      throw err;
    }
    const after = new AfterCommit();
    const attached = await transaction(db, async (tx) => {
      const locked = await lockPending(tx, user, order.id).catch(() => null);
      await tx.delete(paymentEvents).where(eq(paymentEvents.id, startMarkId(order.id)));
      if (!locked) return false;
      const now = deps.clock.now();
      await tx
        .update(orders)
        .set({ paymentIntentId: payment.providerRef, updatedAt: now })
        .where(eq(orders.id, order.id));
      const [fresh] = await tx
        .insert(payments)
        .values({
          providerRef: payment.providerRef,
          orderId: order.id,
          provider: provider.name,
          method: input.method,
          walletPhone,
          clientSecret: payment.clientSecret,
          checkoutUrl: payment.checkoutUrl,
          // A reference handed out as the payment starts is pending from then on: the order waits for it.
          state: payment.reference ? 'pending' : 'started',
          reference: payment.reference?.number ?? null,
          expiresAt: payment.reference?.expiresAt ?? null,
          amount: order.amount,
          createdAt: now,
        })
        // The offline provider answers one intent per order, whatever it is asked.
        .onConflictDoNothing()
        .returning({ providerRef: payments.providerRef });
      // The shopper is told the reference, the amount, where and until when, as well as on the screen.
      if (fresh && payment.reference) {
        const told = await queueOrderMail(
          tx,
          { id: order.id, userId: user.id, language: order.language },
          'pay_reference',
          {
            reference: payment.reference.number,
            amount: String(toEgp(order.amount)),
            expiresAt: payment.reference.expiresAt.toISOString(),
          },
        );
        if (told) after.mailQueued();
      }
      if (fresh) {
        await audit(tx, {
          type: 'payment',
          action: 'intent_created',
          message: `${accountName(user)} started paying order ${order.id} (${toEgp(order.amount)} EGP, ${provider.name} ${input.method})`,
          userId: user.id,
          userEmail: user.email,
          data: {
            orderId: order.id,
            intentId: payment.providerRef,
            provider: provider.name,
            method: input.method,
            amount: toEgp(order.amount),
            ...(latest ? { replaces: latest.providerRef } : {}),
          },
          ip,
        });
      }
      return true;
    });
    await after.run(deps);
    if (!attached) {
      // Cancelled (replaced or expired) while the payment was being started: it must not be payable.
      await provider.cancel(payment.providerRef);
      throw conflict(say.api.notAwaitingCard);
    }
    // The payment the shopper turned away from should take no money; where the provider cannot stop
    // it (a kiosk reference already printed), a second payment is caught when it arrives (apply).
    if (latest && latest.providerRef !== payment.providerRef && !SETTLED.includes(latest.state as PaymentState)) {
      await Promise.resolve()
        .then(() => deps.payments.named(latest.provider).cancel(latest.providerRef))
        .catch((err: unknown) =>
          deps.log.warn({ err, intent: latest.providerRef }, 'could not cancel a replaced payment'),
        );
    }
    return toStarted(payment);
  }

  /** Every provider's callbacks come in here: the provider verifies and reads, the shop applies. */
  async function handleCallback(provider: PaymentProvider, request: CallbackRequest): Promise<{ received: true }> {
    const event = provider.readCallback(request);
    if (event) await receive(provider, event);
    return { received: true };
  }

  /** Applies a verified event of the provider's, whether its callback brought it or a status poll (poll.ts). */
  async function receive(provider: PaymentProvider, event: PaymentEvent): Promise<void> {
    // Outcome for /metrics: the event's kind, or refused when it does not fit its order.
    const count = (outcome: string) => deps.metrics?.payments.inc({ provider: provider.name, outcome });
    await apply(event, provider.name).catch((err: unknown) => {
      count('refused');
      throw err;
    });
    count(event.kind);
  }

  /** The order a provider's return names, and the language it was placed in: the shopper goes back to its screen. */
  async function returnFrom(query: Record<string, unknown>): Promise<{ orderId: string; language: Language } | null> {
    const provider = deps.payments.active();
    if (!provider.readReturn) throw notFound('Payment');
    const { providerRef } = provider.readReturn(query);
    const [payment] = await db
      .select({ orderId: payments.orderId, language: orders.language })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.providerRef, providerRef));
    return payment ? { orderId: payment.orderId, language: languageOf(payment.language) } : null;
  }

  /** The user's own order's status and its latest payment, for the screens after paying. */
  async function status(user: AuthUser, orderId: string): Promise<PaymentStatus> {
    const [order] = await db
      .select({ status: orders.status, bill: orders.bill })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)));
    if (!order) throw notFound('Order');
    const [payment] = await db
      .select({
        method: payments.method,
        provider: payments.provider,
        state: payments.state,
        reference: payments.reference,
        expiresAt: payments.expiresAt,
        amount: payments.amount,
      })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return {
      status: order.status as OrderStatus,
      payment: payment
        ? {
            method: payment.method,
            provider: payment.provider,
            state: payment.state as PaymentState,
            reference: payment.reference,
            expiresAt: payment.expiresAt?.toISOString() ?? null,
            amount: toEgp(payment.amount ?? order.bill),
          }
        : null,
    };
  }

  async function findOrder(event: PaymentEvent, provider: string) {
    const columns = {
      id: orders.id,
      bill: orders.bill,
      deposit: orders.deposit,
      depositState: orders.depositState,
      userId: orders.userId,
      email: users.email,
    };
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
      // Only the provider's own payments: another provider's ids are no concern of its events.
      .where(and(eq(payments.providerRef, event.providerRef), eq(payments.provider, provider)));
    return order ?? null;
  }

  /**
   * Applies a verified event once: its id goes into payment_events first, so a redelivery changes
   * nothing. Orders only move forward (pending → paid), so late or reordered events are harmless.
   */
  async function apply(event: PaymentEvent, provider: string): Promise<void> {
    const order = await findOrder(event, provider);
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
      await transaction(db, async (tx) => {
        if (await firstDelivery(tx, event, deps.clock.now()))
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
    const due = dueOnline(order);
    if (!refund && (event.amount !== due || event.currency.toLowerCase() !== 'egp')) {
      await audit(db, {
        type: 'payment',
        action: 'amount_mismatch',
        message: `Refused payment event ${event.id}: ${toEgp(event.amount)} ${event.currency.toUpperCase()} for order ${order.id} which is to pay ${toEgp(due)} EGP online`,
        ...who,
        data: { ...data, bill: toEgp(due) },
      });
      throw badRequest(say.api.amountMismatch);
    }

    const after = new AfterCommit();
    await transaction(db, async (tx) => {
      const now = deps.clock.now();
      if (!(await firstDelivery(tx, event, now))) return;
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      const status = locked?.status as OrderStatus | undefined;
      const ofThisPayment = eq(payments.providerRef, event.providerRef);
      const unsettled = and(ofThisPayment, notInArray(payments.state, SETTLED));
      const record = (where: ReturnType<typeof and>) =>
        tx.update(payments).set({ state: event.kind, reference: event.reference }).where(where);

      switch (event.kind) {
        case 'paid': {
          // Money the order already had from another payment (a kiosk reference paid after the card,
          // two intentions paid in two tabs): the order is paid once, and this money goes back.
          const paidBefore = await tx
            .select({ providerRef: payments.providerRef, transactionId: payments.transactionId })
            .from(payments)
            .where(and(eq(payments.orderId, order.id), eq(payments.state, 'paid')));
          const other = paidBefore.find(
            (p) => p.providerRef !== event.providerRef || p.transactionId !== event.transactionId,
          );
          if (other && status !== 'cancelled') return secondPayment(tx, order, event, other, now, after, { who, data });
          // Money that came after its order was cancelled is owed back: marked so with it (given back below).
          const unwanted = status === 'cancelled' ? { giveBack: 'paid_after_cancel', amount: event.amount } : {};
          const [own] = await tx
            .update(payments)
            .set({ state: 'paid', transactionId: event.transactionId, paidAt: now, ...unwanted })
            .where(unsettled)
            .returning({ providerRef: payments.providerRef });
          // A cash order's deposit paid: the order goes on as a cash order starts, asked to confirm if the shop asks.
          const confirming = locked?.depositState === 'due' ? (await loadCodSettings(tx)).confirmation : null;
          const to: OrderStatus = !confirming ? 'paid' : confirming.enabled ? 'awaiting_confirmation' : 'confirmed';
          if (locked && status && canTransition(status, to, 'provider')) {
            await transition(
              tx,
              [locked],
              {
                to,
                by: { actor: 'provider' },
                set: { paymentIntentId: event.providerRef, ...(confirming ? { depositState: 'paid' } : {}) },
                audit: () => ({
                  type: 'payment',
                  action: confirming ? 'deposit_paid' : 'payment_succeeded',
                  message: confirming
                    ? `The deposit of cash order ${order.id} was paid (${toEgp(due)} EGP): the rest is due at the door`
                    : `Order ${order.id} paid (${toEgp(order.bill)} EGP)`,
                  ...who,
                  data,
                }),
              },
              after,
              now,
            );
            if (to === 'awaiting_confirmation' && confirming)
              if (await deps.confirmations.ask(tx, locked, now, confirming.windowHours)) after.mailQueued();
            if (order.userId && locked.source === 'web') {
              // The units bought leave the cart (the order held them there while it was paid for); units of the same
              // line added while paying, and anything else, stay. An order staff placed for the customer (a payment
              // link) was never in their cart, so the cart is left alone.
              const bought = sql`(select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${order.id} and ${orderItems.productId} = ${cartItems.productId} and ${orderItems.variantId} is not distinct from ${cartItems.variantId})`;
              const mine = and(eq(cartItems.userId, order.userId), sql`${bought} is not null`);
              await tx.delete(cartItems).where(and(mine, sql`${cartItems.quantity} <= ${bought}`));
              await tx
                .update(cartItems)
                .set({ quantity: sql`${cartItems.quantity} - ${bought}` })
                .where(mine);
            }
          } else if (status === 'cancelled') {
            // Its checkout outlived the order (a Paymob intention or a kiosk reference cannot be withdrawn): the
            // money is not the shop's to keep. Only money this payment newly brought goes back, once.
            await audit(tx, {
              type: 'payment',
              action: 'paid_after_cancel',
              message: `Order ${order.id} was paid after it had been cancelled (${toEgp(due)} EGP): ${own ? 'giving it back' : 'refund it by hand'}`,
              ...who,
              data,
            });
            if (own) after.givePaymentBack(own.providerRef);
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
        default: {
          // How the money went back, as the order records it: the way this payment was made, read once if needed.
          let method: string | undefined;
          const refundedBy = async () =>
            (method ??=
              (await tx.select({ method: payments.method }).from(payments).where(ofThisPayment))[0]?.method ?? 'card');
          // A deposit given back: usually recorded already by who gave it (orders/deposit.ts); this callback marks one
          // whose record was lost, one the provider refused that an admin gave back from its dashboard, or one whose
          // refund the provider finished later. The order's refund is filled as the immediate answer fills it: the
          // amount the provider says, or the whole deposit, which is what a deposit's request asks for. A deposit the
          // shop kept (its parcel refused, `returned` and never delivered) given back by hand at the provider is
          // recorded by this callback, with the amount it says, unless an admin recorded it first (orders/refunds.ts:
          // the deposit is then `refunded`, and this records nothing more). Its return receipt states that amount, so
          // a part the provider does not measure (Fawry's PARTIAL_REFUNDED) leaves it kept, for a person to check, as
          // the audit line below says. A delivered order's deposit is part of its sale, given back by the refund of
          // its bill.
          const kept = !!locked && event.amount > 0 && (await depositKept(tx, locked));
          if (
            (kept || locked?.depositState === 'refunding' || locked?.depositState === 'refund_failed') &&
            locked?.paymentIntentId === event.providerRef
          ) {
            // A kept deposit's sale receipt (kind `deposit`) is given back with the record.
            const back = { amount: event.amount || locked.deposit, refundedBy: await refundedBy() };
            await recordDepositBack(tx, locked, back, now, kept);
          }
          // Usually the refund route has moved the order already and this only confirms it. The order
          // is still paid (or returned) when that route's commit failed after the provider gave the money
          // back (its request is on record), or when the bill was given back from the provider's own
          // dashboard: either way the money is gone, so the order moves on (a paid one cancelled, its
          // stock returned; a returned one refunded), once, under the order's lock. Parts refunded at the provider add
          // up (givenSoFar): until they cover the bill the order stays as it is and shows them, its sales leave them
          // out, and its refund offers the rest, from its payment, which stays `paid` until then. A cash order's
          // deposit goes back on its own terms (above).
          const to: OrderStatus | null = status === 'paid' ? 'cancelled' : status === 'returned' ? 'refunded' : null;
          const ofThisOrder = locked && to && locked.paymentIntentId === event.providerRef;
          const onRecord = ofThisOrder ? await refundRequestOf(tx, order.id) : null;
          const counted = ofThisOrder && !locked.depositState;
          const before = counted ? locked.refunded : 0;
          const soFar = counted ? givenSoFar(before, event) : event.amount;
          // The shop's own refund: its request standing, or settled unheard of and answered now with what it asked
          // (the rule refundOnce follows), which moves the order on as the request would have, not as a part.
          const requested = onRecord && (stands(onRecord, now) || soFar - before === onRecord.amount) ? onRecord : null;
          const finalises = ofThisOrder && (soFar >= order.bill || requested) ? { locked, to } : null;
          const part = counted && !finalises;
          if (!part) await record(ofThisPayment);
          const story = {
            type: 'payment' as const,
            action: `payment_${event.kind}` as const,
            message: `Payment for order ${order.id} ${event.kind} (${event.amount ? `${toEgp(event.amount)} EGP` : 'in part'})${finalises ? `: the order is ${finalises.to}${finalises.to === 'cancelled' ? ' and its stock returned' : ''}` : part ? `: ${toEgp(soFar)} of its ${toEgp(order.bill)} EGP given back so far` : ''}`,
            ...who,
            data: { ...data, ...(finalises ? { [finalises.to]: true } : {}) },
          };
          if (finalises) {
            // A refund whose amount the provider does not say (amount 0, Fawry's PARTIAL_REFUNDED) gave what the
            // request asked for.
            const back = soFar > before ? soFar : before + (requested?.amount ?? order.bill);
            const given = { refunded: Math.min(back, order.bill), refundedAt: now, refundedBy: await refundedBy() };
            await transition(
              tx,
              [finalises.locked],
              { to: finalises.to, by: { actor: 'provider' }, set: given, audit: () => story },
              after,
              now,
            );
          } else {
            if (part && soFar > before) {
              const given = { refunded: soFar, refundedAt: now, refundedBy: await refundedBy(), updatedAt: now };
              await tx.update(orders).set(given).where(eq(orders.id, order.id));
              // Each part has its return receipt as it goes back; the move once the parts cover the bill returns the
              // rest (receipts/issue.ts).
              await issueReceipt(tx, { ...locked, ...given }, 'return', now, { part: soFar - before });
            }
            await audit(tx, story);
          }
        }
      }
    });
    await after.run(deps);
  }

  /**
   * A successful payment for an order that another payment had paid already. It is recorded on its
   * own payment row (or, when the same payment was charged twice, in the audit log only) and named
   * loudly; a second payment of its own is marked owed back, and given back after the commit (give-back.ts).
   */
  async function secondPayment(
    tx: Tx,
    order: { id: string; bill: number },
    event: PaymentEvent,
    first: { providerRef: string; transactionId: string | null },
    now: Date,
    after: AfterCommit,
    { who, data }: { who: { userId: string | null; userEmail: string | null }; data: Record<string, unknown> },
  ): Promise<void> {
    const [own] = await tx
      .update(payments)
      .set({
        state: 'paid',
        transactionId: event.transactionId,
        paidAt: now,
        giveBack: 'duplicate',
        amount: event.amount,
      })
      .where(and(eq(payments.providerRef, event.providerRef), notInArray(payments.state, SETTLED)))
      .returning({ providerRef: payments.providerRef });
    if (own) after.givePaymentBack(own.providerRef);
    deps.log.error(
      { order: order.id, first: first.providerRef, second: event.providerRef, transaction: event.transactionId },
      'an order was paid twice',
    );
    await audit(tx, {
      type: 'payment',
      action: 'payment_duplicate',
      message: `Order ${order.id} was paid a second time (${toEgp(event.amount)} EGP, payment ${event.providerRef}, transaction ${event.transactionId ?? 'unknown'}) after payment ${first.providerRef}: ${own ? 'giving it back' : 'refund it by hand'}`,
      ...who,
      data: { ...data, transactionId: event.transactionId, firstPayment: first.providerRef },
    });
  }

  return { createPaymentIntent, handleCallback, receive, returnFrom, status };
}
