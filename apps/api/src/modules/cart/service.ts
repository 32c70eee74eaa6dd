import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { say, type Cart } from '@shop/contracts';
import type { Db } from '../../db/client.js';
import { cartItems, products } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import type { Deps } from '../deps.js';

/**
 * The lines of a user's cart with their products, read after every cart change: a prepared statement,
 * parsed and planned once per database connection and not rebuilt per request.
 */
function cartLinesQuery(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      nameAr: products.nameAr,
      brand: products.brand,
      price: products.price,
      imagePaths: products.imagePaths,
      stock: products.stock,
      cod: products.cod,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId))
    .prepare('cart_lines');
}

export function cartService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  const cartLines = cartLinesQuery(db);

  /** The user's cart with its bill, both computed here: a client-sent price is never trusted. */
  async function readCart(userId: string): Promise<Cart> {
    const rows = await cartLines.execute({ userId });
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
        quantity: r.quantity,
      })),
      bill: toEgp(billPiastres),
    };
  }

  async function findProduct(productId: string) {
    const [product] = await db
      .select({ name: products.name, stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound('Product');
    return product;
  }

  /**
   * Adds one unit, or the first. A single conditional upsert: the row lock of ON CONFLICT makes
   * racing clicks queue up, and each one re-checks the stock, so the quantity never passes it.
   */
  async function increase(userId: string, productId: string): Promise<Cart> {
    const [row] = await db
      .insert(cartItems)
      .select((qb) =>
        qb
          .select({
            userId: sql<string>`${userId}::uuid`.as('user_id'),
            productId: products.id,
            quantity: sql<number>`1`.as('quantity'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(products)
          .where(and(eq(products.id, productId), gt(products.stock, 0))),
      )
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + 1` },
        setWhere: sql`${cartItems.quantity} < (select ${products.stock} from ${products} where ${products.id} = excluded.product_id)`,
      })
      .returning({ quantity: cartItems.quantity });
    if (!row) {
      // Nothing written: say why (the product is gone, sold out, or all its stock is already in the cart).
      const product = await findProduct(productId);
      if (product.stock <= 0) throw conflict(say.api.outOfStock(product.name));
      throw conflict(
        product.stock === 1
          ? say.api.onlyOneInStock(product.name)
          : say.api.onlyFewInStock(product.stock, product.name),
      );
    }
    return readCart(userId);
  }

  /** Removes one unit; at quantity 1 it does nothing (removing the line is a separate action). */
  async function decrease(userId: string, productId: string): Promise<Cart> {
    const [row] = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - 1` })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), gt(cartItems.quantity, 1)))
      .returning({ quantity: cartItems.quantity });
    if (!row) await findProduct(productId);
    return readCart(userId);
  }

  async function remove(userId: string, productId: string): Promise<Cart> {
    const [row] = await db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
      .returning({ productId: cartItems.productId });
    if (!row) await findProduct(productId);
    return readCart(userId);
  }

  async function empty(userId: string): Promise<Cart> {
    await db.delete(cartItems).where(eq(cartItems.userId, userId));
    return { products: [], bill: 0 };
  }

  return { get: (userId: string) => readCart(userId), increase, decrease, remove, empty };
}
