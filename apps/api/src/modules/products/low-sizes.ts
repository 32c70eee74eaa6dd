import { and, asc, inArray, lte } from 'drizzle-orm';
import { labelVariant, LOW_STOCK_THRESHOLD, type LowSize, type ProductOption } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { products, productVariants } from '../../db/schema.js';

/** What the lists and alerts of products low in stock read of each: its names, its stock, and its options to label sizes. */
export const lowProductColumns = {
  id: products.id,
  name: products.name,
  nameAr: products.nameAr,
  stock: products.stock,
  options: products.options,
};

/**
 * The sizes low in stock (LOW_STOCK_THRESHOLD or fewer) of those of `items` sold in sizes, by product, fewest left
 * first, each named by its option values in both languages: what the overview, the products screen's low list and the
 * low-stock alerts say of a product in sizes. A product sold as one thing has none.
 */
export async function lowSizesOf(
  db: DbOrTx,
  items: readonly { id: string; options: readonly ProductOption[] }[],
): Promise<Map<string, LowSize[]>> {
  const sold = items.filter((item) => item.options.length);
  const bySize = new Map<string, LowSize[]>(items.map((item) => [item.id, []]));
  if (!sold.length) return bySize;
  const rows = await db
    .select({ productId: productVariants.productId, options: productVariants.options, stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        inArray(
          productVariants.productId,
          sold.map((item) => item.id),
        ),
        lte(productVariants.stock, LOW_STOCK_THRESHOLD),
      ),
    )
    .orderBy(asc(productVariants.stock), asc(productVariants.position));
  for (const item of sold)
    bySize.set(
      item.id,
      rows
        .filter((row) => row.productId === item.id)
        .map((row) => ({ options: labelVariant(item.options, row.options), stock: row.stock })),
    );
  return bySize;
}
