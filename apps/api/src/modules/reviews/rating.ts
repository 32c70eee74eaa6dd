import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products, reviews } from '../../db/schema.js';

/** Sets rating (average, to the nearest half star) and numReviews of the given products from their reviews. */
export async function recomputeRatings(db: DbOrTx, productIds: string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return;
  await db
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating}) * 2) / 2 from ${reviews} where ${reviews.productId} = ${products.id}), 0)`,
      numReviews: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id})`,
    })
    .where(inArray(products.id, ids));
}
