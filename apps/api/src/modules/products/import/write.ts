import { randomUUID } from 'node:crypto';
import { param, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { products } from '../../../db/schema.js';
import { writeVariants } from '../../variants/service.js';
import { addedStock } from '../stock-edit.js';
import type { Place, Plan, Planned } from './plan.js';

type Placed = Planned & { place: Place };

/** Applying creates what is missing before planning, so every row it writes has its place. */
function placed(rows: Planned[]): Placed[] {
  return rows.map((row) => {
    if (!row.place) throw new Error('an applied import row has no department or category');
    return { ...row, place: row.place };
  });
}

/**
 * The changed products in one statement: each column travels as one array, unnested into rows. Picture
 * paths of uploads hold no spaces, so each product's list travels as one text. The stock is set (`stock_set`),
 * moved by the difference from the stock at export (`stock_add`, keeping the sales since), or left as it is.
 */
async function updateProducts(tx: Tx, rows: Placed[]): Promise<void> {
  if (!rows.length) return;
  const column = <T>(pick: (row: Placed) => T) => param(rows.map(pick));
  await tx.execute(sql`
    update ${products} p set
      name = v.name, name_ar = v.name_ar, description = v.description, description_ar = v.description_ar,
      brand = v.brand, price = v.price, compare_at_price = v.compare_at_price, sale_ends_on = v.sale_ends_on,
      stock = case when v.stock_add is null then coalesce(v.stock_set, p.stock)
        else ${addedStock(sql`p.stock`, sql`v.stock_add`)} end,
      weight = v.weight,
      cod = v.cod, warranty = v.warranty, warranty_ar = v.warranty_ar, image_paths = string_to_array(v.images, ' '), category_id = v.category_id,
      department_id = v.department_id
    from unnest(
      ${column((row) => row.id)}::uuid[], ${column((row) => row.values.name)}::text[],
      ${column((row) => row.values.nameAr)}::text[], ${column((row) => row.values.description)}::text[],
      ${column((row) => row.values.descriptionAr)}::text[], ${column((row) => row.values.brand)}::text[],
      ${column((row) => row.values.price)}::integer[], ${column((row) => row.values.compareAtPrice)}::integer[],
      ${column((row) => row.values.saleEndsOn)}::date[],
      ${column((row) => (row.stock && 'set' in row.stock ? row.stock.set : null))}::integer[],
      ${column((row) => (row.stock && 'add' in row.stock ? row.stock.add : null))}::integer[],
      ${column((row) => row.values.weight)}::real[],
      ${column((row) => row.values.cod)}::boolean[], ${column((row) => row.values.warranty)}::text[],
      ${column((row) => row.values.warrantyAr)}::text[], ${column((row) => row.values.imagePaths.join(' '))}::text[],
      ${column((row) => row.place.categoryId)}::uuid[], ${column((row) => row.place.departmentId)}::uuid[]
    ) as v(id, name, name_ar, description, description_ar, brand, price, compare_at_price, sale_ends_on, stock_set, stock_add,
      weight, cod, warranty, warranty_ar, images, category_id, department_id)
    where p.id = v.id`);
}

/**
 * The sale's last day of products whose grid was just written, again: written with the product's row, before its
 * variants went on sale, it was forgotten as a day without a sale (db/sql/sale-ends.sql).
 */
async function setSaleEnds(tx: Tx, rows: Planned[]): Promise<void> {
  const days = rows.filter((row) => row.values.saleEndsOn);
  if (!days.length) return;
  await tx.execute(sql`
    update ${products} p set sale_ends_on = v.day
    from unnest(${param(days.map((row) => row.id))}::uuid[], ${param(days.map((row) => row.values.saleEndsOn))}::date[])
      as v(id, day)
    where p.id = v.id`);
}

/**
 * Writes a batch's plan: its new products in one insert, its changed ones in one update, then the variants of
 * those its rows sell in variants, through the variants grid's own writer (a product's grid after its row, so
 * that the grid's totals are the product's last word on its price and stock), and then their sales' last days.
 */
export async function writePlan(tx: Tx, plan: Plan): Promise<void> {
  // New products get their ids here, for their variants to name them.
  const adds = placed(plan.adds).map((row) => ({ ...row, id: randomUUID() }));
  if (adds.length)
    await tx.insert(products).values(
      adds.map((row) => ({
        id: row.id,
        ...row.values,
        categoryId: row.place.categoryId,
        departmentId: row.place.departmentId,
      })),
    );
  const updates = placed(plan.updates);
  await updateProducts(tx, updates);
  const sold = [...adds, ...updates].filter((row) => row.grid);
  for (const row of sold) if (row.id && row.grid) await writeVariants(tx, row.id, row.grid);
  await setSaleEnds(tx, sold);
}
