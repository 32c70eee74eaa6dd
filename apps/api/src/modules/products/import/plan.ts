import { asc, inArray, param, sql } from 'drizzle-orm';
import { say, type ProductVariantsInput } from '@shop/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { categories, departments, products, productVariants } from '../../../db/schema.js';
import { isOnSale } from '../sale-ends.js';
import { stockAfter, stockEdit, type StockEdit } from '../stock-edit.js';
import { gridChanges, gridOf, type StoredVariant } from './grid.js';
import {
  isRejection,
  linesOf,
  rejectWhole,
  type CheckedRow,
  type KeptField,
  type ProductValues,
  type Rejection,
} from './validate.js';

/** Where a product stands in the catalogue. */
export interface Place {
  departmentId: string;
  categoryId: string;
}

/** A row to write; its place is null in a dry run when its department or category is yet to be created. */
export interface Planned {
  id: string | null;
  values: ProductValues;
  /** What an update does to the stock (a new product takes `values.stock`); null: it leaves it alone. */
  stock: StockEdit | null;
  place: Place | null;
  /** The options and variants its rows make; null when they name none (its variants are left as they are). */
  grid: ProductVariantsInput | null;
}

export interface NewCategory {
  department: string;
  name: string;
}

/** What a batch of rows does to the catalogue as it is now. */
export interface Plan {
  adds: Planned[];
  updates: Planned[];
  unchanged: number;
  rejections: Rejection[];
  newDepartments: string[];
  newCategories: NewCategory[];
}

export interface PlanOptions {
  createMissing: boolean;
  /**
   * Applying, inside the batch's transaction: missing departments and categories are created (when asked),
   * and what the batch relies on is locked until it commits (its products, in id order as checkouts lock
   * them, and its departments and categories, which then cannot be deleted or moved meanwhile).
   */
  apply: boolean;
}

/** Names are compared as the unique indexes compare them. */
const nameKey = (name: string) => name.toLowerCase();
const categoryKey = (departmentId: string, name: string) => `${departmentId}/${nameKey(name)}`;

type Named = { id: string; name: string };

async function findDepartments(db: DbOrTx, names: string[], lock: boolean): Promise<Map<string, Named>> {
  if (!names.length) return new Map();
  const query = db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(inArray(sql`lower(${departments.name})`, names));
  const rows = lock ? await query.for('key share') : await query;
  return new Map(rows.map((row) => [nameKey(row.name), row]));
}

async function findCategories(
  db: DbOrTx,
  wanted: { departmentId: string; name: string }[],
  lock: boolean,
): Promise<Map<string, string>> {
  if (!wanted.length) return new Map();
  const query = db
    .select({ id: categories.id, name: categories.name, departmentId: categories.departmentId })
    .from(categories)
    .where(
      sql`(${categories.departmentId}, lower(${categories.name})) in (select * from unnest(${param(wanted.map((w) => w.departmentId))}::uuid[], ${param(wanted.map((w) => nameKey(w.name)))}::text[]))`,
    );
  const rows = lock ? await query.for('key share') : await query;
  return new Map(rows.map((row) => [categoryKey(row.departmentId, row.name), row.id]));
}

/** The first spelling of each name, by key. */
function distinct<T>(items: T[], keyOf: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(keyOf(item))) map.set(keyOf(item), item);
  return map;
}

/** The departments and categories the rows name, created first when applying with createMissing. */
async function findPlaces(db: DbOrTx, rows: CheckedRow[], options: PlanOptions) {
  const create = options.apply && options.createMissing;
  const named = distinct(rows, (row) => nameKey(row.department));
  let found = await findDepartments(db, [...named.keys()], options.apply);
  const absent = [...named].filter(([key]) => !found.has(key));
  if (create && absent.length) {
    await db
      .insert(departments)
      .values(absent.map(([, row]) => ({ name: row.department })))
      .onConflictDoNothing();
    found = await findDepartments(db, [...named.keys()], true);
  }
  const wanted = [
    ...distinct(
      rows.flatMap((row) => {
        const department = found.get(nameKey(row.department));
        return department ? [{ departmentId: department.id, name: row.category }] : [];
      }),
      (w) => categoryKey(w.departmentId, w.name),
    ).values(),
  ];
  let placed = await findCategories(db, wanted, options.apply);
  const unplaced = wanted.filter((w) => !placed.has(categoryKey(w.departmentId, w.name)));
  if (create && unplaced.length) {
    await db.insert(categories).values(unplaced).onConflictDoNothing();
    placed = await findCategories(db, wanted, true);
  }
  return { departments: found, categories: placed };
}

const PRODUCT_FIELDS = {
  id: products.id,
  name: products.name,
  nameAr: products.nameAr,
  description: products.description,
  descriptionAr: products.descriptionAr,
  brand: products.brand,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  stock: products.stock,
  weight: products.weight,
  cod: products.cod,
  warranty: products.warranty,
  warrantyAr: products.warrantyAr,
  saleEndsOn: products.saleEndsOn,
  imagePaths: products.imagePaths,
  categoryId: products.categoryId,
  departmentId: products.departmentId,
  options: products.options,
};
type Existing = Awaited<ReturnType<typeof findProducts>>[number];

async function findProducts(db: DbOrTx, ids: string[], lock: boolean) {
  const query = db
    .select(PRODUCT_FIELDS)
    .from(products)
    .where(sql`${products.id} = any(${param(ids)}::uuid[])`)
    .orderBy(asc(products.id));
  return lock ? query.for('no key update') : query;
}

/** The variants of the products the batch sells in variants, by product, in the admin's order. */
async function findVariants(db: DbOrTx, ids: string[]): Promise<Map<string, StoredVariant[]>> {
  const byProduct = new Map<string, StoredVariant[]>();
  if (!ids.length) return byProduct;
  const rows = await db
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      sku: productVariants.sku,
      options: productVariants.options,
      price: productVariants.price,
      compareAtPrice: productVariants.compareAtPrice,
      stock: productVariants.stock,
      imagePaths: productVariants.imagePaths,
    })
    .from(productVariants)
    .where(sql`${productVariants.productId} = any(${param(ids)}::uuid[])`)
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const { productId, ...variant } of rows)
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), variant]);
  return byProduct;
}

/** Which product has each of these SKUs now (compared in any case, as their unique index compares them). */
async function findSkuOwners(db: DbOrTx, skus: string[]): Promise<Map<string, string>> {
  if (!skus.length) return new Map();
  const rows = await db
    .select({ sku: productVariants.sku, productId: productVariants.productId })
    .from(productVariants)
    .where(sql`lower(${productVariants.sku}) = any(${param(skus.map((sku) => sku.toLowerCase()))}::text[])`);
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row.productId]));
}

/** The fields an existing product keeps, its file having no column for them. */
const keptOf = (product: Existing, fields: KeptField[]): Partial<Pick<ProductValues, KeptField>> =>
  Object.fromEntries(fields.map((field) => [field, product[field]]));

/** Whether writing the row would change nothing: the weight is compared as the `real` the table keeps. */
function isSame(existing: Existing, row: ProductValues & Place): boolean {
  return (Object.keys(row) as (keyof typeof row)[]).every((field) => {
    const [stored, given] = [existing[field], row[field]];
    if (Array.isArray(stored) && Array.isArray(given)) return stored.join(' ') === given.join(' ');
    if (field === 'weight') return Math.fround(existing.weight) === Math.fround(row.weight);
    return stored === given;
  });
}

/**
 * What each product of a batch does: a new product (no id), a change to an existing one or its variants, nothing
 * (identical), or nothing because it is rejected (by its own rules already, or now: an id no product has, a
 * department or category the shop lacks and may not create, a SKU another product has, variants that do not make
 * a grid). In a dry run it also lists what would be created.
 */
export async function planBatch(db: DbOrTx, batch: (CheckedRow | Rejection)[], options: PlanOptions): Promise<Plan> {
  const plan: Plan = { adds: [], updates: [], unchanged: 0, rejections: [], newDepartments: [], newCategories: [] };
  const rows = batch.filter((row): row is CheckedRow => !isRejection(row));
  const places = await findPlaces(db, rows, options);
  const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
  const existing = new Map(
    (ids.length ? await findProducts(db, ids, options.apply) : []).map((product) => [product.id, product]),
  );
  const sold = rows.filter((row) => row.variants);
  // Those sold in variants, and those given a sale's last day, which a sale on a variant alone allows.
  const variantsOf = await findVariants(
    db,
    rows.flatMap((row) => (row.id && (row.variants || row.values.saleEndsOn) ? [row.id] : [])),
  );
  const skuOwners = await findSkuOwners(
    db,
    sold.flatMap((row) => (row.variants ?? []).map((variant) => variant.sku)),
  );
  const newDepartments = new Set<string>();
  const newCategories = new Set<string>();
  for (const row of batch) {
    if (isRejection(row)) {
      plan.rejections.push(row);
      continue;
    }
    const department = places.departments.get(nameKey(row.department));
    const categoryId = department && places.categories.get(categoryKey(department.id, row.category));
    const problems: Rejection['problems'] = [];
    if (!department && !options.createMissing)
      problems.push({ column: 'department', message: say.api.importNoDepartment(row.department) });
    else if (!categoryId && !options.createMissing)
      problems.push({ column: 'category', message: say.api.importNoCategory(row.category, row.department) });
    const product = row.id ? existing.get(row.id) : undefined;
    if (row.id && !product) problems.push({ column: 'id', message: say.api.importUnknownProduct });
    if (problems.length) {
      plan.rejections.push(...rejectWhole(linesOf(row), [{ line: row.line, problems }]));
      continue;
    }
    const stored = { options: product?.options ?? [], variants: (row.id && variantsOf.get(row.id)) || [] };
    const taken = (row.variants ?? []).filter((variant) => {
      const owner = skuOwners.get(variant.sku.toLowerCase());
      return owner !== undefined && owner !== row.id;
    });
    let grid: ProductVariantsInput | null = null;
    if (row.variants) {
      const sells = taken.length
        ? {
            rejections: taken.map((variant) => ({
              line: variant.line,
              problems: [{ column: 'variantSku' as const, message: say.api.skuTaken(variant.sku) }],
            })),
          }
        : gridOf(row.variants, stored, row.values.imagePaths);
      if ('rejections' in sells) {
        plan.rejections.push(...rejectWhole(linesOf(row), sells.rejections));
        continue;
      }
      grid = sells.grid;
    }
    const values = product ? { ...row.values, ...keptOf(product, row.kept) } : row.values;
    // A day from the file, as the form takes it: for a product on sale once the row is written (its grid, or its
    // variants as they are when the file leaves them).
    if (values.saleEndsOn && !row.kept.includes('saleEndsOn') && !isOnSale(values, (grid ?? stored).variants)) {
      plan.rejections.push(
        ...rejectWhole(linesOf(row), [
          { line: row.line, problems: [{ column: 'saleEndsOn', message: say.rule.saleEndNeedsSale }] },
        ]),
      );
      continue;
    }
    if (!department && !newDepartments.has(nameKey(row.department))) {
      newDepartments.add(nameKey(row.department));
      plan.newDepartments.push(row.department);
    }
    const newCategory = `${nameKey(row.department)}/${nameKey(row.category)}`;
    if (!categoryId && !newCategories.has(newCategory)) {
      newCategories.add(newCategory);
      plan.newCategories.push({ department: department?.name ?? row.department, name: row.category });
    }
    const place = department && categoryId ? { departmentId: department.id, categoryId } : null;
    const stock = stockEdit(values.stock, row.stockAtExport);
    const planned = { id: row.id, values, stock, place, grid };
    if (!product) plan.adds.push(planned);
    else if (
      place &&
      isSame(product, { ...values, stock: stockAfter(product.stock, stock), ...place }) &&
      !(grid && gridChanges(grid, stored))
    )
      plan.unchanged++;
    else plan.updates.push(planned);
  }
  return plan;
}
