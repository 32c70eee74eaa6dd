import { inArray, sql } from 'drizzle-orm';
import { localMobile, type PhoneRecord } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { countWhere, orderDeliveryPhone, orderOutcomes } from './outcomes.js';

/**
 * Each delivery phone's record: what its orders became (contracts' phoneRecordSchema says what each count means).
 * It is read from the orders and their history when asked, so it is never out of step with them; the delivery
 * phone's index (orders_delivery_phone_idx) keeps that one indexed read.
 */

const EMPTY: PhoneRecord = { placed: 0, confirmed: 0, delivered: 0, refused: 0, cancelledAfterConfirming: 0 };

/** The records of several phones in one read, as a look-up by each phone as given; zeros for one without orders. */
export async function phoneRecords(db: DbOrTx, phones: readonly string[]): Promise<(phone: string) => PhoneRecord> {
  const wanted = [...new Set(phones.map(localMobile).filter((p): p is string => p !== null))];
  const found = new Map<string, PhoneRecord>();
  if (wanted.length) {
    const o = orderOutcomes(db, inArray(orderDeliveryPhone, wanted));
    const rows = await db
      .select({
        phone: o.phone,
        placed: sql<number>`count(*)`.mapWith(Number),
        confirmed: countWhere(o.confirmed),
        delivered: countWhere(o.delivered),
        refused: countWhere(o.refused),
        cancelledAfterConfirming: countWhere(o.cancelledAfterConfirming),
      })
      .from(o)
      .groupBy(o.phone);
    for (const { phone, ...record } of rows) found.set(phone, record);
  }
  return (phone) => found.get(localMobile(phone) ?? '') ?? EMPTY;
}

/** One phone's record, the phone written any usual way (01…, +201…); zeros for a phone without orders. */
export async function phoneRecord(db: DbOrTx, phone: string): Promise<PhoneRecord> {
  return (await phoneRecords(db, [phone]))(phone);
}
