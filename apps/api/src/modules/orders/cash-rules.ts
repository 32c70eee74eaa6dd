import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  say,
  toEgp,
  toPiastres,
  type CashOffer,
  type CashRefusal,
  type CodSettings,
  type OrderStatus,
  type Said,
} from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { orderDeliveryPhone } from '../phone-records/outcomes.js';
import { phoneRecord } from '../phone-records/records.js';
import type { Bill } from './bill.js';

/**
 * The shop's cash rules (docs/guide/cash-on-delivery.md), the one place that decides whether cash may pay for an
 * order: the checkout's and the staff's orders are placed through it (placing.ts), and the checkout and the staff's
 * quote ask it beforehand, so the shopper and the agent know before pressing the button.
 */

/** A cash order not yet delivered, cancelled, returned or refunded: the parcel may still be refused. */
const OPEN_CASH: readonly OrderStatus[] = ['pending', 'awaiting_confirmation', 'confirmed', 'shipped'];

/** What the rules make of a cash order: plain cash, a deposit first (piastres), or online payment only. */
export type CashVerdict =
  | { cash: 'cash' }
  | { cash: 'deposit'; deposit: number }
  | { cash: 'online'; refusal: CashRefusal; limit: number | null };

export interface CashRequest {
  /** The delivery address's phone, as addresses store it (01XXXXXXXXX): the number the courier calls. */
  phone: string;
  bill: Pick<Bill, 'bill' | 'shipping' | 'codFee'>;
  settings: CodSettings;
  /**
   * The shopper who asks, counting the phone among theirs (phones-asked.ts): false when they may not learn what the
   * rules say of it. Absent for the staff, who take orders by phone for any number.
   */
  mayAsk?: () => Promise<boolean>;
}

/** The delivery phone's cash orders still open. */
async function openCashOrders(db: DbOrTx, phone: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(orders)
    .where(
      and(eq(orderDeliveryPhone, phone), eq(orders.paymentMethod, 'cash'), inArray(orders.status, [...OPEN_CASH])),
    );
  return row?.open ?? 0;
}

/**
 * How cash may pay for the bill delivered to the phone: refused over the largest cash bill, or with as many cash
 * orders open as the shop allows one phone. A phone whose record (modules/phone-records) shows as many parcels
 * refused as the shop tolerates pays online only, or its delivery fees online first (a deposit) and the rest at the
 * door; a bill whose delivery costs nothing has no deposit to ask, and stays cash. What the phone's orders say is told
 * only to a shopper who may ask about one more phone today (`mayAsk`); the bill's limit is theirs to know.
 */
export async function cashVerdict(db: DbOrTx, { phone, bill, settings, mayAsk }: CashRequest): Promise<CashVerdict> {
  if (settings.maxCashBill !== null && bill.bill > toPiastres(settings.maxCashBill))
    return { cash: 'online', refusal: 'cash_bill_over_limit', limit: settings.maxCashBill };
  if (mayAsk && !(await mayAsk())) return { cash: 'online', refusal: 'cash_phones_asked', limit: null };
  const [open, record] = await Promise.all([openCashOrders(db, phone), phoneRecord(db, phone)]);
  if (open >= settings.maxOpenCashOrders)
    return { cash: 'online', refusal: 'cash_orders_open', limit: settings.maxOpenCashOrders };
  if (record.refused < settings.refusalsBeforeOnlineOnly) return { cash: 'cash' };
  if (settings.refusalAction === 'online_only') return { cash: 'online', refusal: 'cash_online_only', limit: null };
  const deposit = bill.shipping + bill.codFee;
  return deposit > 0 ? { cash: 'deposit', deposit } : { cash: 'cash' };
}

/**
 * The rules as a cash order is placed: the phone's cash orders are counted under a lock of that phone's own, held
 * to the commit, so two orders to one number at once (two tabs, two agents) cannot both be the last one allowed.
 */
export async function placingVerdict(tx: Tx, request: CashRequest): Promise<CashVerdict> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cash-orders:${request.phone}`}))`);
  return cashVerdict(tx, request);
}

/**
 * How cash may pay, as the checkout and the staff's quote show it before the order is placed, in EGP. A bill of
 * nothing has nothing to collect, and placing it asks no rule.
 */
export async function cashOffer(db: DbOrTx, request: CashRequest): Promise<CashOffer> {
  if (request.bill.bill === 0) return { cash: 'cash' };
  const verdict = await cashVerdict(db, request);
  if (verdict.cash !== 'deposit') return verdict;
  return { cash: 'deposit', deposit: toEgp(verdict.deposit), rest: toEgp(request.bill.bill - verdict.deposit) };
}

const REFUSED = {
  cash_bill_over_limit: (limit) => say.api.cashBillOverLimit(limit ?? 0),
  cash_orders_open: (limit) => say.api.cashOrdersOpen(limit ?? 0),
  cash_online_only: () => say.api.cashOnlineOnly,
  cash_phones_asked: () => say.api.cashPhonesAsked,
} satisfies Record<CashRefusal, (limit: number | null) => Said>;

/** The 400 of a cash order the rules refuse, whatever the client sent: its reason as a stable `code`, and in words. */
export function cashRefused(verdict: Extract<CashVerdict, { cash: 'online' }>): HttpError {
  const message = REFUSED[verdict.refusal](verdict.limit);
  return new HttpError(400, message, { message, code: verdict.refusal });
}
