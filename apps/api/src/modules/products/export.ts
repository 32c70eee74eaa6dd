import { asc, gt, inArray } from 'drizzle-orm';
import {
  OPTION_SEPARATOR,
  OPTION_VALUE_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
  VARIANT_CSV_COLUMNS,
  type ProductCsvColumn,
  type VariantCsvColumn,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { products, productVariants } from '../../db/schema.js';
import { csvMoney, type CsvCell, type CsvColumns } from '../../lib/csv.js';
import { selectProducts, type ProductRow } from './service.js';

/** Products the export reads per query: its memory stays at one batch however large the catalogue. */
export const EXPORT_BATCH = 1000;

type VariantRow = Awaited<ReturnType<typeof variantsOf>>[number];

/** A row of the file: a product, and one of its variants for a product sold in variants. */
interface ExportRow {
  product: ProductRow;
  variant: VariantRow | null;
}

const exportBatch = (db: DbOrTx, afterId: string | undefined) =>
  selectProducts(db)
    .where(afterId ? gt(products.id, afterId) : undefined)
    .orderBy(asc(products.id))
    .limit(EXPORT_BATCH);

/** The variants of a batch's products sold in variants, in the admin's order. */
const variantsOf = (db: DbOrTx, ids: string[]) =>
  db
    .select({
      productId: productVariants.productId,
      sku: productVariants.sku,
      options: productVariants.options,
      price: productVariants.price,
      compareAtPrice: productVariants.compareAtPrice,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));

/**
 * Every product, in id order, a batch at a time; each batch starts after the last one's id (keyset). A product
 * sold in variants is a row per variant, a product sold as one thing a row.
 */
export async function* exportProducts(db: DbOrTx): AsyncGenerator<ExportRow[]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await exportBatch(db, afterId);
    const sold = rows.filter((product) => product.options.length).map((product) => product.id);
    const variants = new Map<string, VariantRow[]>();
    for (const variant of sold.length ? await variantsOf(db, sold) : [])
      variants.set(variant.productId, [...(variants.get(variant.productId) ?? []), variant]);
    if (rows.length)
      yield rows.flatMap((product): ExportRow[] => {
        const own = variants.get(product.id) ?? [];
        return own.length ? own.map((variant) => ({ product, variant })) : [{ product, variant: null }];
      });
    afterId = rows.at(-1)?.id;
    if (!afterId || rows.length < EXPORT_BATCH) return;
  }
}

/** A variant's options as the file writes them, in its product's order of options: `Size=M; Colour=Navy`. */
const optionsCell = (product: ProductRow, variant: VariantRow) =>
  product.options
    .map((option) => `${option.name}${OPTION_VALUE_SEPARATOR}${variant.options[option.name] ?? ''}`)
    .join(OPTION_SEPARATOR);

/**
 * The catalogue's columns (contracts' PRODUCT_CSV_COLUMNS then VARIANT_CSV_COLUMNS, which the import reads back),
 * in both languages: the department and category by name, money in EGP, the pictures as full addresses separated
 * by spaces (`publicUrl` is where the shop is reached), the variant's cells blank on a product sold as one thing.
 */
export function exportColumns(publicUrl: string): CsvColumns<ExportRow> {
  const product: Record<ProductCsvColumn, (p: ProductRow) => CsvCell> = {
    id: (p) => p.id,
    name: (p) => p.name,
    nameAr: (p) => p.nameAr,
    description: (p) => p.description,
    descriptionAr: (p) => p.descriptionAr,
    brand: (p) => p.brand,
    department: (p) => p.departmentName,
    category: (p) => p.categoryName,
    price: (p) => csvMoney(p.price),
    compareAtPrice: (p) => (p.compareAtPrice === null ? null : csvMoney(p.compareAtPrice)),
    saleEndsOn: (p) => p.saleEndsOn,
    stock: (p) => p.stock,
    // Beside the stock the merchant may edit, the stock as exported: the import then keeps the sales made since.
    stockAtExport: (p) => p.stock,
    weight: (p) => p.weight,
    cod: (p) => String(p.cod),
    warranty: (p) => p.warranty,
    warrantyAr: (p) => p.warrantyAr,
    images: (p) => p.imagePaths.map((path) => new URL(path, publicUrl).href).join(' '),
  };
  const variant: Record<VariantCsvColumn, (p: ProductRow, v: VariantRow) => CsvCell> = {
    variantSku: (_, v) => v.sku,
    variantOptions: optionsCell,
    variantPrice: (_, v) => csvMoney(v.price),
    variantCompareAtPrice: (_, v) => (v.compareAtPrice === null ? null : csvMoney(v.compareAtPrice)),
    variantStock: (_, v) => v.stock,
    variantStockAtExport: (_, v) => v.stock,
  };
  return [
    ...PRODUCT_CSV_COLUMNS.map((column) => [column, (row: ExportRow) => product[column](row.product)] as const),
    ...VARIANT_CSV_COLUMNS.map(
      (column) =>
        [column, (row: ExportRow) => (row.variant ? variant[column](row.product, row.variant) : null)] as const,
    ),
  ];
}
