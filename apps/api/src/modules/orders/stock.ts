import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, products, productVariants } from '../../db/schema.js';

/** Units held by orders: per product for products sold as one thing, per variant (with its product) for the rest. */
interface Held {
  products: Map<string, number>;
  variants: Map<string, { productId: string; quantity: number }>;
}

/**
 * Puts units back on the shelf in one statement that first locks the products in id order, with
 * `alsoLocking` (products the caller will take stock of before it commits) among them. Every writer
 * of stock locks the products it needs in that one order, all at once (order lines take theirs in it
 * as they commit, take_ordered_stock in db/sql/stock.sql), so no two of them can deadlock. A variant's units
 * go back after its product is locked; its product's total follows by trigger.
 */
async function returnStock(tx: Tx, held: Held, alsoLocking: readonly string[]) {
  if (!held.products.size && !held.variants.size) return;
  const ids = [...held.products.keys()];
  const quantities = ids.map((id) => held.products.get(id) ?? 0);
  const variantProducts = [...held.variants.values()].map((v) => v.productId);
  const locking = [...ids, ...variantProducts, ...alsoLocking];
  // With variants to return, a statement of its own locks every product (one that runs to its end, whatever
  // the update below has to do).
  if (held.variants.size)
    await tx.execute(
      sql`select ${products.id} from ${products} where ${products.id} = any(${sql.param(locking)}::uuid[]) order by ${products.id} for no key update`,
    );
  if (ids.length)
    await tx.execute(sql`
    with locked as materialized (
      select ${products.id} as id from ${products} where ${products.id} = any(${sql.param(locking)}::uuid[]) order by ${products.id} for no key update
    ), back as (
      select * from unnest(${sql.param(ids)}::uuid[], ${sql.param(quantities)}::int[]) as b(id, quantity)
    )
    update ${products} set stock = ${products.stock} + back.quantity
    from locked join back on back.id = locked.id
    where ${products.id} = locked.id`);
  if (!held.variants.size) return;
  const variantIds = [...held.variants.keys()].sort();
  const variantQuantities = variantIds.map((id) => held.variants.get(id)?.quantity ?? 0);
  await tx.execute(sql`
    update ${productVariants} set stock = ${productVariants.stock} + back.quantity
    from unnest(${sql.param(variantIds)}::uuid[], ${sql.param(variantQuantities)}::int[]) as back(id, quantity)
    where ${productVariants.id} = back.id`);
}

/** The units held by these orders (lines of deleted products or variants have nothing to return). */
async function heldStock(tx: Tx, orderIds: readonly string[]): Promise<Held> {
  const held: Held = { products: new Map(), variants: new Map() };
  if (!orderIds.length) return held;
  const lines = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, [...orderIds]), isNotNull(orderItems.productId)));
  for (const { productId, variantId, quantity } of lines) {
    if (!productId) continue;
    if (variantId) {
      const units = held.variants.get(variantId)?.quantity ?? 0;
      held.variants.set(variantId, { productId, quantity: units + quantity });
    } else held.products.set(productId, (held.products.get(productId) ?? 0) + quantity);
  }
  return held;
}

/** Puts the units of these orders back on the shelf (see returnStock for `alsoLocking`). */
export async function restock(tx: Tx, orderIds: readonly string[], alsoLocking: readonly string[] = []) {
  await returnStock(tx, await heldStock(tx, orderIds), alsoLocking);
}
