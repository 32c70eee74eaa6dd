import type { APIRequestContext, Page } from '@playwright/test';
import { linesTotal } from '@shop/contracts';
import type { Account } from '../support/accounts';
import { expect, test } from '../support/test';
import { allProducts, SEED_DEPARTMENTS, TEST_BRAND, TEST_CATEGORY, type ApiProduct } from '../support/catalog';

export type { ApiProduct };

/**
 * Helpers of the checkout tests. Each test has its own shopper; products are either picked from
 * the demo catalogue (one per test, never the same two) or made for the test by the admin.
 */

// The project's test: its page waits for the app after each navigation, and a page error fails the test.
export { expect, test };

export interface ApiOrder {
  _id: string;
  createdAt: string;
  bill: number;
  itemsTotal: number;
  status: string;
  paymentMethod: 'visa' | 'cash';
  deliveryAddress: { city: string };
  products: { product_id: string | null; productBrief: { name: string; price: number }; quantity: number }[];
}

export const ADDRESS = {
  street: '26th of July St',
  building: '12',
  city: 'Zamalek',
  state: 'Cairo',
  phone: '01012345678',
  zipCode: '11211',
  country: 'Egypt',
};

const auth = (account: Account) => ({ 'x-access-token': account.token });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export const getProduct = async (request: APIRequestContext, id: string) =>
  ok<ApiProduct>(await request.get(`/api/product/one/${id}`), `GET product ${id}`);

/** The seed's products: never one a test made (the dashboard tests' live in departments of their own). */
async function demoCatalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const seed = new Set<string>(SEED_DEPARTMENTS);
  return (await allProducts(request)).filter(
    (product) => seed.has(product.department.name) && product.brand !== TEST_BRAND,
  );
}

/**
 * Demo products set aside for the checkout tests: each test asks for its own slot, so tests running
 * side by side never buy the same product and each can check its stock exactly. The pools are
 * chosen by what no test changes (price, cash on delivery, in stock at all; the tests buy at most
 * two of products that start with eight or more), and sorted by id, so every test of a run sees
 * the same pool whatever products others add or buy meanwhile.
 */
export const SLOTS = {
  cash: 0,
  card: 1,
  cardDeclined: 2,
  orders: 3,
  cartSync: 4,
  a11y: 5,
  stripeA11y: 6,
  arabic: 7,
  delivery: 8,
  deliveryArabic: 9,
  coupon: 10,
  couponArabic: 11,
  lostAnswer: 12,
  fawry: 13,
  valu: 14,
} as const;

const POOLS = {
  /** Everyday products: in stock (8 to 117 units at the seed), payable on delivery. */
  cheap: (product: ApiProduct) => product.cod && product.price < 10_000 && product.stock > 0,
  /** Big-ticket products: the seed stocks only 2 to 15 of each, so the stock limit is quick to reach. */
  scarce: (product: ApiProduct) => product.price >= 10_000 && product.stock >= 2,
};
/** The tests fill carts without naming a variant, which a product sold in variants (the seed's phones and clothes) needs. */
const soldAsOne = (product: ApiProduct) => !product.options;

export async function demoProduct(
  request: APIRequestContext,
  slot: number,
  pool: keyof typeof POOLS = 'cheap',
): Promise<ApiProduct> {
  const fits = POOLS[pool];
  const candidates = (await demoCatalogue(request))
    .filter((product) => soldAsOne(product) && fits(product))
    .sort((a, b) => (a._id < b._id ? -1 : 1));
  const product = candidates[slot];
  if (!product) throw new Error(`no demo product in slot ${slot} of the ${pool} pool`);
  return product;
}

/** A 1×1 png: the API re-encodes uploads, so the smallest valid image will do. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let made = 0;

/** A product of the test's own, created by the admin (multipart POST /api/product). */
export async function createProduct(
  request: APIRequestContext,
  admin: Account,
  fields: { name: string; stock: number; price: number },
): Promise<ApiProduct> {
  const departments = await ok<{ _id: string; name: string }[]>(await request.get('/api/department'), 'departments');
  const categories = await ok<{ _id: string; name: string; department: { _id: string } }[]>(
    await request.get('/api/category'),
    'categories',
  );
  const category = categories.find((item) => item.name === TEST_CATEGORY) ?? categories[0];
  const department = departments.find((item) => item._id === category?.department._id);
  if (!category || !department) throw new Error('no category to put the product in');
  return ok<ApiProduct>(
    await request.post('/api/product', {
      headers: auth(admin),
      multipart: {
        name: `${fields.name} ${Date.now()}-${made++}`,
        description: 'Made by the checkout browser tests.',
        price: String(fields.price),
        stock: String(fields.stock),
        cod: 'true',
        weight: '0.5',
        brand: TEST_BRAND,
        department: department._id,
        category: category._id,
        img: { name: 'item.png', mimeType: 'image/png', buffer: PNG_1PX },
      },
    }),
    'create product',
  );
}

export async function deleteProduct(request: APIRequestContext, admin: Account, id: string): Promise<void> {
  await ok(await request.delete(`/api/product/${id}`, { headers: auth(admin) }), 'delete product');
}

/** Puts `quantity` units of a product in the shopper's server cart (PUT /api/cart/incItem, one unit a call). */
export async function addToCart(
  request: APIRequestContext,
  account: Account,
  productId: string,
  quantity = 1,
): Promise<void> {
  for (let i = 0; i < quantity; i++) {
    await ok(
      await request.put('/api/cart/incItem', { headers: auth(account), data: { product_id: productId, flag: 1 } }),
      'add to cart',
    );
  }
}

export const serverCart = async (request: APIRequestContext, account: Account) =>
  ok<{ products: { product_id: ApiProduct; quantity: number }[]; bill: number }>(
    await request.get('/api/cart', { headers: auth(account) }),
    'cart',
  );

export const ordersOf = async (request: APIRequestContext, account: Account) =>
  ok<ApiOrder[]>(await request.get('/api/order', { headers: auth(account) }), 'orders');

/** Places the shopper's cart through the API, as /PlaceOrder does. */
export async function placeOrder(
  request: APIRequestContext,
  account: Account,
  paymentMethod: 'visa' | 'cash',
  address = ADDRESS,
): Promise<ApiOrder> {
  await ok(await request.post('/api/address', { headers: auth(account), data: { address } }), 'save address');
  const [order] = await ok<ApiOrder[]>(
    await request.post('/api/order', { headers: auth(account), data: { deliveryAddress: address, paymentMethod } }),
    'place order',
  );
  if (!order) throw new Error('no order');
  return order;
}

/** The checkout choices a shopper makes on /ShippingAdress and /Payment, stored as the app stores them. */
export async function chooseCheckout(
  page: Page,
  account: Account,
  paymentMethod: 'visa' | 'cash',
  address = ADDRESS,
): Promise<void> {
  await page.addInitScript(
    ({ userId, address, method }) => {
      if (!window.localStorage.getItem('shippingAddress'))
        window.localStorage.setItem('shippingAddress', JSON.stringify({ userId, value: address }));
      if (!window.localStorage.getItem('paymentMethod'))
        window.localStorage.setItem('paymentMethod', JSON.stringify({ userId, value: method }));
    },
    { userId: account.user._id, address, method: paymentMethod },
  );
}

/** The EGP amount as the app prints it: 'EGP 1,234' or 'EGP 42.50'. */
export function egp(value: number): string {
  const fraction = Number.isInteger(value) ? 0 : 2;
  return `EGP ${value.toLocaleString('en-US', { minimumFractionDigits: fraction, maximumFractionDigits: 2 })}`;
}

/** Items total in EGP, summed in piastres as the server sums it. */
export const itemsTotal = (lines: { price: number; quantity: number }[]) => linesTotal(lines);

/** The card form of the test provider, with its exact labels (spec: 'Card number', 'Expiration (MM/YY)', 'CVC'). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').pressSequentially(number);
  await page.getByLabel('Expiration (MM/YY)').pressSequentially('1234');
  await page.getByLabel('CVC').pressSequentially('123');
}
