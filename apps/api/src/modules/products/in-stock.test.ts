import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ProductList } from '@shop/contracts';
import { products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { createCategory, createProduct } from '../../../test/fixtures.js';
import { transaction } from '../../db/transaction.js';

/**
 * Every order takes stock from its products' rows, so that update must stay cheap: the list indexes hold `in_stock`
 * (stock > 0), not `stock`, so PostgreSQL rewrites the row in place (a HOT update) when its page has room, instead of
 * adding it anew to every index, the text-search ones among them.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Updates the product's stock by `change` in a transaction; how many of its row updates were HOT ones. */
async function hotUpdates(id: string, change: number): Promise<number> {
  return transaction(t.app.db, async (tx) => {
    // The counts of this backend not yet reported, this transaction's among them: read before and after.
    const hot = async () =>
      (
        await tx.execute<{ hot: number }>(
          sql`select pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as hot`,
        )
      ).rows[0]?.hot ?? 0;
    const before = await hot();
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${change}` })
      .where(eq(products.id, id));
    return (await hot()) - before;
  });
}

async function listed(categoryId: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/product', query: { category: categoryId } });
  return (res.json() as ProductList).products.map((product) => product._id);
}

describe('stock updates', () => {
  it('taking a unit leaves every index as it was (a HOT update)', async () => {
    const { id: categoryId } = await createCategory(t.app.db);
    const product = await createProduct(t.app.db, { categoryId, stock: 10, name: 'Ceramic Mug' });
    expect(await hotUpdates(product.id, -1)).toBe(1);
    expect(await hotUpdates(product.id, -1)).toBe(1);
  });

  it('selling out and restocking move the product out of the lists and back', async () => {
    const { id: categoryId } = await createCategory(t.app.db);
    const product = await createProduct(t.app.db, { categoryId, stock: 1 });
    // Written behind the API's back: its cached lists are dropped when the database's announcement arrives.
    await expect.poll(() => listed(categoryId)).toEqual([product.id]);
    await t.app.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await expect.poll(() => listed(categoryId)).toEqual([]);
    await t.app.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    await expect.poll(() => listed(categoryId)).toEqual([product.id]);
  });
});
