import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { messages, orderStatusHistory, products } from '../src/db/schema.js';

/** What a move left behind, read back from the database: the tests of the order lifecycle check these. */

export const stockOf = async (db: Db, product: { id: string }) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]?.stock;

/** The kinds of e-mail queued for an order, oldest first. */
export const mailsOf = async (db: Db, orderId: string) =>
  (await db.select().from(messages).where(eq(messages.orderId, orderId)).orderBy(asc(messages.id))).map((m) => m.kind);

/** An order's history: each status, who moved it there and why. */
export const historyOf = (db: Db, orderId: string) =>
  db
    .select({ status: orderStatusHistory.status, actor: orderStatusHistory.actor, reason: orderStatusHistory.reason })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
