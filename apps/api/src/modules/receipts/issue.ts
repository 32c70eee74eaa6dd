import { and, asc, eq, lt, ne } from 'drizzle-orm';
import { orderRef, type OrderStatus } from '@shop/contracts';
import type { Db, Tx } from '../../db/client.js';
import { etaPos, etaReceipts, etaSettings, orderItems, products, users } from '../../db/schema.js';
import type { Config } from '../../config.js';
import type { OrderRow } from '../orders/queries.js';
import {
  buildReceipt,
  etaDateTime,
  ONLINE_PAYMENT_CODE,
  PAYMENT_CODE,
  type ReceiptDocument,
  type ReceiptKind,
  type ReceiptLine,
} from './document.js';
import { etaConfig, etaConfigured, etaPortalUrl } from './config.js';
import { transaction } from '../../db/transaction.js';
import { toPiastres } from '../../lib/money.js';

export type EtaReceiptRow = typeof etaReceipts.$inferSelect;

/**
 * Which receipt a move issues. A sale is a sale when its money is the shop's: a card (wallet, instalment, Fawry)
 * order once paid, a cash order once delivered (a refused return delivers it again: its sale has a receipt already).
 * A cash order's parcel refused at the door leaves the shop its deposit, paid online: that is a sale of the trip.
 * Money going back, a paid order cancelled or a returned one refunded, issues the return of the sale's receipt (a
 * kept deposit given back issues the return of its own, orders/kept-deposit.ts, as no move of the order does).
 */
export function receiptKindOf(
  from: OrderStatus,
  to: OrderStatus,
  order: Pick<OrderRow, 'paymentMethod' | 'depositState'>,
): ReceiptKind | null {
  if (to === 'paid') return 'sale';
  if (to === 'delivered' && from === 'shipped' && order.paymentMethod === 'cash') return 'sale';
  if (to === 'returned' && from === 'shipped' && order.depositState === 'paid') return 'deposit';
  if (to === 'refunded' || (to === 'cancelled' && from === 'paid')) return 'return';
  return null;
}

/**
 * Marks the POS of this process's ETA_* settings as the one receipts are issued from, and any other as not; with no
 * POS configured, none is, and no receipt is made. Run as the server starts.
 */
export async function activatePos(db: Db, env: Config['env']): Promise<void> {
  const active = etaConfigured(env) ? etaConfig(env) : null;
  await transaction(db, async (tx) => {
    await tx.update(etaPos).set({ active: false }).where(eq(etaPos.active, true));
    if (!active) return;
    const portalUrl = etaPortalUrl(active.ETA_API_URL);
    await tx
      .insert(etaPos)
      .values({ serial: active.ETA_POS_SERIAL, active: true, portalUrl })
      .onConflictDoUpdate({ target: etaPos.serial, set: { active: true, portalUrl } });
  });
}

/** What the QR code of a receipt holds: its page on the ETA's portal, with its date, total and issuer. */
export const qrContent = (portalUrl: string, receipt: { uuid: string; issued: string; total: number; rin: string }) =>
  `${portalUrl}/receipts/search/${receipt.uuid}/share/${receipt.issued}#Total:${receipt.total},IssuerRIN:${receipt.rin}`;

/** The order's lines as receipt lines: each product's ETA code as the dashboard sets it, the SKU as internal code. */
async function receiptLines(tx: Tx, orderId: string): Promise<ReceiptLine[]> {
  const rows = await tx
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      price: orderItems.price,
      quantity: orderItems.quantity,
      discount: orderItems.discount,
      variant: orderItems.variant,
      itemType: products.etaItemType,
      itemCode: products.etaItemCode,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  // A product without its code still gets its line: the ETA then says the receipt is invalid, and the dashboard
  // shows why until the code is set and the receipt sent again.
  return rows.map((row) => ({
    internalCode: row.variant?.sku ?? row.productId ?? row.name,
    description: row.name,
    itemType: row.itemType === 'GS1' ? 'GS1' : 'EGS',
    itemCode: row.itemCode ?? '',
    quantity: row.quantity,
    unitPrice: row.price,
    discount: row.discount,
  }));
}

/**
 * The one payment method a receipt of the order's bill names (the ETA's receipt has a single code,
 * eta-receipts.md): the order's, except a cash order whose delivery fees were paid online first and outweigh what
 * was paid at the door, which names the larger part, online.
 */
function paymentCodeOf(order: OrderRow) {
  const online = order.paymentMethod === 'cash' && order.depositState === 'paid' ? order.deposit : 0;
  if (online > order.bill - online) return ONLINE_PAYMENT_CODE;
  return PAYMENT_CODE[order.paymentMethod] ?? 'O';
}

/**
 * What a receipt of `kind` states was sold and how it was paid. A return: what the receipt it gives back sold, paid as
 * that receipt says (the order's deposit may have changed since: given back, say), however the money went back, as a
 * delivered cash order's return names cash whether it went back in cash or by a transfer. A kept deposit: the delivery
 * fees alone, paid online (`V`, as every online payment is: the deposit went through the same providers). A sale: the
 * order's lines and its delivery.
 */
async function soldOf(tx: Tx, order: OrderRow, kind: ReceiptKind, givenBack: EtaReceiptRow | null) {
  const paid = givenBack && (JSON.parse(givenBack.document) as Pick<ReceiptDocument, 'paymentMethod'>).paymentMethod;
  if ((givenBack?.kind ?? kind) === 'deposit')
    return { lines: [], delivery: order.deposit, paymentMethod: paid ?? ONLINE_PAYMENT_CODE };
  return {
    lines: await receiptLines(tx, order.id),
    delivery: order.shipping + order.codFee,
    paymentMethod: paid ?? paymentCodeOf(order),
  };
}

/** The live sale receipt a return gives back: the order's sale, or the kept deposit of a parcel refused. */
async function returnedReceipt(tx: Tx, orderId: string) {
  return (await liveReceipt(tx, orderId, 'sale')) ?? (await liveReceipt(tx, orderId, 'deposit'));
}

/** The live receipt of a kind an order has (a replaced one does not count). */
export async function liveReceipt(db: Db | Tx, orderId: string, kind: ReceiptKind) {
  const [row] = await db
    .select()
    .from(etaReceipts)
    .where(and(eq(etaReceipts.orderId, orderId), eq(etaReceipts.kind, kind), ne(etaReceipts.state, 'replaced')));
  return row ?? null;
}

/**
 * The piastres a return gives back, and what the order's live returns issued before it gave back, in order (its
 * lines are shared over what those left of each, document.ts). A correction gives back what the receipt it replaces
 * did, after the returns issued before that one; a part given back at the provider, that part; any other, what the
 * order has given back (`orders.refunded`) less what its live returns gave back already (the parts, each returned as
 * it went back).
 */
async function givenBackBy(tx: Tx, order: OrderRow, { corrects, part }: ReceiptOptions) {
  const returns = await tx
    .select({ total: etaReceipts.total })
    .from(etaReceipts)
    .where(
      and(
        eq(etaReceipts.orderId, order.id),
        eq(etaReceipts.kind, 'return'),
        ne(etaReceipts.state, 'replaced'),
        corrects ? lt(etaReceipts.id, corrects.id) : undefined,
      ),
    )
    .orderBy(asc(etaReceipts.id));
  const returnedBefore = returns.map((r) => r.total);
  const refunded = corrects?.total ?? part ?? order.refunded - returnedBefore.reduce((s, t) => s + t, 0);
  return { refunded, returnedBefore };
}

interface ReceiptOptions {
  /** The invalid receipt the new one replaces. */
  corrects?: EtaReceiptRow | undefined;
  /** A return's piastres, when it gives back one part of what the order has given back (payments/service.ts). */
  part?: number | undefined;
}

/**
 * Issues an order's receipt of `kind` in the caller's transaction: numbered and chained under the lock of the
 * active POS's row (taken last, after the order's), so the chain follows the order receipts are issued in and none
 * is left out by a transaction that rolls back. Nothing happens without an active POS and the seller's settings,
 * for an order that has its live sale (or kept deposit) receipt already, for a return without a sale receipt (a sale
 * or a kept deposit) to give back, or for one that finds nothing left to give back (givenBackBy).
 * Answers the receipt, or null.
 */
export async function issueReceipt(
  tx: Tx,
  order: OrderRow,
  kind: ReceiptKind,
  now: Date,
  options: ReceiptOptions = {},
): Promise<EtaReceiptRow | null> {
  const { corrects } = options;
  const [seller] = await tx.select().from(etaSettings);
  if (!seller) return null;
  if (kind !== 'return' && !corrects && (await liveReceipt(tx, order.id, kind))) return null;
  const sale = kind === 'return' ? await returnedReceipt(tx, order.id) : null;
  if (kind === 'return' && !sale) return null;
  const returning = kind === 'return' ? await givenBackBy(tx, order, options) : null;
  if (returning && returning.refunded <= 0) return null;
  const [pos] = await tx.select().from(etaPos).where(eq(etaPos.active, true)).for('update');
  if (!pos) return null;
  const [{ lines, delivery, paymentMethod }, [buyer]] = await Promise.all([
    soldOf(tx, order, kind, sale),
    order.userId ? tx.select({ name: users.name }).from(users).where(eq(users.id, order.userId)) : [],
  ]);
  const seq = pos.lastSeq + 1;
  const receipt = buildReceipt({
    kind,
    issuedAt: now,
    receiptNumber: String(seq),
    previousUuid: pos.lastUuid,
    referenceUuid: sale?.uuid,
    referenceOldUuid: corrects?.uuid,
    orderRef: orderRef(order.id),
    seller,
    deviceSerialNumber: pos.serial,
    buyer: { id: order.buyerNationalId, name: buyer?.name, mobileNumber: order.deliveryAddress.phone },
    lines,
    couponCode: order.couponCode,
    delivery,
    refunded: returning?.refunded,
    returnedBefore: returning?.returnedBefore,
    paymentMethod,
  });
  const { uuid } = receipt.header;
  const [row] = await tx
    .insert(etaReceipts)
    .values({
      orderId: order.id,
      kind,
      posSerial: pos.serial,
      seq,
      receiptNumber: receipt.header.receiptNumber,
      uuid,
      previousUuid: pos.lastUuid,
      referenceUuid: sale?.uuid ?? null,
      issuedAt: now,
      total: toPiastres(receipt.totalAmount),
      document: JSON.stringify(receipt),
      qrContent: qrContent(pos.portalUrl, {
        uuid,
        issued: etaDateTime(now),
        total: receipt.totalAmount,
        rin: seller.rin,
      }),
      nextAttemptAt: now,
    })
    .returning();
  await tx.update(etaPos).set({ lastSeq: seq, lastUuid: uuid }).where(eq(etaPos.serial, pos.serial));
  return row ?? null;
}

/**
 * The receipts a move of locked orders issues, in the move's transaction (lifecycle.ts `transition`): `locked` as
 * the move leaves them (a return's refund recorded), their status the one they leave.
 */
export async function issueMoveReceipts(tx: Tx, locked: readonly OrderRow[], to: OrderStatus, now: Date) {
  for (const order of locked) {
    const kind = receiptKindOf(order.status as OrderStatus, to, order);
    if (kind) await issueReceipt(tx, order, kind, now);
  }
}
