import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { labelVariant, say, variantValues, type Cart } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { allInOrder } from '../../db/in-order.js';
import { cartItems, orders, products, productVariants, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import { lineImages, linePrice, lineStock, lineVariantColumns } from '../orders/bill.js';
import { claimedUnits, freeUnits, paymentUnderWay } from '../orders/claimed.js';
import { lineVariant } from '../variants/label.js';
import type { Deps } from '../deps.js';

/**
 * The lines of a user's cart with their products (and variants), read after every cart change: a prepared
 * statement, parsed and planned once per database connection and not rebuilt per request.
 */
function cartLinesQuery(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      nameAr: products.nameAr,
      brand: products.brand,
      price: linePrice,
      imagePaths: lineImages,
      stock: lineStock,
      cod: products.cod,
      quantity: freeUnits,
      ...lineVariantColumns,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), gt(freeUnits, 0)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(cartItems.variantId))
    .prepare('cart_lines');
}

/**
 * Adds one unit of a line, or its first (from the product or variant that still has units, and none if it has
 * none). A single conditional upsert: the row lock of ON CONFLICT makes racing clicks queue up, and each one
 * re-checks the stock, so the quantity never passes it. Built once, like cartLinesQuery.
 */
function addUnitQuery(db: Db, sold: 'product' | 'variant') {
  const user = sql<string>`${sql.placeholder('userId')}::uuid`.as('user_id');
  const quantity = sql<number>`1`.as('quantity');
  const createdAt = sql<Date>`now()`.as('created_at');
  const productId = sql.placeholder('productId');
  const firstUnit =
    sold === 'variant'
      ? db.insert(cartItems).select((qb) =>
          qb
            .select({
              userId: user,
              productId: productVariants.productId,
              variantId: productVariants.id,
              quantity,
              createdAt,
            })
            .from(productVariants)
            .where(
              and(
                eq(productVariants.id, sql.placeholder('variantId')),
                eq(productVariants.productId, productId),
                gt(productVariants.stock, 0),
              ),
            ),
        )
      : db.insert(cartItems).select((qb) =>
          qb
            .select({
              userId: user,
              productId: products.id,
              variantId: sql<string | null>`null::uuid`.as('variant_id'),
              quantity,
              createdAt,
            })
            .from(products)
            // A product with options is bought by variant only.
            .where(and(eq(products.id, productId), gt(products.stock, 0), sql`${products.options} = '[]'::jsonb`)),
        );
  const shelf =
    sold === 'variant'
      ? sql`(select ${productVariants.stock} from ${productVariants} where ${productVariants.id} = excluded.variant_id)`
      : sql`(select ${products.stock} from ${products} where ${products.id} = excluded.product_id)`;
  return firstUnit
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + 1` },
      // The units an order is being paid for took their stock already: the rest is what may not pass the shelf.
      setWhere: sql`${freeUnits} < ${shelf}`,
    })
    .returning({ quantity: cartItems.quantity })
    .prepare(`cart_add_${sold}`);
}

/** A cart line: a product sold as one thing (no variant), or one variant of a product with options. */
export interface LineRef {
  productId: string;
  variantId?: string | undefined;
}

const sameLine = (userId: string, line: LineRef) =>
  and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, line.productId),
    line.variantId ? eq(cartItems.variantId, line.variantId) : isNull(cartItems.variantId),
  );

/**
 * Takes the free units of the lines `where` picks out of the cart: a line an order is being paid for keeps those
 * units, so a failed payment still finds them there. The shopper's removals and a checkout's clearing both go through
 * it. Its statements are sent as it is called, so in a checkout's batch they run where they are asked
 * (docs/decisions/pipelined-checkout.md).
 */
export async function dropFree(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [kept, gone] = await allInOrder([
    db
      .update(cartItems)
      .set({ quantity: claimedUnits })
      .where(and(where, gt(claimedUnits, 0), gt(freeUnits, 0)))
      .returning({ productId: cartItems.productId })
      .execute(),
    db
      .delete(cartItems)
      .where(and(where, eq(claimedUnits, 0)))
      .returning({ productId: cartItems.productId })
      .execute(),
  ]);
  return kept.length + gone.length;
}

export function cartService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const cartLines = cartLinesQuery(db);

  /** Notes the shopper's change: a cart reminder counts the day it was left from here (messaging/cart-reminders.ts). */
  async function changed(userId: string): Promise<void> {
    await db.update(users).set({ cartChangedAt: clock.now() }).where(eq(users.id, userId));
  }

  /** The user's cart with its bill, both computed here: a client-sent price is never trusted. */
  async function readCart(userId: string): Promise<Cart> {
    const [rows, [paying]] = await Promise.all([
      cartLines.execute({ userId }),
      db
        .select({ id: orders.id })
        .from(orders)
        // A checkout's order: one staff placed for the customer (a payment link) holds nothing of the cart.
        .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), eq(orders.source, 'web'), paymentUnderWay))
        .orderBy(desc(orders.createdAt))
        .limit(1),
    ]);
    const billPiastres = rows.reduce((sum, r) => sum + r.price * r.quantity, 0);
    return {
      products: rows.map((r) => ({
        product_id: {
          _id: r.id,
          name: r.name,
          nameAr: r.nameAr,
          brand: r.brand,
          price: toEgp(r.price),
          image_path: r.imagePaths,
          stock: r.stock,
          cod: r.cod,
        },
        ...lineVariant(r),
        quantity: r.quantity,
      })),
      bill: toEgp(billPiastres),
      payingOrder: paying?.id ?? null,
    };
  }

  /**
   * The product (and variant) a line names, with the units on the shelf: 404 for an unknown product, 400 for a
   * variant it does not have, or for no variant of a product that has options.
   */
  async function findLine(line: LineRef) {
    const [product] = await db
      .select({ name: products.name, stock: products.stock, options: products.options })
      .from(products)
      .where(eq(products.id, line.productId));
    if (!product) throw notFound('Product');
    if (!line.variantId) {
      if (product.options.length) throw badRequest(say.api.variantRequired);
      return product;
    }
    const [variant] = await db
      .select({ stock: productVariants.stock, options: productVariants.options })
      .from(productVariants)
      .where(and(eq(productVariants.id, line.variantId), eq(productVariants.productId, line.productId)));
    if (!variant) throw badRequest(say.api.variantUnknown);
    const values = variantValues({ options: labelVariant(product.options, variant.options) }, 'en');
    return { name: `${product.name} (${values})`, stock: variant.stock };
  }

  const addProductUnit = addUnitQuery(db, 'product');
  const addVariantUnit = addUnitQuery(db, 'variant');

  /** Adds one unit, or the first: 409 with the reason when there is none to add. */
  async function increase(userId: string, line: LineRef): Promise<Cart> {
    const [row] = await (line.variantId ? addVariantUnit : addProductUnit).execute({
      userId,
      productId: line.productId,
      variantId: line.variantId,
    });
    if (!row) {
      // Nothing written: say why (the product is gone, sold out, or all its stock is already in the cart).
      const product = await findLine(line);
      if (product.stock <= 0) throw conflict(say.api.outOfStock(product.name));
      throw conflict(
        product.stock === 1
          ? say.api.onlyOneInStock(product.name)
          : say.api.onlyFewInStock(product.stock, product.name),
      );
    }
    await changed(userId);
    return readCart(userId);
  }

  /** Removes one unit; at quantity 1 it does nothing (removing the line is a separate action). */
  async function decrease(userId: string, line: LineRef): Promise<Cart> {
    const [row] = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - 1` })
      .where(and(sameLine(userId, line), gt(freeUnits, 1)))
      .returning({ quantity: cartItems.quantity });
    if (row) await changed(userId);
    else await findLine(line);
    return readCart(userId);
  }

  async function remove(userId: string, line: LineRef): Promise<Cart> {
    if (await dropFree(db, sameLine(userId, line))) await changed(userId);
    else await findLine(line);
    return readCart(userId);
  }

  async function empty(userId: string): Promise<Cart> {
    await dropFree(db, eq(cartItems.userId, userId));
    return readCart(userId);
  }

  return { get: (userId: string) => readCart(userId), increase, decrease, remove, empty };
}
