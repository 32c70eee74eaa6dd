import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts';

/** The product fields the tests read (the API's Product). */
export interface ApiProduct {
  _id: string;
  name: string;
  nameAr: string | null;
  price: number;
  stock: number;
  rating: number;
  numReviews: number;
  image_path: string[];
  category: { _id: string; name: string };
  department: { _id: string; name: string };
  brand: string;
  description: string;
  descriptionAr: string | null;
  weight: number;
  cod: boolean;
  /** The warranty it states, in English; null: none. */
  warranty: string | null;
  /** Present on a product sold in variants, which a cart line must name. */
  options?: { name: string }[];
  /** On the product's own page (`/api/product/one/<id>`): each variant with its price. */
  variants?: { price: number }[];
}
export interface ApiCategory {
  _id: string;
  name: string;
  nameAr: string | null;
  image_path: string | null;
  department: { _id: string; name?: string };
}
export interface ApiDepartment {
  _id: string;
  name: string;
  nameAr: string | null;
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as T;
}

export const departments = (request: APIRequestContext) => json<ApiDepartment[]>(request, '/api/department');
export const categories = (request: APIRequestContext) => json<ApiCategory[]>(request, '/api/category');
export const product = (request: APIRequestContext, id: string) => json<ApiProduct>(request, `/api/product/one/${id}`);
export const productsOfCategory = async (request: APIRequestContext, categoryId: string) =>
  (
    await json<{ products: ApiProduct[] }>(
      request,
      `/api/product?category=${categoryId}&limit=48&includeOutOfStock=true`,
    )
  ).products;

/** The demo catalogue (the seed's 200 products, plus whatever tests created meanwhile). */
export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const first = await json<{ products: ApiProduct[]; pages: number }>(
    request,
    '/api/product?page=1&limit=48&includeOutOfStock=true',
  );
  const rest = await Promise.all(
    Array.from({ length: first.pages - 1 }, (_, i) =>
      json<{ products: ApiProduct[] }>(request, `/api/product?page=${i + 2}&limit=48&includeOutOfStock=true`),
    ),
  );
  return [...first.products, ...rest.flatMap((page) => page.products)];
}

/**
 * A seed product that matches. Products tests made are never picked: they come and go (the dashboard
 * tests make theirs in departments of their own, the storefront and checkout tests carry TEST_BRAND).
 * The checkout tests buy seed products, so the stock of one in stock may fall meanwhile: a test that
 * needs a product in stock makes its own (the `makeProduct` fixture of support/test.ts).
 */
export async function demoProduct(
  request: APIRequestContext,
  matches: (product: ApiProduct) => boolean,
): Promise<ApiProduct> {
  const seed = new Set<string>(SEED_DEPARTMENTS);
  const found = (await allProducts(request)).find(
    (item) => seed.has(item.department.name) && item.brand !== TEST_BRAND && matches(item),
  );
  if (!found) throw new Error('no demo product matches');
  return found;
}

/**
 * The seed's departments and the categories of one of them. Other suites (the dashboard's) add and
 * remove departments and categories of their own while these tests run, so the tests look for these
 * rather than count everything the API lists.
 */
export const SEED_DEPARTMENTS = [
  'Beauty & Health',
  'Electronics',
  'Fashion',
  'Home & Kitchen',
  'Mobiles & Tablets',
  'Sports & Outdoors',
  'Supermarket',
  'Toys & Baby',
] as const;
export const ELECTRONICS_CATEGORIES = ['Gaming', 'Headphones & Speakers', 'Laptops', 'Televisions'] as const;

/** The seed's iPhone: one product in storage and colour variants, found by the typo 'iphnoe'. */
export const IPHONE = 'Apple iPhone 15';
/**
 * A seed product sold as one thing, in stock, with three pictures and reviews that rate it 4.5 (a half star);
 * apps/api/src/seed/seed.test.ts keeps it so.
 */
export const HALF_STAR = 'Tornado Electric Kettle 1.7 L 2200W, White';
/** A seed category no test adds products to (its products are read for the cart and 'show more' tests). */
export const COUNTED_CATEGORY = 'Televisions';
/** Products the tests create go here (never into COUNTED_CATEGORY), with this brand. */
export const TEST_CATEGORY = 'Toys';
export const TEST_BRAND = 'E2E Test Brand';

/** A valid 1×1 png, the smallest image the API accepts (it re-encodes uploads). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A word no other test or run uses: letters and digits only, so search finds it as one word, and
 * random rather than a timestamp, so two such words are not alike enough for the typo-tolerant search
 * to match one for the other.
 */
export const uniqueWord = (prefix: string) =>
  `${prefix}${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A product of the test's own, created by the admin through the API (multipart POST
 * /api/product), so a test that reviews or changes a product never touches one another test reads.
 */
export async function createProduct(
  request: APIRequestContext,
  admin: Account,
  fields: Partial<Pick<ApiProduct, 'name' | 'description' | 'price' | 'stock' | 'cod' | 'weight'>> = {},
): Promise<ApiProduct> {
  const category = (await categories(request)).find((item) => item.name === TEST_CATEGORY);
  if (!category) throw new Error(`no category ${TEST_CATEGORY}`);
  const res = await request.post('/api/product', {
    headers: { 'x-access-token': admin.token },
    multipart: {
      name: fields.name ?? `E2E product ${uniqueWord('item')}`,
      description: fields.description ?? 'A product made by the browser tests.',
      price: String(fields.price ?? 199.5),
      stock: String(fields.stock ?? 10),
      cod: String(fields.cod ?? true),
      weight: String(fields.weight ?? 0.5),
      brand: TEST_BRAND,
      department: category.department._id,
      category: category._id,
      img: { name: 'product.png', mimeType: 'image/png', buffer: PNG_1PX },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiProduct;
}

export async function deleteProduct(request: APIRequestContext, admin: Account, id: string): Promise<void> {
  await request.delete(`/api/product/${id}`, { headers: { 'x-access-token': admin.token } });
}
