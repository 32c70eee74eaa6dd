import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  say,
  type AddressInput,
  type Language,
  type Order,
  type OrderStatus,
  type OutOfStockItem,
  type PaymentMethod,
  type StaffOrderItem,
  type StaffOrderSource,
} from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { placeholders } from '../../db/placeholders.js';
import { allInOrder } from '../../db/in-order.js';
import { cartItems, orderItems, orders, products, productVariants, users } from '../../db/schema.js';
import { accountName, audit } from '../../lib/audit.js';
import { DEADLOCK_DETECTED, NOT_ENOUGH_STOCK, PRODUCT_CHANGED, isTryAgainLater, pgCode } from '../../lib/db-errors.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import type { AuthUser } from '../../plugins/auth.js';
import { claimUse, lockCoupon } from '../coupons/queries.js';
import { AfterCommit, begin, transition, type AfterCommitDeps } from './lifecycle.js';
import { replaceable } from './claimed.js';
import { dropFree } from '../cart/service.js';
import { billCart, lineStock, readCart, readItems, type CartLine } from './bill.js';
import { lineVariant, variantSnapshot } from '../variants/label.js';
import { queueOrderMail } from '../messaging/order-messages.js';
import { byName, toOrder } from './queries.js';
import { loadShippingRates } from '../shipping/rates.js';
import { loadCodSettings } from '../confirmations/settings.js';
import { cashRefused, placingVerdict } from './cash-rules.js';
import { orderNationalId } from '../receipts/buyer-id.js';
import { answerAgain, findOrderRequest, rememberOrderRequest, type OrderRequest } from './requests.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

type PlacingDeps = AfterCommitDeps & Pick<Deps, 'clock' | 'confirmations' | 'phonesAsked'>;

/**
 * The checkout starts over: a product in the cart changed between reading the cart and taking its
 * stock, or the stock ran short and was back by the time the shortage was read.
 */
class StartOver extends Error {}

const PLACE_ATTEMPTS = 3;
/** Tries of the wait for the disk after an order committed: each waits up to the pool's connect timeout. */
const DISK_WAIT_ATTEMPTS = 5;

/** The shopper's row, locked: one checkout per shopper at a time; it also tells the commit not to wait for the disk. */
const lockUser = (db: DbOrTx) =>
  db
    .select({ off: sql`set_config('synchronous_commit', 'off', true)` })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('no key update')
    .prepare('checkout_lock_user');

/** The shopper's unpaid orders a new checkout replaces: none whose payment is under way (claimed.ts). */
const unpaidOrders = (db: DbOrTx) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), replaceable))
    .for('update')
    .prepare('checkout_unpaid_orders');

/** The columns of the order row the checkout writes; the others start empty. */
const ORDER_COLUMNS = [
  'id',
  'userId',
  'status',
  'paymentMethod',
  'itemsTotal',
  'discount',
  'couponCode',
  'shipping',
  'codFee',
  'bill',
  'deliveryAddress',
  'language',
  'weight',
  'source',
  'deposit',
  'depositState',
  'buyerNationalId',
  'openBeforeAccepting',
  'createdAt',
  'updatedAt',
] as const;
type OrderValues = Required<Pick<typeof orders.$inferInsert, (typeof ORDER_COLUMNS)[number]>>;

const insertOrder = (db: DbOrTx) =>
  db.insert(orders).values(placeholders(ORDER_COLUMNS)).returning().prepare('checkout_order');

export interface PlaceOrderInput {
  deliveryAddress: AddressInput;
  paymentMethod: PaymentMethod;
  /** The shopper's language: the order's e-mails and invoice speak it. */
  language: Language;
  /** The coupon code the shopper entered, if any. */
  coupon?: string | undefined;
  /** The buyer's national ID as typed, kept only where the order's e-receipt needs it (receipts/buyer-id.ts). */
  nationalId?: string | undefined;
  /** Set when a staff member places the order for a customer; without it the shopper places their cart. */
  staff?: StaffPlacement;
}

/** The buyer of an order: their account, as the audit log names it. */
type Buyer = Pick<AuthUser, 'id' | 'email' | 'name'>;

/**
 * An order a staff member places for a customer who called or wrote (admin-orders/staff-orders.ts): the lines they
 * chose instead of a cart (which stays as it is), where the order came from, and the customer, found or made in the
 * order's transaction. An order to be paid online sends the customer the link to pay it.
 */
export interface StaffPlacement {
  by: AuthUser;
  items: readonly StaffOrderItem[];
  source: StaffOrderSource;
  customer: (tx: Tx) => Promise<Buyer>;
}

/** The audit entry of a placed order: the shopper's own, or the staff member's who took it for the customer. */
function placedEntry(
  placed: OrderValues,
  lines: number,
  user: Buyer,
  input: PlaceOrderInput,
  ip: string,
): Parameters<typeof audit>[1] {
  const { staff } = input;
  const data = {
    orderId: placed.id,
    bill: toEgp(placed.bill),
    paymentMethod: placed.paymentMethod,
    items: lines,
    ...(placed.couponCode ? { coupon: placed.couponCode, discount: toEgp(placed.discount) } : {}),
    ...(placed.deposit ? { deposit: toEgp(placed.deposit) } : {}),
  };
  const deposit = placed.deposit ? `, ${toEgp(placed.deposit)} EGP of it paid online first` : '';
  const what = `order ${placed.id} (${toEgp(placed.bill)} EGP, ${placed.paymentMethod}${deposit})`;
  if (!staff)
    return {
      type: 'order',
      action: 'order_placed',
      message: `${accountName(user)} placed ${what}`,
      userId: user.id,
      userEmail: user.email,
      data,
      ip,
    };
  const member = accountName(staff.by);
  return {
    type: 'admin',
    action: 'order_placed',
    message: `${member} placed ${what} for a customer by ${staff.source}`,
    userId: staff.by.id,
    userEmail: staff.by.email,
    data: { ...data, customerId: user.id, source: staff.source },
    ip,
  };
}

export function placingService(deps: PlacingDeps) {
  const { db } = deps;

  /**
   * Places the cart as an order in one transaction. The order lines take their stock as the
   * transaction commits (take_ordered_stock in db/sql/stock.sql), each with a conditional update, so
   * two buyers can never both get the last unit; any shortage rolls everything back and answers 409
   * with the products that ran out. A cash order takes what it bought out of the cart; a card order keeps it until
   * paid. Either replaces the user's older unpaid order that nobody is paying yet (at most one such order per user);
   * one whose payment is under way stays (unpaidOrders).
   *
   * The order is written with the cart's prices as read; should the product show another price,
   * name or picture when its stock is taken (an admin's edit in between), the checkout starts over
   * with the new ones, so what the order snapshots is what was charged.
   */
  async function place(
    user: Buyer | null,
    input: PlaceOrderInput,
    ip: string,
    request?: OrderRequest,
  ): Promise<Order[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await placeOnce(user, input, ip, request);
      } catch (err) {
        // PostgreSQL rolls back one side of a deadlock: two shoppers replacing unpaid orders that hold each
        // other's coupon lock the two coupons in opposite orders (docs/decisions/coupon-uses.md).
        const code = pgCode(err);
        if (!(err instanceof StartOver) && code !== PRODUCT_CHANGED && code !== DEADLOCK_DETECTED) throw err;
        if (attempt === PLACE_ATTEMPTS) throw conflict(say.api.productChanged);
      }
    }
  }

  async function placeOnce(
    shopper: Buyer | null,
    input: PlaceOrderInput,
    ip: string,
    request: OrderRequest | undefined,
  ): Promise<Order[]> {
    const method = input.paymentMethod;
    const { staff } = input;
    const after = new AfterCommit();
    const by = staff
      ? ({ actor: 'admin', user: staff.by, ip } as const)
      : ({ actor: 'shopper', user: shopper, ip } as const);
    // What the order asked for, kept for the 409 of a shortage found as the transaction commits.
    let asked: readonly CartLine[] = [];
    let buyer: Buyer | null = shopper;
    const written = transaction(db, async (tx) => {
      const now = deps.clock.now();
      if (staff) buyer = await staff.customer(tx);
      if (!buyer) throw new Error('an order needs its buyer');
      const user = buyer;
      // What the checkout reads is asked at once, in the order PostgreSQL is to run it (one round trip on
      // PostgreSQL; see db/client.ts). First one checkout per user at a time: a double click must not place the
      // same cart twice. In that statement the commit is told not to wait for the disk: it holds the popular
      // product's row until it ends, and the next buyer of that product goes on at once. The answer waits for
      // the disk (below). The coupon is locked next, before any product (coupons/queries.ts lockCoupon).
      // A request sent again with its Idempotency-Key is looked up under the user's lock: it finds what the first one
      // committed, and answers that order.
      const [, , lines, older, rates, [earlier] = [], cod] = await allInOrder([
        lockUser(tx).execute({ userId: user.id }),
        input.coupon && lockCoupon(tx, input.coupon),
        staff ? readItems(tx, staff.items) : readCart(tx, user.id),
        unpaidOrders(tx).execute({ userId: user.id }),
        loadShippingRates(tx),
        request && findOrderRequest(tx, user.id, request, now),
        method === 'cash' && loadCodSettings(tx),
      ]);
      if (request && earlier) return answerAgain(tx, request, earlier);
      if (!lines.length) throw badRequest(say.api.cartEmpty);
      asked = lines;
      if (method === 'cash') {
        const noCod = lines.filter((l) => !l.cod).map((l) => l.name);
        if (noCod.length) throw badRequest(say.api.noCashOnDelivery(noCod));
      }

      // The older order's products are locked together with the new lines' ones, before the commit takes their stock.
      await transition(
        tx,
        older,
        {
          to: 'cancelled',
          by: { actor: 'system' },
          alsoLocking: lines.map((l) => l.productId),
          audit: (o) => ({
            type: 'order',
            action: 'order_replaced',
            message: `Unpaid order ${o.id} of ${accountName(user)} was cancelled by a newer order`,
            userId: user.id,
            userEmail: user.email,
            data: { orderId: o.id },
            ip,
          }),
        },
        after,
        now,
      );

      const billed = await billCart(tx, {
        userId: user.id,
        lines,
        state: input.deliveryAddress.state,
        method,
        coupon: input.coupon,
        now,
        rates,
      });
      // The shop's cash rules refuse cash for this order, or ask its delivery fees online first (cash-rules.ts).
      const { phone } = input.deliveryAddress;
      const mayAsk = staff ? undefined : () => deps.phonesAsked.ask({ userId: user.id, ip }, phone);
      const verdict =
        cod && billed.bill > 0 ? await placingVerdict(tx, { phone, bill: billed, settings: cod, mayAsk }) : null;
      if (verdict?.cash === 'online') throw cashRefused(verdict);
      const buyerNationalId = await orderNationalId(tx, billed.bill, input.nationalId);
      const deposit = verdict?.cash === 'deposit' ? verdict.deposit : 0;
      // A bill of nothing (a coupon for all of it, free shipping) has nothing to pay: confirmed at once. A cash order
      // is the shopper's promise to pay at the door: it waits for them to confirm it, unless the shop turned that off.
      // One with a deposit waits, like a card order, for the deposit to be paid (docs/decisions/cash-deposit.md).
      const settled = (method === 'cash' && !deposit) || billed.bill === 0;
      const confirming = cod && cod.confirmation.enabled && settled && billed.bill > 0 ? cod.confirmation : null;
      const status: OrderStatus = confirming ? 'awaiting_confirmation' : settled ? 'confirmed' : 'pending';
      // The order's id is made here, so that its lines, history, e-mail and audit entry are asked for together
      // with it, in one round trip.
      const placed = {
        id: randomUUID(),
        userId: user.id,
        status,
        paymentMethod: method,
        itemsTotal: billed.itemsTotal,
        discount: billed.discount,
        couponCode: billed.coupon?.coupon.code ?? null,
        shipping: billed.shipping,
        codFee: billed.codFee,
        bill: billed.bill,
        deliveryAddress: input.deliveryAddress,
        language: input.language,
        weight: billed.weight,
        source: staff?.source ?? 'web',
        deposit,
        depositState: deposit ? 'due' : null,
        buyerNationalId,
        openBeforeAccepting: rates.openBeforeAccepting,
        createdAt: now,
        updatedAt: now,
      } satisfies OrderValues;
      const used = billed.coupon && { couponId: billed.coupon.coupon.id, discount: billed.discount };
      const [[order], items, claimed, history, confirmationAsked] = await allInOrder([
        insertOrder(tx).execute(placed),
        // In product and variant id order (the cart was read in it): the order in which the commit locks them.
        tx
          .insert(orderItems)
          .values(
            lines.map((l, i) => ({
              orderId: placed.id,
              productId: l.productId,
              variantId: l.variantId,
              variant: variantSnapshot(l),
              name: l.name,
              nameAr: l.nameAr,
              price: l.price,
              imagePaths: l.imagePaths,
              quantity: l.quantity,
              discount: billed.lineDiscounts[i] ?? 0,
            })),
          )
          .returning()
          .execute(),
        !used || claimUse(tx, { ...used, orderId: placed.id, userId: user.id }),
        begin(tx, placed, by, after),
        confirming && deps.confirmations.ask(tx, placed, now, confirming.windowHours),
        // What it bought leaves the cart, and the units an order being paid for holds stay: a failed payment gives them
        // back (docs/decisions/cart-while-paying.md). A staff member's order leaves the customer's own cart as it is.
        !staff && settled && dropFree(tx, eq(cartItems.userId, user.id)),
        // The customer of an order taken by staff has no checkout open: they are sent the link to pay.
        staff &&
          status === 'pending' &&
          queueOrderMail(tx, placed, 'pay_link').then((queued) => queued && after.mailQueued()),
        ...(request ? rememberOrderRequest(tx, user.id, request, placed.id, now) : []),
        audit(tx, placedEntry(placed, lines.length, user, input, ip)),
      ]);
      if (!claimed) throw badRequest(say.api.couponUsedUp);
      if (confirmationAsked) after.mailQueued();
      if (!order) throw new Error('order insert returned no row');
      return toOrder(order, items.sort(byName), history);
    });
    const placed = await written.catch(async (err: unknown) => {
      if (pgCode(err) === NOT_ENOUGH_STOCK && buyer) throw await outOfStock(buyer.id, asked);
      throw err;
    });
    // The replaced order's payment must not go through whatever happens next.
    await after.run(deps);
    await waitForDisk();
    return [placed];
  }

  /**
   * A transaction of its own whose commit waits for the disk: once it is there, so is the order's commit, written
   * before it. A crash before then loses the order whole, and nobody was told of it. The order has committed, so a
   * busy moment (no connection free in time) only delays the answer: a 503 would tell the shopper it was not placed.
   */
  async function waitForDisk() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.execute(sql`select pg_current_xact_id()`);
      } catch (err) {
        if (attempt === DISK_WAIT_ATTEMPTS || !isTryAgainLater(err)) throw err;
      }
    }
  }

  /**
   * The 409 for an order that found too little stock: the products (or variants) it asked for whose stock, with the
   * units the buyer's unpaid card order gives back, cannot cover it; that sum is the stock they are told.
   */
  async function outOfStock(userId: string, lines: readonly CartLine[]) {
    const held = db
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: sql<number>`sum(${orderItems.quantity})::int`.as('held_quantity'),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, userId), replaceable))
      .groupBy(orderItems.productId, orderItems.variantId)
      .as('held');
    const variantIds = lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
    const stocks = await db
      .select({
        productId: products.id,
        variantId: productVariants.id,
        position: productVariants.position,
        stock: sql<number>`${lineStock} + coalesce(${held.quantity}, 0)`,
      })
      .from(products)
      .leftJoin(
        productVariants,
        and(eq(productVariants.productId, products.id), inArray(productVariants.id, variantIds)),
      )
      .leftJoin(
        held,
        and(eq(held.productId, products.id), sql`${held.variantId} is not distinct from ${productVariants.id}`),
      )
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      );
    const out = lines.flatMap((line) => {
      const found = stocks.find((s) => s.productId === line.productId && s.variantId === line.variantId);
      return found && found.stock < line.quantity ? [{ line, ...found }] : [];
    });
    if (!out.length) return new StartOver();
    // By name (byte order, as the database's C collation sorts), then by the variant's place in the product.
    out.sort((a, b) =>
      a.line.name !== b.line.name ? (a.line.name < b.line.name ? -1 : 1) : (a.position ?? 0) - (b.position ?? 0),
    );
    const body: OutOfStockItem[] = out.map(({ line, stock }) => ({
      _id: line.productId,
      name: line.name,
      nameAr: line.nameAr,
      image_path: line.imagePaths,
      stock,
      ...lineVariant(line),
    }));
    return conflict(say.api.someOutOfStock, body);
  }

  return { place };
}
