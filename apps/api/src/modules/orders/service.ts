import { and, asc, desc, eq, inArray, isNotNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import {
  API_MSG,
  CARD_ORDER_TTL_MS,
  PENDING_PAYMENT_TTL_MS,
  canTransition,
  orderFees,
  type AddressInput,
  type Order,
  type OrderStatus,
  type OutOfStockItem,
  type PaymentMethod,
} from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  cartItems,
  orderItems,
  orders,
  orderStatusHistory,
  paymentEvents,
  payments,
  products,
  users,
} from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { NOT_ENOUGH_STOCK, PRODUCT_CHANGED, pgCode } from '../../lib/db-errors.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import type { AuthUser } from '../../plugins/auth.js';
import { paymentProvider, providerNamed } from '../payments/registry.js';
import { refundRequested, refundRequestId } from '../payments/refund-request.js';
import { OutcomeUnknown } from '../payments/provider.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;

/** Lines by name, then id: the order they are listed in (byte order, as the database's C collation sorts). */
const byName = (a: LineRow, b: LineRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** One order with its lines and history, in the wire shape of contracts/checkout.ts. */
function toOrder(o: OrderRow, lines: LineRow[], history: HistoryRow[]): Order {
  return {
    _id: o.id,
    createdAt: o.createdAt.toISOString(),
    bill: toEgp(o.bill),
    itemsTotal: toEgp(o.itemsTotal),
    shipping: toEgp(o.shipping),
    codFee: toEgp(o.codFee),
    status: o.status as OrderStatus,
    statusHistory: history.map((h) => ({ status: h.status as OrderStatus, at: h.at.toISOString() })),
    deliveryAddress: o.deliveryAddress,
    paymentMethod: o.paymentMethod as PaymentMethod,
    products: lines.map((l) => ({
      product_id: l.productId,
      productBrief: {
        product_id: l.productId,
        name: l.name,
        nameAr: l.nameAr,
        price: toEgp(l.price),
        image_path: l.imagePaths,
      },
      quantity: l.quantity,
    })),
  };
}

/** Orders with their lines and status history, newest first. */
async function loadOrders(db: DbOrTx, where: SQL): Promise<Order[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const [lines, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.name), asc(orderItems.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.id)),
  ]);
  return rows.map((o) =>
    toOrder(
      o,
      lines.filter((l) => l.orderId === o.id),
      history.filter((h) => h.orderId === o.id),
    ),
  );
}

/**
 * Puts units back on the shelf in one statement that first locks the products in id order, with
 * `alsoLocking` (products the caller will take stock of before it commits) among them. Every writer
 * of stock locks the products it needs in that one order, all at once (order lines take theirs in it
 * as they commit, take_ordered_stock in db/migrations), so no two of them can deadlock.
 */
async function returnStock(tx: Tx, units: Map<string, number>, alsoLocking: string[] = []) {
  if (!units.size) return;
  const ids = [...units.keys()];
  const quantities = ids.map((id) => units.get(id) ?? 0);
  await tx.execute(sql`
    with locked as materialized (
      select ${products.id} as id from ${products} where ${products.id} = any(${sql.param([...ids, ...alsoLocking])}::uuid[]) order by ${products.id} for no key update
    ), back as (
      select * from unnest(${sql.param(ids)}::uuid[], ${sql.param(quantities)}::int[]) as b(id, quantity)
    )
    update ${products} set stock = ${products.stock} + back.quantity
    from locked join back on back.id = locked.id
    where ${products.id} = locked.id`);
}

/** The units held by these orders, per product (lines of deleted products have nothing to return). */
async function heldStock(tx: Tx, orderIds: string[]) {
  const units = new Map<string, number>();
  if (!orderIds.length) return units;
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), isNotNull(orderItems.productId)));
  for (const line of lines) {
    if (line.productId) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  return units;
}

/** Marks orders the caller has locked as cancelled, with a history row each; the stock is the caller's. */
async function markCancelled(tx: Tx, orderIds: string[], at: Date) {
  if (!orderIds.length) return;
  await tx.update(orders).set({ status: 'cancelled', updatedAt: at }).where(inArray(orders.id, orderIds));
  await tx.insert(orderStatusHistory).values(orderIds.map((orderId) => ({ orderId, status: 'cancelled', at })));
}

/** Cancels orders the caller has locked and puts their stock back on the shelf (see returnStock for `alsoLocking`). */
export async function cancelLocked(tx: Tx, orderIds: string[], at: Date, alsoLocking: string[] = []) {
  await markCancelled(tx, orderIds, at);
  await returnStock(tx, await heldStock(tx, orderIds), alsoLocking);
}

/** After a cancellation commits: the intents of cancelled card orders must not take money any more. */
async function cancelIntents(app: FastifyInstance, intentIds: (string | null)[]) {
  const ids = intentIds.filter((id): id is string => Boolean(id));
  if (!ids.length) return;
  // Each through the provider that started it; intents from before payments were recorded, through the active one.
  const recorded = await app.db
    .select({ providerRef: payments.providerRef, provider: payments.provider })
    .from(payments)
    .where(inArray(payments.providerRef, ids));
  const active = paymentProvider(app).name;
  for (const id of ids) {
    const name = recorded.find((p) => p.providerRef === id)?.provider ?? active;
    await Promise.resolve()
      .then(() => providerNamed(app, name).cancel(id))
      .catch((err: unknown) => app.log.warn({ err, intent: id }, 'could not cancel payment intent'));
  }
}

/**
 * The checkout starts over: a product in the cart changed between reading the cart and taking its
 * stock, or the stock ran short and was back by the time the shortage was read.
 */
class StartOver extends Error {}

const PLACE_ATTEMPTS = 3;

interface PlaceOrderInput {
  deliveryAddress: AddressInput;
  paymentMethod: PaymentMethod;
}

/**
 * An online order whose payment the provider reports pending: money may still come for it (a kiosk
 * reference paid at an outlet, a wallet approval), and a kiosk payment cannot be refunded. So a newer
 * order does not replace it, and expiry waits PENDING_PAYMENT_TTL_MS for it.
 */
const awaitingProvider = sql<boolean>`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.state} = 'pending')`;

export function ordersService(app: FastifyInstance) {
  const { db } = app;

  /**
   * Places the cart as an order in one transaction. The order lines take their stock as the
   * transaction commits (take_ordered_stock in db/migrations), each with a conditional update, so
   * two buyers can never both get the last unit; any shortage rolls everything back and answers 409
   * with the products that ran out. A cash order clears the cart; a card order keeps it until paid
   * and replaces the user's older unpaid card order (at most one pending order per user).
   *
   * The order is written with the cart's prices as read; should the product show another price,
   * name or picture when its stock is taken (an admin's edit in between), the checkout starts over
   * with the new ones, so what the order snapshots is what was charged.
   */
  async function place(user: AuthUser, input: PlaceOrderInput, ip: string): Promise<Order[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await placeOnce(user, input, ip);
      } catch (err) {
        if (!(err instanceof StartOver) && pgCode(err) !== PRODUCT_CHANGED) throw err;
        if (attempt === PLACE_ATTEMPTS) throw conflict(API_MSG.productChanged);
      }
    }
  }

  async function placeOnce(user: AuthUser, input: PlaceOrderInput, ip: string): Promise<Order[]> {
    const method = input.paymentMethod;
    const written = db.transaction(async (tx) => {
      // One checkout per user at a time: a double click must not place the same cart twice. In the same
      // round trip, the commit is told not to wait for the disk: it holds the popular product's row until
      // it ends, and the next buyer of that product goes on at once. The answer waits for the disk (below).
      await tx.execute(
        sql`select set_config('synchronous_commit', 'off', true) from ${users} where ${users.id} = ${user.id} for no key update`,
      );
      const lines = await tx
        .select({
          productId: cartItems.productId,
          quantity: cartItems.quantity,
          name: products.name,
          nameAr: products.nameAr,
          price: products.price,
          imagePaths: products.imagePaths,
          cod: products.cod,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, user.id))
        .orderBy(asc(cartItems.productId));
      if (!lines.length) throw badRequest(API_MSG.cartEmpty);
      if (method === 'cash') {
        const noCod = lines.filter((l) => !l.cod).map((l) => l.name);
        if (noCod.length) throw badRequest(API_MSG.noCashOnDelivery(noCod.join(', ')));
      }

      const now = app.clock.now();
      const older = await tx
        .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
        .from(orders)
        .where(and(eq(orders.userId, user.id), eq(orders.status, 'pending'), not(awaitingProvider)))
        .for('update');
      // The older order's products are locked together with the new lines' ones, before the commit takes their stock.
      await cancelLocked(
        tx,
        older.map((o) => o.id),
        now,
        lines.map((l) => l.productId),
      );
      for (const o of older) {
        await audit(tx, {
          type: 'order',
          action: 'order_replaced',
          message: `${user.email}'s unpaid order ${o.id} was cancelled by a newer order`,
          userId: user.id,
          userEmail: user.email,
          data: { orderId: o.id },
          ip,
        });
      }

      const itemsTotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
      const fees = orderFees(method);
      const shipping = toPiastres(fees.shipping);
      const codFee = toPiastres(fees.codFee);
      const status: OrderStatus = method === 'visa' ? 'pending' : 'confirmed';
      const [order] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          status,
          paymentMethod: method,
          itemsTotal,
          shipping,
          codFee,
          bill: itemsTotal + shipping + codFee,
          deliveryAddress: input.deliveryAddress,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!order) throw new Error('order insert returned no row');
      // In product id order (the cart was read in it): the order in which the commit locks the products.
      const items = await tx
        .insert(orderItems)
        .values(
          lines.map((l) => ({
            orderId: order.id,
            productId: l.productId,
            name: l.name,
            nameAr: l.nameAr,
            price: l.price,
            imagePaths: l.imagePaths,
            quantity: l.quantity,
          })),
        )
        .returning();
      const history = await tx.insert(orderStatusHistory).values({ orderId: order.id, status, at: now }).returning();
      if (method === 'cash') await tx.delete(cartItems).where(eq(cartItems.userId, user.id));
      await audit(tx, {
        type: 'order',
        action: 'order_placed',
        message: `${user.email} placed order ${order.id} (${toEgp(order.bill)} EGP, ${method})`,
        userId: user.id,
        userEmail: user.email,
        data: { orderId: order.id, bill: toEgp(order.bill), paymentMethod: method, items: lines.length },
        ip,
      });
      return { placed: toOrder(order, items.sort(byName), history), replaced: older };
    });
    const { placed, replaced } = await written.catch(async (err: unknown) => {
      if (pgCode(err) === NOT_ENOUGH_STOCK) throw await outOfStock(user.id);
      throw err;
    });
    // The replaced order's payment must not go through whatever happens next.
    await cancelIntents(
      app,
      replaced.map((o) => o.paymentIntentId),
    );
    // A transaction of its own whose commit waits for the disk: once it is there, so is the order's
    // commit, written before it. A crash before then loses the order whole, and nobody was told of it.
    await db.execute(sql`select pg_current_xact_id()`);
    return [placed];
  }

  /**
   * The 409 for a checkout that found too little stock: the cart's products whose stock, with the units
   * the shopper's unpaid card order gives back, cannot cover the cart; that sum is the stock they are told.
   */
  async function outOfStock(userId: string) {
    const held = db
      .select({
        productId: orderItems.productId,
        quantity: sql<number>`sum(${orderItems.quantity})::int`.as('held_quantity'),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), not(awaitingProvider)))
      .groupBy(orderItems.productId)
      .as('held');
    const available = sql<number>`${products.stock} + coalesce(${held.quantity}, 0)`;
    const out = await db
      .select({
        id: products.id,
        name: products.name,
        nameAr: products.nameAr,
        imagePaths: products.imagePaths,
        stock: available,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(held, eq(held.productId, cartItems.productId))
      .where(and(eq(cartItems.userId, userId), sql`${available} < ${cartItems.quantity}`))
      .orderBy(asc(products.name));
    if (!out.length) return new StartOver();
    const body: OutOfStockItem[] = out.map((p) => ({
      _id: p.id,
      name: p.name,
      nameAr: p.nameAr,
      image_path: p.imagePaths,
      stock: p.stock,
    }));
    return conflict(API_MSG.someOutOfStock, body);
  }

  function listOwn(userId: string): Promise<Order[]> {
    return loadOrders(db, eq(orders.userId, userId));
  }

  async function listForUser(userId: string): Promise<Order[]> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    return loadOrders(db, eq(orders.userId, userId));
  }

  /**
   * An admin moves an order along the state machine; cancelling puts its stock back. Cancelling a paid
   * order is always a refund of the whole bill: the shop never keeps the money of an order it cancels.
   *
   * A refund takes three steps, so that no failure gives money back twice or keeps it silently. Under
   * the order's lock its request is recorded and committed (payments/refund-request.ts): while it
   * stands, a second refund or any other move of the order is refused. The provider that took the
   * payment is asked; a refusal withdraws the request and the order stays as it was. Then the order is
   * cancelled and its stock returned. Should that last commit fail, the request stays, so a retry is
   * refused (409) instead of asking the provider again, and the provider's refund callback cancels
   * the order (apply in payments/service.ts), once, whichever of the two comes first.
   */
  async function changeStatus(
    admin: AuthUser,
    orderId: string,
    to: OrderStatus,
    ip: string,
    refund?: { amount: number | undefined },
  ): Promise<Order> {
    const step = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('Order');
      const from = order.status as OrderStatus;
      if (refund && from !== 'paid') throw conflict(API_MSG.notRefundable);
      if (!canTransition(from, to)) throw conflict(API_MSG.statusChange(from, to));
      if (from === 'paid' && (await refundRequested(tx, orderId, app.clock.now())))
        throw conflict(API_MSG.refundPending);
      const refunding = refund ?? (from === 'paid' && to === 'cancelled' ? { amount: undefined } : undefined);
      if (refunding) return { before: order, refund: await requestRefund(tx, order, refunding.amount) };
      const now = app.clock.now();
      if (to === 'cancelled') await cancelLocked(tx, [orderId], now);
      else {
        await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, orderId));
        await tx.insert(orderStatusHistory).values({ orderId, status: to, at: now });
      }
      await audit(tx, {
        type: 'admin',
        action: 'order_status',
        message: `${admin.email} moved order ${orderId} from ${from} to ${to}`,
        userId: admin.id,
        userEmail: admin.email,
        data: { orderId, from, to },
        ip,
      });
      return { before: order, refund: null };
    });
    if (step.refund) await giveBack(admin, step.refund, ip);
    else if (to === 'cancelled') await cancelIntents(app, [step.before.paymentIntentId]);
    const [order] = await loadOrders(db, eq(orders.id, orderId));
    if (!order) throw notFound('Order');
    return order;
  }

  /** Records, under the order's lock, that `amountEgp` (the whole bill when unset) is being given back. */
  async function requestRefund(tx: Tx, order: OrderRow, amountEgp: number | undefined) {
    const amount = amountEgp === undefined ? order.bill : toPiastres(amountEgp);
    if (amount > order.bill) throw badRequest(API_MSG.refundTooLarge);
    // The payment that paid the order is the first one; a later one still marked paid is a second
    // payment whose automatic refund has not gone through, and is not what this refund gives back.
    const [paid] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.state, 'paid')))
      .orderBy(asc(payments.paidAt))
      .limit(1);
    const now = app.clock.now();
    // A request older than REFUND_SETTLE_MS was never made: this one takes its place.
    await tx
      .insert(paymentEvents)
      .values({ id: refundRequestId(order.id), type: 'refund_requested', receivedAt: now })
      .onConflictDoUpdate({ target: paymentEvents.id, set: { receivedAt: now } });
    return { order, paid: paid ?? null, amount };
  }

  /** Asks the provider that took the payment to give the money back, then cancels the order. */
  async function giveBack(admin: AuthUser, request: Awaited<ReturnType<typeof requestRefund>>, ip: string) {
    const { order, paid, amount } = request;
    let how: 'refunded' | 'voided';
    try {
      how = await refundThrough(paid?.provider).refund({
        providerRef: paid?.providerRef ?? order.paymentIntentId ?? '',
        transactionId: paid?.transactionId ?? null,
        amount,
        paid: order.bill,
        paidAt: paid?.paidAt ?? null,
      });
    } catch (err) {
      // Refused: nothing was given back, so the request is withdrawn for a retry. Timed out: the money
      // may have gone, so the request stands until the provider's callback or REFUND_SETTLE_MS says.
      if (!(err instanceof OutcomeUnknown))
        await db.delete(paymentEvents).where(eq(paymentEvents.id, refundRequestId(order.id)));
      throw err;
    }
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id))
        .for('update');
      const now = app.clock.now();
      if (paid) await tx.update(payments).set({ state: how }).where(eq(payments.providerRef, paid.providerRef));
      // The provider's refund callback may have come first and cancelled the order already.
      if (locked?.status === 'paid') await cancelLocked(tx, [order.id], now);
      await audit(tx, {
        type: 'admin',
        action: 'order_refunded',
        message: `${admin.email} moved order ${order.id} from paid to cancelled, ${how} ${toEgp(amount)} EGP`,
        userId: admin.id,
        userEmail: admin.email,
        data: { orderId: order.id, from: 'paid', to: 'cancelled', refund: how, amount: toEgp(amount) },
        ip,
      });
    });
  }

  /** The provider recorded on the payment (orders paid before payments were recorded: the active one). */
  function refundThrough(name: string | undefined) {
    if (!name) return paymentProvider(app);
    try {
      return providerNamed(app, name);
    } catch (err) {
      app.log.error({ err, provider: name }, 'the provider that took a payment is not configured');
      throw new HttpError(502, API_MSG.refundFailed);
    }
  }

  const setStatus = (admin: AuthUser, orderId: string, to: OrderStatus, ip: string) =>
    changeStatus(admin, orderId, to, ip);
  /** Gives a paid, not yet shipped order's money back and cancels it, its stock back on the shelf. */
  const refund = (admin: AuthUser, orderId: string, amount: number | undefined, ip: string) =>
    changeStatus(admin, orderId, 'cancelled', ip, { amount });

  return { place, listOwn, listForUser, setStatus, refund };
}

const EXPIRY_BATCH = 100;

/**
 * Cancels online orders still unpaid CARD_ORDER_TTL_MS after placement and returns their stock; an
 * order whose payment the provider reports pending (a kiosk reference not yet paid at the outlet, a
 * wallet payment awaiting approval) is held until PENDING_PAYMENT_TTL_MS instead.
 * Safe on several instances at once: SKIP LOCKED hands each due order to exactly one of them.
 * Returns how many orders it cancelled.
 */
export async function expireUnpaidOrders(app: FastifyInstance): Promise<number> {
  const now = app.clock.now().getTime();
  const cardCutoff = new Date(now - CARD_ORDER_TTL_MS);
  const pendingCutoff = new Date(now - PENDING_PAYMENT_TTL_MS);
  let expired = 0;
  for (;;) {
    const batch = await app.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: orders.id,
          userId: orders.userId,
          email: users.email,
          paymentIntentId: orders.paymentIntentId,
          awaiting: awaitingProvider,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            eq(orders.status, 'pending'),
            eq(orders.paymentMethod, 'visa'),
            or(lt(orders.createdAt, pendingCutoff), and(lt(orders.createdAt, cardCutoff), not(awaitingProvider))),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(EXPIRY_BATCH)
        .for('update', { of: orders, skipLocked: true });
      await cancelLocked(
        tx,
        due.map((o) => o.id),
        app.clock.now(),
      );
      for (const o of due) {
        const held = o.awaiting
          ? `${PENDING_PAYMENT_TTL_MS / 3_600_000} hours`
          : `${CARD_ORDER_TTL_MS / 60_000} minutes`;
        await audit(tx, {
          type: 'order',
          action: 'order_expired',
          message: `Unpaid online order ${o.id} was cancelled after ${held}${o.awaiting ? ' with its payment still pending' : ''}`,
          userId: o.userId,
          userEmail: o.email,
          data: { orderId: o.id, paymentPending: o.awaiting },
        });
      }
      return due;
    });
    expired += batch.length;
    await cancelIntents(
      app,
      batch.map((o) => o.paymentIntentId),
    );
    if (batch.length < EXPIRY_BATCH) return expired;
  }
}

/** Runs expireUnpaidOrders every `everyMs`, one run at a time; the returned stop() also waits for a run in progress. */
export function scheduleOrderExpiry(app: FastifyInstance, everyMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = expireUnpaidOrders(app)
      .then((n) => {
        if (n) app.log.info({ expired: n }, 'cancelled unpaid card orders');
      })
      .catch((err: unknown) => app.log.error({ err }, 'order expiry failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  // The timer alone must not keep the process alive.
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Expires unpaid card orders every minute until the app closes; call before the app is ready. */
export function startOrderExpiry(app: FastifyInstance): void {
  const stop = scheduleOrderExpiry(app, 60_000);
  app.addHook('onClose', stop);
}
