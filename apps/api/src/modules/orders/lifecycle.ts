import { eq, inArray } from 'drizzle-orm';
import { say, canTransition, type OrderActor, type OrderStatus } from '@shop/contracts';
import { placeholders } from '../../db/placeholders.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { allInOrder } from '../../db/in-order.js';
import { orders, orderStatusHistory, payments } from '../../db/schema.js';
import { accountName, audit, type AuditEntry } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import { releaseUses } from '../coupons/queries.js';
import { orderMailKind, queueOrderMail } from '../messaging/order-messages.js';
import { alertStaff, staffAlertOf } from '../staff/alerts.js';
import type { OrderRow } from './queries.js';
import { restock } from './stock.js';
import { issueMoveReceipts } from '../receipts/issue.js';
import { giveDepositsBack } from './deposit.js';
import { givePaymentsBack } from '../payments/give-back.js';
import type { Deps } from '../deps.js';

/** What a move's effects after commit reach: the payment providers and the message sender. */
export type AfterCommitDeps = Pick<Deps, 'db' | 'log' | 'messageSender' | 'payments' | 'clock'>;

/** Who makes a move: the actor, and the signed-in user and address when it is a person. */
export interface Mover {
  actor: OrderActor;
  user?: { id: string; email: string | null; name: string } | null;
  ip?: string | null;
}

export interface Move {
  to: OrderStatus;
  by: Mover;
  /** The shopper's or admin's words: why it is cancelled or returned, how a refund was paid back. */
  reason?: string | null;
  /** Written with the status: the tracking number of a shipment, the payment that paid, the money a refund gave back. */
  set?: Partial<
    Pick<
      OrderRow,
      'trackingNumber' | 'courier' | 'paymentIntentId' | 'refunded' | 'refundedAt' | 'refundedBy' | 'depositState'
    >
  >;
  /** Products the caller takes stock of before it commits (placement), locked together with those given back. */
  alsoLocking?: readonly string[];
  /** The audit entry of a move with a story of its own (an expiry, a refund); otherwise the plain one. */
  audit?: (order: OrderRow, from: OrderStatus) => AuditEntry;
}

/**
 * What a move leaves to do once its transaction commits, outside the database: provider intents of
 * cancelled unpaid orders that must not take money any more, deposits of cancelled cash orders and
 * payments an order does not take to give back, and e-mails waiting to be sent.
 */
export class AfterCommit {
  private readonly intents: string[] = [];
  private readonly deposits: string[] = [];
  private readonly unwanted: string[] = [];
  private mail = false;

  cancelIntent(ref: string | null) {
    if (ref) this.intents.push(ref);
  }

  giveDepositBack(orderId: string) {
    this.deposits.push(orderId);
  }

  /** A payment marked `give_back` in the transaction (payments/service.ts). */
  givePaymentBack(providerRef: string) {
    this.unwanted.push(providerRef);
  }

  mailQueued() {
    this.mail = true;
  }

  /**
   * Runs the effects; a failure is logged, never thrown: the move itself has happened (a busy database must not
   * answer it as failed). What is left to give back, the recovery pass gives back (give-back-recovery.ts).
   */
  async run(deps: AfterCommitDeps): Promise<void> {
    const logged = (what: string) => (err: unknown) => deps.log.error({ err }, `after a commit, could not ${what}`);
    await cancelIntents(deps, this.intents).catch(logged('cancel payment intents'));
    await giveDepositsBack(deps, this.deposits).catch(logged('give deposits back'));
    await givePaymentsBack(deps, this.unwanted).catch(logged('give payments back'));
    if (this.mail) deps.messageSender.wake();
  }
}

/** Each intent through the provider that started it; intents from before payments were recorded, through the active one. */
async function cancelIntents(deps: AfterCommitDeps, ids: readonly string[]) {
  if (!ids.length) return;
  const recorded = await deps.db
    .select({ providerRef: payments.providerRef, provider: payments.provider })
    .from(payments)
    .where(inArray(payments.providerRef, [...ids]));
  const active = deps.payments.active().name;
  for (const id of ids) {
    const name = recorded.find((p) => p.providerRef === id)?.provider ?? active;
    await Promise.resolve()
      .then(() => deps.payments.named(name).cancel(id))
      .catch((err: unknown) => deps.log.warn({ err, intent: id }, 'could not cancel payment intent'));
  }
}

const AUDIT_TYPE = {
  shopper: 'order',
  admin: 'admin',
  system: 'order',
  provider: 'payment',
  courier: 'order',
  agent: 'admin',
} as const;

function plainAudit(order: OrderRow, from: OrderStatus, move: Move): AuditEntry {
  const { by, to } = move;
  const who = by.user ? accountName(by.user) : `the ${by.actor}`;
  return {
    type: AUDIT_TYPE[by.actor],
    action: 'order_status',
    message: `${who} moved order ${order.id} from ${from} to ${to}${move.reason ? `: ${move.reason}` : ''}`,
    userId: by.user?.id ?? null,
    userEmail: by.user?.email ?? null,
    data: { orderId: order.id, from, to, actor: by.actor, ...(move.reason ? { reason: move.reason } : {}) },
    ip: by.ip ?? null,
  };
}

/**
 * The one place an order's status changes. Moves orders the caller has locked (FOR UPDATE, in the
 * caller's transaction) to `move.to`, after checking the move against the state machine of contracts'
 * ORDER_MOVES for who is making it: status, history and audit entry are written in the caller's
 * transaction, with the stock of a cancelled or returned order back on the shelf (and a cancelled
 * order's coupon use given back) and the order's e-mail queued. What lies outside the database is
 * left in `after`, to run once the caller commits. Several orders move in one call so that their
 * stock is returned in one statement, in lock order.
 */
export async function transition(
  tx: Tx,
  locked: readonly OrderRow[],
  move: Move,
  after: AfterCommit,
  now: Date,
): Promise<void> {
  if (!locked.length) return;
  const { to } = move;
  for (const order of locked) {
    const from = order.status as OrderStatus;
    if (!canTransition(from, to, move.by.actor)) throw conflict(say.api.statusChange(from, to));
  }
  const ids = locked.map((o) => o.id);
  await tx
    .update(orders)
    .set({ ...move.set, status: to, updatedAt: now })
    .where(inArray(orders.id, ids));
  await tx
    .insert(orderStatusHistory)
    .values(
      ids.map((orderId) => ({ orderId, status: to, at: now, actor: move.by.actor, reason: move.reason ?? null })),
    );
  // A cancelled order's coupon use goes back before its stock: coupons are locked before products (coupons/queries.ts).
  if (to === 'cancelled') await releaseUses(tx, ids);
  // The shop keeps no deposit of an order cancelled before it ships: it goes back once this commits (deposit.ts).
  const depositsBack = to === 'cancelled' ? locked.filter((o) => o.depositState === 'paid').map((o) => o.id) : [];
  if (depositsBack.length)
    await tx.update(orders).set({ depositState: 'refunding' }).where(inArray(orders.id, depositsBack));
  for (const id of depositsBack) after.giveDepositBack(id);
  if (to === 'cancelled' || to === 'returned') await restock(tx, ids, move.alsoLocking);
  // A sale's e-receipt, or the return of one, is issued with the move that makes it (receipts/issue.ts).
  await issueMoveReceipts(
    tx,
    locked.map((order) => ({ ...order, ...move.set })),
    to,
    now,
  );
  for (const order of locked) {
    const from = order.status as OrderStatus;
    if (to === 'cancelled' && from === 'pending') after.cancelIntent(order.paymentIntentId);
    const kind = orderMailKind(from, to);
    if (kind && (await queueOrderMail(tx, order, kind))) after.mailQueued();
    const alert = staffAlertOf(to);
    if (alert && (await alertStaff(tx, alert, order.id, move.by.user?.id))) after.mailQueued();
    await audit(tx, move.audit?.(order, from) ?? plainAudit(order, from, move));
  }
}

const firstStatus = (db: DbOrTx) =>
  db
    .insert(orderStatusHistory)
    .values(placeholders(['orderId', 'status', 'at', 'actor']))
    .returning()
    .prepare('order_history_begin');

/**
 * A new order's first status, written by placement: its history begins, and an order confirmed as it is
 * placed (a cash order the shop does not ask to confirm, a bill of nothing) sends its e-mail and the staff's
 * alerts (a card order's come when it is paid). The statements are asked at once, so they share a round trip
 * with whatever else the caller has asked meanwhile.
 */
export async function begin(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId' | 'status' | 'language' | 'createdAt'>,
  by: Mover,
  after: AfterCommit,
) {
  const status = order.status as OrderStatus;
  const kind = orderMailKind(null, status);
  const alert = staffAlertOf(status);
  const [history, queued, alerted] = await allInOrder([
    firstStatus(tx).execute({
      orderId: order.id,
      status,
      at: order.createdAt,
      actor: by.actor,
    } satisfies typeof orderStatusHistory.$inferInsert),
    kind ? queueOrderMail(tx, order, kind) : false,
    alert ? alertStaff(tx, alert, order.id, by.user?.id) : false,
  ]);
  if (queued || alerted) after.mailQueued();
  return history;
}

/** Locks one order for a move; null when there is none (or, with `ownerId`, none of that shopper's). */
export async function lockOrder(tx: Tx, orderId: string, ownerId?: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || (ownerId !== undefined && order.userId !== ownerId)) return null;
  return order;
}
