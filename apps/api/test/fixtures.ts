import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.js';
import type { ProductOption, VariantOptions } from '@shop/contracts';
import { categories, departments, products, productVariants } from '../src/db/schema.js';
import { toEgp, toPiastres } from '../src/lib/money.js';

/**
 * Catalogue rows written straight to the database, for tests that need products without going
 * through the admin routes. Pass `t.app.db`. Every name is unique unless given.
 */

let sequence = 0;
const uniqueName = (prefix: string) => `${prefix} ${++sequence}`;

export type DepartmentRow = typeof departments.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
/** A product row with its prices in EGP, as the API speaks them. */
export type ProductFixture = Omit<typeof products.$inferSelect, 'price' | 'compareAtPrice' | 'search'> & {
  price: number;
  compareAtPrice: number | null;
};

export interface ProductOverrides {
  name?: string;
  nameAr?: string;
  description?: string;
  descriptionAr?: string;
  brand?: string;
  /** EGP. */
  price?: number;
  /** EGP: the price before a sale. */
  compareAtPrice?: number;
  stock?: number;
  weight?: number;
  cod?: boolean;
  warranty?: string;
  warrantyAr?: string;
  /** Its department comes with it; without one a new department and category are made. */
  categoryId?: string;
  imagePaths?: string[];
  rating?: number;
  numReviews?: number;
  createdAt?: Date;
}

function firstRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function createDepartment(db: DbOrTx, name = uniqueName('Department')): Promise<DepartmentRow> {
  return firstRow(await db.insert(departments).values({ name }).returning());
}

export async function createCategory(
  db: DbOrTx,
  overrides: { name?: string; departmentId?: string; imagePath?: string | null } = {},
): Promise<CategoryRow> {
  const departmentId = overrides.departmentId ?? (await createDepartment(db)).id;
  return firstRow(
    await db
      .insert(categories)
      .values({ name: overrides.name ?? uniqueName('Category'), departmentId, imagePath: overrides.imagePath ?? null })
      .returning(),
  );
}

export async function createProduct(db: DbOrTx, overrides: ProductOverrides = {}): Promise<ProductFixture> {
  const category = overrides.categoryId
    ? firstRow(await db.select().from(categories).where(eq(categories.id, overrides.categoryId)))
    : await createCategory(db);
  const row = firstRow(
    await db
      .insert(products)
      .values({
        name: overrides.name ?? uniqueName('Product'),
        nameAr: overrides.nameAr ?? null,
        description: overrides.description ?? 'A sturdy everyday item',
        descriptionAr: overrides.descriptionAr ?? null,
        brand: overrides.brand ?? 'Generic',
        price: toPiastres(overrides.price ?? 100),
        compareAtPrice: overrides.compareAtPrice === undefined ? null : toPiastres(overrides.compareAtPrice),
        stock: overrides.stock ?? 10,
        weight: overrides.weight ?? 1,
        cod: overrides.cod ?? true,
        warranty: overrides.warranty ?? null,
        warrantyAr: overrides.warrantyAr ?? null,
        categoryId: category.id,
        departmentId: category.departmentId,
        imagePaths: overrides.imagePaths ?? ['/uploads/test.webp'],
        rating: overrides.rating ?? 0,
        numReviews: overrides.numReviews ?? 0,
        ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      })
      .returning(),
  );
  return {
    ...row,
    price: toEgp(row.price),
    compareAtPrice: row.compareAtPrice === null ? null : toEgp(row.compareAtPrice),
  };
}

export type VariantRow = typeof productVariants.$inferSelect;

/**
 * A product sold in variants, written straight to the database: its options, then one variant per entry (price
 * in EGP). Its price and stock are the variants' lowest and total, as the database keeps them.
 */
export async function createVariantProduct(
  db: DbOrTx,
  options: ProductOption[],
  variants: {
    sku?: string;
    options: VariantOptions;
    price: number;
    compareAtPrice?: number;
    stock: number;
    imagePaths?: string[];
  }[],
  overrides: ProductOverrides = {},
): Promise<{ product: ProductFixture; variants: VariantRow[] }> {
  const product = await createProduct(db, overrides);
  await db.update(products).set({ options }).where(eq(products.id, product.id));
  const rows = await db
    .insert(productVariants)
    .values(
      variants.map((v, position) => ({
        productId: product.id,
        sku: v.sku ?? uniqueName('SKU').replace(' ', '-'),
        options: v.options,
        price: toPiastres(v.price),
        compareAtPrice: v.compareAtPrice === undefined ? null : toPiastres(v.compareAtPrice),
        stock: v.stock,
        imagePaths: v.imagePaths ?? [],
        position,
      })),
    )
    .returning();
  return { product: { ...product, options }, variants: rows };
}

/** A product's Size option with `values`, English only: what a test's variants are told apart by. */
export const sizeOption = (...values: string[]) => ({
  name: 'Size',
  nameAr: null,
  values: values.map((value) => ({ value, valueAr: null })),
});

/** A small real image for upload tests; `seed` varies the colour, so the content-hashed names differ. */
export function testImage(format: 'png' | 'jpeg' = 'png', seed = 0): Promise<Buffer> {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: 120, b: 200 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A delivery address in Cairo that every rule accepts. */
export const ADDRESS = {
  street: 'Tahrir St',
  building: '12',
  city: 'Cairo',
  state: 'Cairo',
  phone: '01012345678',
  zipCode: '11511',
  country: 'Egypt',
};
