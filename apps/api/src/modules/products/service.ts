import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  say,
  normalizeArabic,
  PAGE_SIZE,
  productCreateSchema,
  productUpdateSchema,
  saleEndPassed,
  type LowSize,
  type Product,
  type ProductDetail,
  type ProductCreateInput,
  type ProductList,
  type ProductListQuery,
  type SortOption,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { catalogueCounts, categories, departments, products, productVariants } from '../../db/schema.js';
import { statementName } from '../../db/named.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { FOREIGN_KEY_VIOLATION, mapDbError } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
import { cairoDay } from '../../lib/clock.js';
import { imageUrl, toWebp } from '../../lib/images.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import type { MultipartForm } from '../../lib/multipart.js';
import { fieldErrors, invalid, isId } from '../../lib/validation.js';
import { facetsOf } from './facets.js';
import { allFilters, isInStock, isLowOnStock, leastStock } from './filters.js';
import { lowSizesOf } from './low-sizes.js';
import { isOnSale } from './sale-ends.js';
import { loadVariants } from '../variants/service.js';
import { stockEdit, stockValue } from './stock-edit.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';
import { dropCouponTarget } from '../coupons/targets.js';

const productColumns = {
  id: products.id,
  name: products.name,
  nameAr: products.nameAr,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  saleEndsOn: products.saleEndsOn,
  stock: products.stock,
  rating: products.rating,
  numReviews: products.numReviews,
  imagePaths: products.imagePaths,
  brand: products.brand,
  description: products.description,
  descriptionAr: products.descriptionAr,
  weight: products.weight,
  cod: products.cod,
  warranty: products.warranty,
  warrantyAr: products.warrantyAr,
  options: products.options,
  categoryId: categories.id,
  categoryName: categories.name,
  categoryNameAr: categories.nameAr,
  departmentId: departments.id,
  departmentName: departments.name,
  departmentNameAr: departments.nameAr,
};

/** Products with their category and department names: one joined query, for the list, detail and search. */
export const selectProducts = (db: DbOrTx) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(departments, eq(departments.id, products.departmentId))
    .$dynamic();

export type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

/** A row of selectProducts as a JSON object with the same names and values, for a statement that returns JSON. */
const productObject = sql`json_build_object(${sql.join(
  Object.entries(productColumns).map(([name, column]) => sql`${name}::text, ${column}`),
  sql`, `,
)})`;

/**
 * The products of `ids` (an SQL array of ids) as selectProducts reads them, in the array's order, as one JSON
 * array: a statement that chooses products can return them too, instead of a second round trip reading them.
 */
export const productsJson = (ids: SQL): SQL => sql`(
  select coalesce(json_agg(${productObject} order by chosen.place), '[]')
  from unnest(${ids}) with ordinality as chosen(id, place)
  join ${products} on ${products.id} = chosen.id
  join ${categories} on ${categories.id} = ${products.categoryId}
  join ${departments} on ${departments.id} = ${products.departmentId})`;

export const toProductDto = (p: ProductRow): Product => ({
  _id: p.id,
  name: p.name,
  nameAr: p.nameAr,
  price: toEgp(p.price),
  compareAtPrice: p.compareAtPrice === null ? null : toEgp(p.compareAtPrice),
  stock: p.stock,
  rating: p.rating,
  numReviews: p.numReviews,
  image_path: p.imagePaths,
  category: { _id: p.categoryId, name: p.categoryName, nameAr: p.categoryNameAr },
  department: { _id: p.departmentId, name: p.departmentName, nameAr: p.departmentNameAr },
  brand: p.brand,
  description: p.description,
  descriptionAr: p.descriptionAr,
  weight: p.weight,
  cod: p.cod,
  warranty: p.warranty,
  warrantyAr: p.warrantyAr,
  ...(p.options.length ? { options: p.options } : {}),
});

/**
 * A list's order: newest first, or as the shopper sorted it (the search's orders), ties newest first. Unsorted, the
 * dashboard's products low on stock come fewest in stock first (a product in sizes by its emptiest), what runs out
 * first at the top.
 */
function listOrder(sortBy: SortOption | undefined, lowStock = false): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)];
  switch (sortBy) {
    case 'Price: Low to High':
      return [asc(products.price), ...newest];
    case 'Price: High to Low':
      return [desc(products.price), ...newest];
    case 'Avg. Customer review':
      return [desc(products.rating), desc(products.numReviews), ...newest];
    default:
      return lowStock ? [asc(leastStock), ...newest] : newest;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Stored in whole piastres: a positive price that rounds to 0 would break the price check. */
export const roundsToNothing = (input: { price: number }) => toPiastres(input.price) < 1;

/** The admin form's parsed text fields plus its images, which are required when creating only. */
function checkForm<T extends ProductCreateInput>(
  parsed: z.ZodSafeParseResult<T>,
  form: MultipartForm,
  imagesRequired: boolean,
): T {
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (imagesRequired && form.files.length === 0) errors.img = say.msg.requiredField;
  if (parsed.success && roundsToNothing(parsed.data)) errors.price = say.rule.atLeastOnePiastre('price');
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  return parsed.data;
}

/** A product's own fields as stored (money in piastres), whatever names its place. */
export const productValues = (input: Omit<ProductCreateInput, 'category' | 'department'>) => ({
  name: input.name,
  nameAr: input.nameAr,
  description: input.description,
  descriptionAr: input.descriptionAr,
  brand: input.brand,
  price: toPiastres(input.price),
  compareAtPrice: input.compareAtPrice === null ? null : toPiastres(input.compareAtPrice),
  stock: input.stock,
  weight: input.weight,
  cod: input.cod,
  warranty: input.warranty,
  warrantyAr: input.warrantyAr,
  saleEndsOn: input.saleEndsOn,
});

const toColumns = (input: ProductCreateInput) => ({
  ...productValues(input),
  categoryId: input.category,
  departmentId: input.department,
});

// The (category, department) foreign key also refuses a category that moved or went meanwhile.
const misplaced = () => mapDbError({ [FOREIGN_KEY_VIOLATION]: invalid({ category: say.api.categoryNotInDepartment }) });

export function productsService(deps: Pick<Deps, 'db' | 'images' | 'clock'>) {
  const { db } = deps;

  /** A product list; `lowStock` only for the dashboard's products screen (dashboardProductsQuerySchema). */
  async function list(query: ProductListQuery & { lowStock?: boolean }): Promise<ProductList> {
    const limit = query.limit ?? PAGE_SIZE;
    const scope = and(
      query.includeOutOfStock ? undefined : isInStock,
      query.category ? eq(products.categoryId, query.category) : undefined,
      query.department ? eq(products.departmentId, query.department) : undefined,
      query.lowStock ? isLowOnStock : undefined,
      // Either language's name, Arabic spellings folded; LIKE '%…%' is served by the trigram index on this expression.
      query.q ? like(products.searchName, `%${escapeLike(normalizeArabic(query.q.toLowerCase()))}%`) : undefined,
    );
    const narrowed = allFilters(query);
    const filter = and(scope, narrowed);
    // The total rides along as an uncorrelated subquery (run once), so a page costs one round trip. The whole
    // catalogue's is kept counted (catalogueCounts); inside the count "products" names the subquery's own table, so
    // the same filter applies there.
    const wholeCatalogue = !query.category && !query.department && !query.q && !query.lowStock && !narrowed;
    const kept = query.includeOutOfStock ? catalogueCounts.products : catalogueCounts.inStock;
    const total = (
      wholeCatalogue
        ? sql<number>`coalesce((select ${kept} from ${catalogueCounts}), 0)`
        : sql<number>`(select count(*) from ${products} where ${filter ?? sql`true`})`
    ).mapWith(Number);
    const listed = db
      .select({ ...productColumns, total })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(departments, eq(departments.id, products.departmentId))
      .where(filter)
      .orderBy(...listOrder(query.sortBy, query.lowStock))
      .limit(limit)
      .offset((query.page - 1) * limit);
    const name = statementName(listed.toSQL().sql);
    const rows = await (name ? listed.prepare(name).execute() : listed);
    let matching = rows[0]?.total;
    if (matching === undefined) {
      // A page past the end has no row to carry the total.
      const {
        rows: [counted],
      } = await db.execute<{ n: string | number }>(sql`select ${total} as n`);
      matching = Number(counted?.n ?? 0);
    }
    // The low list says which sizes are low: a product's total may stand well above the threshold.
    const lowSizes = query.lowStock ? await lowSizesOf(db, rows) : new Map<string, LowSize[]>();
    const page = {
      products: rows.map((row) => {
        const sizes = row.options.length && lowSizes.get(row.id);
        return sizes ? { ...toProductDto(row), lowSizes: sizes } : toProductDto(row);
      }),
      pages: Math.ceil(matching / limit),
    };
    // Only a category's or department's list has a filter panel; counting the whole catalogue for the home page
    // and the dashboard would cost a pass over every product for nothing.
    return query.category || query.department ? { ...page, facets: await facetsOf(db, scope, query) } : page;
  }

  async function one(id: string): Promise<ProductDetail> {
    if (!isId(id)) throw notFound('Product');
    const [[row], variants] = await Promise.all([selectProducts(db).where(eq(products.id, id)), loadVariants(db, id)]);
    if (!row) throw notFound('Product');
    return { ...toProductDto(row), ...(variants.length ? { variants } : {}), saleEndsOn: row.saleEndsOn };
  }

  /**
   * A sale's last day: not already past, which would give its old prices back at once (a slip of the date), and for
   * a product on sale (`isOnSale`, with its variants when it exists: `id`).
   */
  async function checkSaleEnd(input: Pick<ProductCreateInput, 'saleEndsOn' | 'compareAtPrice'>, id?: string) {
    if (!input.saleEndsOn) return;
    if (saleEndPassed(input.saleEndsOn, cairoDay(deps.clock.now())))
      throw invalid({ saleEndsOn: say.rule.saleEndPast });
    const variants = id
      ? await db
          .select({ compareAtPrice: productVariants.compareAtPrice })
          .from(productVariants)
          .where(eq(productVariants.productId, id))
      : [];
    if (!isOnSale(input, variants)) throw invalid({ saleEndsOn: say.rule.saleEndNeedsSale });
  }

  async function checkPlacement(categoryId: string, departmentId: string): Promise<void> {
    const [category] = await db
      .select({ departmentId: categories.departmentId })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw invalid({ category: say.api.categoryUnknown });
    if (category.departmentId !== departmentId) throw invalid({ category: say.api.categoryNotInDepartment });
  }

  /** Converts every file before storing any, so one bad file leaves nothing behind. */
  async function storeImages(files: Buffer[]): Promise<string[]> {
    const images = await Promise.all(files.map((file) => toWebp(file)));
    await Promise.all(images.map((image) => deps.images.put(image)));
    return images.map((image) => imageUrl(image.name));
  }

  async function create(form: MultipartForm, actor: Actor): Promise<ProductDetail> {
    const input = checkForm(productCreateSchema.safeParse(form.fields), form, true);
    await checkSaleEnd(input);
    await checkPlacement(input.category, input.department);
    const imagePaths = await storeImages(form.files);
    const id = randomUUID();
    await transaction(db, async (tx) => {
      await tx
        .insert(products)
        .values({ id, ...toColumns(input), imagePaths })
        .catch(misplaced());
      await auditAdmin(tx, actor, 'product_create', `created product ${input.name}`, { id, name: input.name });
    });
    return one(id);
  }

  /**
   * Replaces the fields, and the images when new ones are sent. The stock is edited by the difference from the stock
   * the form loaded, when it says (`stockEdit`), so the units sold while the admin edited stay sold.
   */
  async function update(form: MultipartForm, actor: Actor): Promise<ProductDetail> {
    const input = checkForm(productUpdateSchema.safeParse(form.fields), form, false);
    await checkSaleEnd(input, input.id);
    const stock = stockEdit(input.stock, input.stockWas);
    const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.id));
    if (!existing) throw notFound('Product');
    await checkPlacement(input.category, input.department);
    // Old image files stay: names are content hashes other products and past orders may share.
    const imagePaths = form.files.length ? await storeImages(form.files) : undefined;
    await transaction(db, async (tx) => {
      const [row] = await tx
        .update(products)
        .set({
          ...toColumns(input),
          stock: stock ? stockValue(products.stock, stock) : undefined,
          ...(imagePaths ? { imagePaths } : {}),
        })
        .where(eq(products.id, input.id))
        .returning({ id: products.id })
        .catch(misplaced());
      if (!row) throw notFound('Product');
      await auditAdmin(tx, actor, 'product_update', `updated product ${input.name}`, {
        id: input.id,
        name: input.name,
        newImages: Boolean(imagePaths),
        ...(stock && { stock }),
      });
    });
    return one(input.id);
  }

  async function remove(id: string, actor: Actor): Promise<{ message: string }> {
    if (!isId(id)) throw notFound('Product');
    return transaction(db, async (tx) => {
      // Orders keep their own copy of name, price and images, so history survives the delete.
      const [row] = await tx
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id, name: products.name });
      if (!row) throw notFound('Product');
      const couponCodes = await dropCouponTarget(tx, 'productIds', row.id);
      await auditAdmin(tx, actor, 'product_delete', `deleted product ${row.name}`, {
        id: row.id,
        name: row.name,
        coupons: couponCodes,
      });
      return { message: say.api.productDeleted };
    });
  }

  return { list, one, create, update, remove };
}
