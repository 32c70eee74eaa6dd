import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Product } from '@shop/contracts';
import { favourites, products } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { selectProducts, toProductDto } from '../products/service.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

export function favouritesService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  /** The user's favourite products, most recently added first, in the catalogue's product shape. */
  async function list(userId: string): Promise<Product[]> {
    const rows = await selectProducts(db)
      .innerJoin(favourites, and(eq(favourites.productId, products.id), eq(favourites.userId, userId)))
      .orderBy(desc(favourites.createdAt), desc(products.id));
    return rows.map(toProductDto);
  }

  async function add(userId: string, productId: string): Promise<Product[]> {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('Product');
    await db.insert(favourites).values({ userId, productId, createdAt: deps.clock.now() }).onConflictDoNothing();
    return list(userId);
  }

  /** Idempotent: removing a product that is not a favourite (any more) is not an error. */
  async function remove(userId: string, productId: string): Promise<Product[]> {
    await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
    return list(userId);
  }

  /**
   * Makes the server list equal to the one kept in the browser. Products already favoured keep their
   * date; ids of products that no longer exist are dropped, since a local list can outlive them.
   */
  async function replace(userId: string, productIds: string[]): Promise<Product[]> {
    const ids = [...new Set(productIds)];
    await transaction(db, async (tx) => {
      await tx
        .delete(favourites)
        .where(
          ids.length
            ? and(eq(favourites.userId, userId), notInArray(favourites.productId, ids))
            : eq(favourites.userId, userId),
        );
      if (!ids.length) return;
      await tx
        .insert(favourites)
        .select((qb) =>
          qb
            .select({
              userId: sql<string>`${userId}::uuid`.as('user_id'),
              productId: products.id,
              createdAt: sql<Date>`${deps.clock.now().toISOString()}::timestamptz`.as('created_at'),
            })
            .from(products)
            .where(inArray(products.id, ids)),
        )
        .onConflictDoNothing();
    });
    return list(userId);
  }

  return { list, add, remove, replace };
}
