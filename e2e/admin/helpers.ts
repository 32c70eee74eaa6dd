import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ApiOrder } from '../checkout/helpers';
import { demoAdmin, signIn, type Account } from '../support/accounts';
import { PNG_1PX } from '../support/catalog';
import { confirmByMail } from '../support/outbox';
import { toast } from '../support/ui';

/**
 * Helpers of the dashboard tests. Every test works on departments, categories, products, shoppers
 * and orders it made itself, under names no other test uses, so the suites can run side by side
 * against one seeded server without touching each other's data.
 */

let made = 0;
/** A name no other test (or run) has: department and category names must be unique. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${process.pid.toString(36)}${(made++).toString(36)}`;

/** The demo admin, signed in through the API and on `page` (role true). */
export async function asAdmin(page: Page, request: APIRequestContext): Promise<Account> {
  const admin = await demoAdmin(request);
  await signIn(page, admin);
  return admin;
}

const auth = (account: Account) => ({ 'x-access-token': account.token });

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface Ref {
  _id: string;
  name: string;
}
export interface ApiProduct extends Ref {
  price: number;
  stock: number;
  image_path: string[];
}

/** A department of the test's own, made through the API (the UI of departments has its own tests). */
export const apiDepartment = async (request: APIRequestContext, admin: Account, name = uniqueName('Dept')) =>
  created<Ref>(await request.post('/api/department', { headers: auth(admin), data: { name } }), 'create department');

export const apiCategory = async (
  request: APIRequestContext,
  admin: Account,
  department: Ref,
  name = uniqueName('Cat'),
) =>
  created<Ref>(
    await request.post('/api/category', { headers: auth(admin), data: { department: department._id, name } }),
    'create category',
  );

/** A product in the test's own department and category (multipart), named as `fields` says or uniquely. */
export async function apiProduct(
  request: APIRequestContext,
  admin: Account,
  fields: { price?: number; stock?: number; name?: string; department?: string; category?: string } = {},
) {
  const department = await apiDepartment(request, admin, fields.department);
  const category = await apiCategory(request, admin, department, fields.category);
  const product = await created<ApiProduct>(
    await request.post('/api/product', {
      headers: auth(admin),
      multipart: {
        name: fields.name ?? uniqueName('Admin Test Product'),
        description: 'Made by the dashboard tests.',
        price: String(fields.price ?? 120),
        stock: String(fields.stock ?? 20),
        cod: 'true',
        weight: '0.5',
        brand: 'Dashboard Test Brand',
        department: department._id,
        category: category._id,
        img: image('product.png'),
      },
    }),
    'create product',
  );
  return { department, category, product };
}

/**
 * The shopper buys `quantity` of the product with cash on delivery, and confirms the order by the link of the
 * e-mail that asks them to: the order is then 'confirmed', ready to ship.
 */
export async function placeCashOrder(
  request: APIRequestContext,
  shopper: Account,
  productId: string,
  quantity = 1,
): Promise<ApiOrder> {
  for (let i = 0; i < quantity; i++) {
    const res = await request.put('/api/cart/incItem', {
      headers: auth(shopper),
      data: { product_id: productId, flag: 1 },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const address = {
    street: 'Tahrir St',
    building: '12',
    city: 'Cairo',
    state: 'Cairo',
    phone: '01012345678',
    zipCode: '11511',
    country: 'Egypt',
  };
  const [order] = await created<ApiOrder[]>(
    await request.post('/api/order', {
      headers: auth(shopper),
      data: { deliveryAddress: address, paymentMethod: 'cash' },
    }),
    'place order',
  );
  if (!order) throw new Error('no order in the answer');
  await confirmByMail(request, shopper, order._id);
  return { ...order, status: 'confirmed' };
}

/** A png file for an <input type="file">: the API re-encodes uploads, so the smallest valid one will do. */
export const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1PX });

/** The dashboard's dialog with this title. */
export const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/** The rule message shown under the field labelled `label` inside `scope`. */
export async function fieldError(scope: Page | Locator, label: string): Promise<string> {
  const id = await scope.getByLabel(label, { exact: true }).getAttribute('id');
  return (await scope.locator(`[id="${id}-error"]`).textContent()) ?? '';
}

/** Expects exactly these fields of `scope` to show `message`. */
export async function expectFieldErrors(scope: Page | Locator, labels: string[], message: string): Promise<void> {
  for (const label of labels) {
    await expect.poll(() => fieldError(scope, label), { message: label }).toBe(message);
  }
}

/**
 * Expects the toast, then dismisses it, so the next toast with the same text is a new one. It closes by
 * itself after 3 s, which a busy machine can spend between seeing it and clicking it, and a click
 * would then wait for it until the test timed out: its close button is pressed inside the page if the
 * toast is still there.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown
    .getByRole('button', { name: 'close' })
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
  await expect(shown).toHaveCount(0);
}
