import { and, eq, isNull } from 'drizzle-orm';
import {
  say,
  canTransition,
  withinReturnWindow,
  type CashOffer,
  type CashOfferQuery,
  type Order,
  type OrderStatus,
  type OrderStatusChange,
  type RefundChecked,
} from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Courier, Shipment } from '../courier/courier.js';
import { refundRequestOf, refundRequestsOf } from '../payments/refund-request.js';
import type { AuthUser } from '../../plugins/auth.js';
import { AfterCommit, lockOrder, transition, type Move, type Mover, type AfterCommitDeps } from './lifecycle.js';
import { refuseMoneyBack } from './money-back.js';
import { placingService } from './placing.js';
import { firstDeliveredAt, listOwnOrders, listUserOrders, loadOrder, loadOrders, type OrderRow } from './queries.js';
import { refundsService, type RefundInput } from './refunds.js';
import { forStaff } from './kept-deposit.js';
import { billCart, readCart } from './bill.js';
import { cashOffer } from './cash-rules.js';
import { loadCodSettings } from '../confirmations/settings.js';
import { collectedAtDoor } from './at-the-door.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

type OrdersDeps = AfterCommitDeps & Pick<Deps, 'clock' | 'courier' | 'confirmations' | 'phonesAsked'>;

/** Longer than a courier's own timeout: a booking mark older than this was left by a process that died. */
const BOOKING_STALE_MS = 60_000;

/** What shoppers and admins do with orders; each move goes through lifecycle.ts. */
export function ordersService(deps: OrdersDeps) {
  const { db } = deps;
  const { place } = placingService(deps);
  const { refund: giveMoneyBack, settleUnheard, recordChecked } = refundsService(deps);
  const courier = deps.courier;

  /**
   * Moves one order in a transaction of its own, locked (and, with `ownerId`, only the shopper's own),
   * to where `decide` says; 'refund' leaves it for the refund's own steps (refunds.ts).
   */
  async function move(
    orderId: string,
    ownerId: string | undefined,
    decide: (order: OrderRow, tx: Tx) => Promise<Move | 'refund'> | Move | 'refund',
  ): Promise<'moved' | 'refund'> {
    const after = new AfterCommit();
    const outcome = await transaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId, ownerId);
      if (!order) throw notFound('Order');
      const decision = await decide(order, tx);
      if (decision === 'refund') return decision;
      await transition(tx, [order], decision, after, deps.clock.now());
      return 'moved' as const;
    });
    await after.run(deps);
    return outcome;
  }

  /**
   * An admin moves an order along the state machine. Cancelling a paid order is always a refund of
   * the whole bill: the shop never keeps the money of an order it cancels; and an order is marked
   * refunded only by giving its money back (refunds.ts). Shipping without a typed tracking number goes
   * through the courier, when the shop has one; a paid order ships once the provider has said what became of a refund
   * asked of it and never heard of (settleUnheard).
   */
  async function setStatus(admin: AuthUser, orderId: string, change: OrderStatusChange, ip: string): Promise<Order> {
    const by: Mover = { actor: 'admin', user: admin, ip };
    const { status: to } = change;
    const trackingNumber = change.trackingNumber?.trim();
    const reason = change.reason?.trim() || null;
    if (to === 'shipped') await settleUnheard(by, orderId);
    if (to === 'shipped' && !trackingNumber && courier) {
      await shipWith(courier, by, orderId, reason);
      return loadOrder(db, orderId);
    }
    const outcome = await move(orderId, undefined, async (order, tx) => {
      const from = order.status as OrderStatus;
      refuseMoneyBack(admin, order, to);
      if ((from === 'paid' && to === 'cancelled') || to === 'refunded') return 'refund';
      if (to === 'shipped') refuseUnshippable(from);
      if (to === 'shipped' && !trackingNumber) throw badRequest(say.api.trackingNumberRequired);
      await refusePendingRefund(tx, order);
      return { to, by, reason, ...(to === 'shipped' ? { set: { trackingNumber, courier: null } } : {}) };
    });
    if (outcome === 'refund') await giveMoneyBack(by, orderId, { reason });
    return loadOrder(db, orderId);
  }

  /** Only a confirmed or paid order goes to the courier: a cash order still awaiting confirmation does not. */
  function refuseUnshippable(from: OrderStatus) {
    if (!canTransition(from, 'shipped', 'admin')) throw conflict(say.api.notShippable);
  }

  /**
   * A paid order whose refund the provider has not confirmed yet stays where it is until it does. A request that has
   * settled since settleUnheard looked (which withdraws one that gave nothing back) is refused too: it is asked about
   * on the next try.
   */
  async function refusePendingRefund(tx: Tx, order: OrderRow) {
    if (order.status === 'paid' && (await refundRequestOf(tx, order.id))) throw conflict(say.api.refundPending);
  }

  /**
   * Ships an order through the courier: what the parcel needs is read under the order's lock, the
   * courier is asked outside any transaction (up to its timeout: a held row would keep a pool
   * connection, and on PGlite the whole database), and the order moves under a second lock.
   * While the courier is asked, the order carries the courier's name without a tracking number: a second
   * Ship (another admin, another instance) is refused rather than booking a second pickup and a second
   * collection of the cash. A booking that failed clears the mark; one whose process died leaves it
   * for BOOKING_STALE_MS.
   */
  async function shipWith(courier: Courier, by: Mover, orderId: string, reason: string | null) {
    const { status, shipment } = await transaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order');
      const from = order.status as OrderStatus;
      refuseUnshippable(from);
      await refusePendingRefund(tx, order);
      const now = deps.clock.now();
      if (order.courier && now.getTime() - order.updatedAt.getTime() < BOOKING_STALE_MS)
        throw conflict(say.api.shipmentBooking);
      await tx.update(orders).set({ courier: courier.name, updatedAt: now }).where(eq(orders.id, order.id));
      return { status: from, shipment: await shipmentOf(tx, order) };
    });
    const { trackingNumber } = await courier.createDelivery(shipment).catch(async (err: unknown) => {
      await db
        .update(orders)
        .set({ courier: null })
        .where(and(eq(orders.id, orderId), isNull(orders.trackingNumber)));
      throw err;
    });
    await move(orderId, undefined, async (order, tx) => {
      if (order.status !== status) {
        // Cancelled, or shipped by someone else, while the courier was asked: its parcel is left for
        // the admin to call off with the courier.
        deps.log.warn(
          { order: orderId, courier: courier.name, trackingNumber, status: order.status },
          'order moved while its delivery was created: the parcel is left with the courier',
        );
        throw conflict(say.api.statusChange(order.status, 'shipped'));
      }
      await refusePendingRefund(tx, order);
      return { to: 'shipped', by, reason, set: { trackingNumber, courier: courier.name } };
    });
  }

  /** The parcel as the courier is told about it: who receives it where, and what to collect at the door. */
  async function shipmentOf(tx: Tx, order: OrderRow): Promise<Shipment> {
    const lines = await tx
      .select({ name: orderItems.name, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const [buyer] = order.userId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, order.userId))
      : [];
    const address = order.deliveryAddress;
    return {
      orderId: order.id,
      receiver: { name: buyer?.name ?? 'Customer', phone: address.phone },
      // Orders placed before addresses had apartment, floor, landmark and instructions lack them.
      address: {
        governorate: address.state,
        city: address.city,
        street: address.street,
        building: address.building,
        apartment: address.apartment ?? '',
        floor: address.floor ?? '',
        landmark: address.landmark ?? '',
      },
      instructions: address.instructions ?? '',
      openBeforeAccepting: order.openBeforeAccepting,
      cod: collectedAtDoor(order),
      weight: order.weight,
      items: {
        count: lines.reduce((sum, line) => sum + line.quantity, 0),
        description: lines
          .map((line) => `${line.quantity} × ${line.name}`)
          .join(', ')
          .slice(0, 500),
      },
    };
  }

  /** Gives an order's money back: a paid order not yet shipped is cancelled, a returned one refunded. */
  async function refund(admin: AuthUser, orderId: string, input: RefundInput, ip: string): Promise<Order> {
    await giveMoneyBack({ actor: 'admin', user: admin, ip }, orderId, input);
    return loadOrder(db, orderId);
  }

  /** Records what staff found at the provider of a refund request that went unheard (refunds.ts recordChecked). */
  async function refundChecked(admin: AuthUser, orderId: string, found: RefundChecked, ip: string): Promise<Order> {
    await recordChecked({ actor: 'admin', user: admin, ip }, orderId, found);
    return loadOrder(db, orderId);
  }

  /** The shopper cancels their own order before it ships; a paid one is refunded through its provider. */
  async function cancelOwn(user: AuthUser, orderId: string, reason: string | undefined, ip: string): Promise<Order> {
    const by: Mover = { actor: 'shopper', user, ip };
    const outcome = await move(orderId, user.id, (order) => {
      if (order.status === 'paid') return 'refund';
      if (!['pending', 'awaiting_confirmation', 'confirmed'].includes(order.status))
        throw conflict(say.api.notCancellable);
      return { to: 'cancelled', by, reason: reason?.trim() || null };
    });
    if (outcome === 'refund') await giveMoneyBack(by, orderId, { ownerId: user.id, reason: reason?.trim() || null });
    return loadOrder(db, orderId);
  }

  /**
   * The shopper asks to send a delivered order back, within RETURN_WINDOW_DAYS of its first delivery: a
   * refused return delivers it again, which does not open the window anew.
   */
  async function requestReturn(user: AuthUser, orderId: string, reason: string, ip: string): Promise<Order> {
    await move(orderId, user.id, async (order, tx) => {
      const delivered = await firstDeliveredAt(tx, order.id);
      if (order.status !== 'delivered' || !delivered || !withinReturnWindow(delivered, deps.clock.now()))
        throw conflict(say.api.notReturnable);
      return { to: 'return_requested', by: { actor: 'shopper', user, ip }, reason };
    });
    return loadOrder(db, orderId);
  }

  /** One order for its shopper or a staff member who reads orders; anyone else's is 'not found'. */
  async function one(user: AuthUser, orderId: string): Promise<Order> {
    const [order] = await loadOrders(
      db,
      and(eq(orders.id, orderId), user.permissions.includes('orders.read') ? undefined : eq(orders.userId, user.id)),
    );
    if (!order) throw notFound('Order');
    return order;
  }

  /** How cash may pay for the shopper's cart delivered to the address: what the checkout offers (cash-rules.ts). */
  async function cashFor(user: AuthUser, query: CashOfferQuery, ip: string): Promise<CashOffer> {
    const [lines, settings] = await Promise.all([readCart(db, user.id), loadCodSettings(db)]);
    const bill = await billCart(db, {
      userId: user.id,
      lines,
      state: query.state,
      method: 'cash',
      coupon: query.coupon,
      now: deps.clock.now(),
    });
    const mayAsk = () => deps.phonesAsked.ask({ userId: user.id, ip }, query.phone);
    return cashOffer(db, { phone: query.phone, bill, settings, mayAsk });
  }

  const listOwn = (userId: string) => listOwnOrders(db, userId);
  async function listForUser(userId: string) {
    const list = await listUserOrders(db, userId);
    const requested = await refundRequestsOf(
      db,
      list.map((order) => order._id),
    );
    const now = deps.clock.now();
    return list.map((order) => forStaff(order, requested(order._id), now));
  }

  return {
    place,
    cashFor,
    one,
    listOwn,
    listForUser,
    setStatus,
    refund,
    refundChecked,
    cancelOwn,
    requestReturn,
  };
}
