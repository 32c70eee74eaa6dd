import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, products } from '../../db/schema.js';

/**
 * Puts units back on the shelf in one statement that first locks the products in id order, with
 * `alsoLocking` (products the caller will take stock of before it commits) among them. Every writer
 * of stock locks the products it needs in that one order, all at once (order lines take theirs in it
 * as they commit, take_ordered_stock in db/migrations), so no two of them can deadlock.
 */
async function returnStock(tx: Tx, units: Map<string, number>, alsoLocking: readonly string[]) {
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
async function heldStock(tx: Tx, orderIds: readonly string[]) {
  const units = new Map<string, number>();
  if (!orderIds.length) return units;
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, [...orderIds]), isNotNull(orderItems.productId)));
  for (const line of lines) {
    if (line.productId) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  return units;
}

/** Puts the units of these orders back on the shelf (see returnStock for `alsoLocking`). */
export async function restock(tx: Tx, orderIds: readonly string[], alsoLocking: readonly string[] = []) {
  await returnStock(tx, await heldStock(tx, orderIds), alsoLocking);
}
