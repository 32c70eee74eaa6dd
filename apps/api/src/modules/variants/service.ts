import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import { say, type ProductVariantsInput, type Variant } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, products, productVariants } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { mapDbError, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { invalid, type FieldErrors } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { stockEdit, stockValue } from '../products/stock-edit.js';
import { transaction } from '../../db/transaction.js';
import { followGoneVariants, openRequestsOfGoingVariants } from '../back-in-stock/gone-variants.js';

/** A product's variants in the admin's order, as the product page reads them. */
export async function loadVariants(db: DbOrTx, productId: string): Promise<Variant[]> {
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map((v) => ({
    _id: v.id,
    sku: v.sku,
    options: v.options,
    price: toEgp(v.price),
    compareAtPrice: v.compareAtPrice === null ? null : toEgp(v.compareAtPrice),
    stock: v.stock,
    image_path: v.imagePaths,
  }));
}

/**
 * Replaces a product's options and variants with a grid, inside the caller's transaction: the variants grid and
 * the CSV import both write variants through it. A row naming an existing variant edits it (carts and links to it
 * keep working, and the units sold since its stock was loaded, when the row says what it loaded: `stockWas`);
 * variants left out are deleted (their cart lines go, order lines keep their snapshot, the shoppers waiting for them
 * hear of it: back-in-stock/gone-variants.ts). The product's
 * price, sale price and stock follow by trigger (db/sql/variant-totals.sql). Answers the product's name, for the
 * audit log.
 */
export async function writeVariants(tx: DbOrTx, productId: string, input: ProductVariantsInput): Promise<string> {
  // The product row first, as every writer of its stock locks it (take_ordered_stock): no deadlock with checkouts.
  const [product] = await tx
    .select({ name: products.name, imagePaths: products.imagePaths, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  if (!product) throw notFound('Product');
  // A grid whose rows all hold 0 would silently take a product in stock off sale: only on the admin's word.
  const gridStock = input.variants.reduce((sum, v) => sum + v.stock, 0);
  if (product.stock > 0 && input.variants.length && gridStock === 0 && !input.emptyStock)
    throw conflict(say.api.variantsEmptyStock(product.stock));
  const pictures = new Set(product.imagePaths);
  const errors: FieldErrors = {};
  input.variants.forEach((v, i) => {
    if (v.image_path.some((path) => !pictures.has(path)))
      errors[`variants.${i}.image_path`] = say.api.variantImageUnknown;
  });
  const existing = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const known = new Set(existing.map((v) => v.id));
  input.variants.forEach((v, i) => {
    if (v._id && !known.has(v._id)) errors[`variants.${i}._id`] = say.api.variantUnknown;
  });
  if (Object.keys(errors).length) throw invalid(errors);

  const kept = input.variants.flatMap((v) => (v._id ? [v._id] : []));
  const waitedFor = await openRequestsOfGoingVariants(tx, productId, kept);
  await tx
    .delete(productVariants)
    .where(
      and(eq(productVariants.productId, productId), kept.length ? notInArray(productVariants.id, kept) : undefined),
    );
  const skuTaken = (sku: string) => mapDbError({ [UNIQUE_VIOLATION]: invalid({ variants: say.api.skuTaken(sku) }) });
  for (const [position, v] of input.variants.entries()) {
    const values = {
      sku: v.sku,
      options: v.options,
      price: toPiastres(v.price),
      compareAtPrice: v.compareAtPrice === null ? null : toPiastres(v.compareAtPrice),
      imagePaths: v.image_path,
      position,
    };
    if (v._id) {
      // A variant that exists keeps the units sold since the grid (or the file) loaded its stock.
      const stock = stockEdit(v.stock, v.stockWas);
      await tx
        .update(productVariants)
        .set({ ...values, stock: stock ? stockValue(productVariants.stock, stock) : undefined })
        .where(eq(productVariants.id, v._id))
        .catch(skuTaken(v.sku));
    } else
      await tx
        .insert(productVariants)
        .values({ productId, ...values, stock: v.stock })
        .catch(skuTaken(v.sku));
  }
  // Written last, so that its trigger sets the product's price and stock from the variants as they now are.
  await tx.update(products).set({ options: input.options }).where(eq(products.id, productId));
  // A cart line of the product as one thing cannot be ordered any more: it has to name a variant.
  if (input.options.length)
    await tx.delete(cartItems).where(and(eq(cartItems.productId, productId), isNull(cartItems.variantId)));
  await followGoneVariants(tx, productId, waitedFor);
  return product.name;
}

export function variantsService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  /** The admin's grid, in one transaction, in the audit log. */
  async function replace(productId: string, input: ProductVariantsInput, actor: Actor): Promise<void> {
    await transaction(db, async (tx) => {
      const name = await writeVariants(tx, productId, input);
      await auditAdmin(tx, actor, 'product_variants', `set the variants of product ${name}`, {
        id: productId,
        name,
        options: input.options.map((o) => o.name),
        variants: input.variants.length,
      });
    });
  }

  return { replace };
}
