import { asc, gt } from 'drizzle-orm';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { csvMoney, type CsvCell, type CsvColumns } from '../../lib/csv.js';
import { selectProducts } from './service.js';

/** Products the export reads per query: its memory stays at one batch however large the catalogue. */
export const EXPORT_BATCH = 1000;

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

const exportBatch = (db: DbOrTx, afterId: string | undefined) =>
  selectProducts(db)
    .where(afterId ? gt(products.id, afterId) : undefined)
    .orderBy(asc(products.id))
    .limit(EXPORT_BATCH);

/** Every product, in id order, a batch at a time; each batch starts after the last one's id (keyset). */
export async function* exportProducts(db: DbOrTx): AsyncGenerator<ExportRow[]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await exportBatch(db, afterId);
    if (rows.length) yield rows;
    afterId = rows.at(-1)?.id;
    if (!afterId || rows.length < EXPORT_BATCH) return;
  }
}

/**
 * The catalogue's columns (contracts' PRODUCT_CSV_COLUMNS, which the import reads back), in both languages:
 * the department and category by name, money in EGP, the pictures as full addresses separated by spaces
 * (`publicUrl` is where the shop is reached).
 */
export function exportColumns(publicUrl: string): CsvColumns<ExportRow> {
  const cells: Record<ProductCsvColumn, (p: ExportRow) => CsvCell> = {
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
    stock: (p) => p.stock,
    weight: (p) => p.weight,
    cod: (p) => String(p.cod),
    images: (p) => p.imagePaths.map((path) => new URL(path, publicUrl).href).join(' '),
  };
  return PRODUCT_CSV_COLUMNS.map((column) => [column, cells[column]] as const);
}
