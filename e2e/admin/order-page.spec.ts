import type { APIRequestContext, Page } from '@playwright/test';
import { newShopper, type Account } from '../support/accounts';
import { ar, openInArabic } from '../support/arabic';
import { confirmByMail } from '../support/outbox';
import { expectNoSeriousA11yViolations, settled } from '../support/ui';
import { test, expect } from '../support/test';
import { ADDRESS as CHECKOUT_ADDRESS } from '../checkout/helpers';
import { asAdmin, expectToast } from './helpers';

/**
 * The dashboard's order page, reached from the orders list, in both languages at a phone's and a laptop's width:
 * what to pack and where, who bought it, what happened and what they were told, a move made there, and the packing
 * slip, which prints in the order's language whatever the page's; and the slips of orders chosen on the list,
 * printed together.
 */

const auth = (account: Account) => ({ 'x-access-token': account.token });
const ref = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** Where the tee goes: with the floor, landmark and instructions a packer and a courier read. */
const ADDRESS = {
  ...CHECKOUT_ADDRESS,
  city: 'Dokki',
  state: 'Giza',
  floor: '3',
  landmark: 'the green mosque',
  instructions: 'Call before you come',
};

/** A cash order of two of the test's own tee in size M, placed in `language` by `buyer` or a new shopper. */
async function teeOrder(
  request: APIRequestContext,
  admin: Account,
  makeProduct: (fields: { name: string; price: number; stock: number }) => Promise<{ _id: string; name: string }>,
  language: 'en' | 'ar',
  { buyer, phone = ADDRESS.phone }: { buyer?: Account; phone?: string } = {},
) {
  const tee = await makeProduct({ name: `Order page tee ${Date.now().toString(36)}`, price: 250, stock: 10 });
  const sku = `TEE-${Date.now().toString(36).toUpperCase()}-M`;
  const graded = await request.put(`/api/product/${tee._id}/variants`, {
    headers: auth(admin),
    data: {
      options: [
        {
          name: 'Size',
          nameAr: 'المقاس',
          values: [
            { value: 'S', valueAr: null },
            { value: 'M', valueAr: null },
          ],
        },
      ],
      variants: [
        { sku: `${sku}S`, options: { Size: 'S' }, price: 250, stock: 5 },
        { sku, options: { Size: 'M' }, price: 250, stock: 5 },
      ],
    },
  });
  expect(graded.status(), await graded.text()).toBe(200);
  const { variants } = (await graded.json()) as { variants: { _id: string; sku: string }[] };
  const medium = variants.find((variant) => variant.sku === sku);
  const shopper = buyer ?? (await newShopper(request, language === 'ar' ? 'Mona Arabic' : 'Mona English'));
  for (let i = 0; i < 2; i++)
    expect(
      (
        await request.put('/api/cart/incItem', {
          headers: auth(shopper),
          data: { product_id: tee._id, variant_id: medium?._id, flag: 1 },
        })
      ).status(),
    ).toBe(200);
  const placed = await request.post('/api/order', {
    headers: { ...auth(shopper), 'accept-language': language },
    data: { deliveryAddress: { ...ADDRESS, phone }, paymentMethod: 'cash' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const [order] = (await placed.json()) as { _id: string; bill: number }[];
  if (!order) throw new Error('no order');
  // The shopper confirms it by the link mailed to them, as a cash order must be before it ships.
  await confirmByMail(request, shopper, order._id);
  return { order, shopper, tee, sku };
}

/** The order page and then its printed slip, at 390 and 1280 px, each kept as a screenshot to look at. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    await settled(page);
    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.packing-slip')).toBeVisible();
    await expect(page.locator('.order-page')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath(`${name}-slip-${width}.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }
}

test('in English: an Arabic order opened from the list, moved along, and its slip printed in Arabic', async ({
  page,
  request,
  makeProduct,
}) => {
  // Two widths, each with the page and its print: 12-20 s on two busy cores.
  test.slow();
  const admin = await asAdmin(page, request);
  const { order, shopper, tee, sku } = await teeOrder(request, admin, makeProduct, 'ar');
  const number = ref(order._id);

  await page.goto(`/dashboard/orders?q=${encodeURIComponent(number)}`);
  await page.getByRole('link', { name: `Open order ${number}` }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();

  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row').nth(1)).toContainText(tee.name);
  await expect(items.getByRole('row').nth(1)).toContainText('Size: M');
  await expect(items.getByRole('row').nth(1)).toContainText(`SKU ${sku}`);
  await expect(items.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('2');
  await expect(page.getByRole('region', { name: 'Delivery address', exact: true })).toContainText(
    'Near the green mosque',
  );
  const customer = page.getByRole('region', { name: 'Customer', exact: true });
  await expect(customer).toContainText('Mona Arabic');
  await expect(customer.getByRole('link', { name: shopper.user.phone })).toBeVisible();
  await expect(customer.getByRole('link', { name: shopper.user.email })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History', exact: true })).toContainText('Confirmed');
  await expect(page.getByRole('region', { name: 'History', exact: true })).toContainText('by the customer');
  await expect(page.getByRole('region', { name: 'Messages to the customer', exact: true })).toContainText(
    'Order confirmed',
  );
  await expect(page.getByRole('region', { name: 'Messages to the customer', exact: true })).toContainText(
    `E-mail to ${shopper.user.email}`,
  );

  // A move made here shows in the history at once.
  await page.getByRole('combobox', { name: `Next status of order ${number}` }).selectOption('Shipped');
  await page.getByRole('textbox', { name: `Tracking number of order ${number}` }).fill('EG-5501');
  await page.getByRole('button', { name: 'Move' }).click();
  await expectToast(page, `Order ${number} is now Shipped`);
  await expect(page.getByRole('region', { name: 'History', exact: true })).toContainText('by the shop');
  await expect(page.getByRole('region', { name: 'Status', exact: true })).toContainText('EG-5501');

  const slip = page.locator('.packing-slip');
  await expect(slip).toHaveAttribute('lang', 'ar');
  await expect(slip).toHaveAttribute('dir', 'rtl');
  await atBothWidths(page, 'order-en', async () => {
    await expect(page.getByRole('region', { name: 'Customer', exact: true })).toBeVisible();
  });
  await expect(slip).toContainText(ar('admin.packingSlip.title'));
  await expect(slip).toContainText('المقاس: M');
  await expect(slip).toContainText(ar('checkout.address.landmark', { value: 'the green mosque' }));
  await expect(slip).toContainText(ar('checkout.address.instructions', { value: 'Call before you come' }));
  await expect(slip).toContainText(ar('admin.packingSlip.collect'));
});

test('in Arabic: an English order, its page in Arabic and its slip in English', async ({
  page,
  request,
  makeProduct,
}) => {
  test.slow();
  await openInArabic(page);
  const admin = await asAdmin(page, request);
  const { order } = await teeOrder(request, admin, makeProduct, 'en');
  const number = ref(order._id);

  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page).toHaveURL(`/ar/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(page.getByRole('region', { name: ar('admin.order.customer'), exact: true })).toContainText(
    'Mona English',
  );
  await expect(page.getByRole('region', { name: ar('checkout.invoice.deliverTo'), exact: true })).toContainText(
    ar('checkout.address.landmark', { value: 'the green mosque' }),
  );
  await expect(page.getByRole('region', { name: ar('admin.order.messages'), exact: true })).toContainText(
    ar('admin.order.kinds.confirmed'),
  );

  // The customer called with a better landmark: corrected before the order ships, and on the slip at once.
  const address = page.getByRole('region', { name: ar('checkout.invoice.deliverTo'), exact: true });
  await address.getByRole('button', { name: ar('admin.order.changeAddress') }).click();
  const dialog = page.getByRole('dialog', { name: ar('admin.order.changeAddressTitle', { ref: number }) });
  await dialog.getByLabel(ar('checkout.form.landmark')).fill('the blue pharmacy');
  await page.screenshot({ path: test.info().outputPath('address-ar-1280.png') });
  await dialog.getByRole('button', { name: ar('admin.order.saveAddress') }).click();
  await expect(dialog).toBeHidden();
  await expect(address).toContainText(ar('checkout.address.landmark', { value: 'the blue pharmacy' }));

  const slip = page.locator('.packing-slip');
  await expect(slip).toHaveAttribute('lang', 'en');
  await expect(slip).toHaveAttribute('dir', 'ltr');
  await atBothWidths(page, 'order-ar', async () => {
    await expect(page.getByRole('region', { name: ar('admin.order.customer'), exact: true })).toBeVisible();
  });
  await expect(slip).toContainText('Packing slip');
  await expect(slip).toContainText('Size: M');
  await expect(slip).toContainText('Near the blue pharmacy');
  await expect(slip).toContainText('2 pieces in all');
});

test('in Arabic: two orders chosen on the list, and their slips printed together, each in its language', async ({
  page,
  request,
  makeProduct,
}) => {
  test.slow();
  await openInArabic(page);
  const admin = await asAdmin(page, request);
  // One shopper's two orders to a phone of their own, which the list is searched by: these two and no other test's.
  const phone = `010${Date.now().toString().slice(-8)}`;
  const { order: english, shopper } = await teeOrder(request, admin, makeProduct, 'en', { phone });
  const { order: arabic } = await teeOrder(request, admin, makeProduct, 'ar', { buyer: shopper, phone });

  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/dashboard/orders?q=${phone}`);
  for (const order of [english, arabic])
    await page.getByRole('checkbox', { name: ar('admin.allOrders.choose', { ref: ref(order._id) }) }).check();
  const selection = page.getByRole('region', { name: ar('admin.allOrders.selection') });
  await expect(selection).toContainText(ar('admin.allOrders.selected_two'));
  await expect(selection.getByRole('checkbox', { name: ar('admin.allOrders.chooseAll') })).toBeChecked();
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('orders-chosen-ar-390.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await selection.getByRole('link', { name: ar('admin.allOrders.printSlips') }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard\/orders\/packing-slips\?order=/);
  const englishSlip = page.getByRole('article', { name: `Packing slip ${ref(english._id)}` });
  const arabicSlip = page.getByRole('article', { name: `${ar('admin.packingSlip.title')} ${ref(arabic._id)}` });
  await expect(englishSlip).toHaveAttribute('dir', 'ltr');
  await expect(englishSlip).toContainText('2 pieces in all');
  await expect(arabicSlip).toHaveAttribute('dir', 'rtl');
  await expect(arabicSlip).toContainText(ar('admin.packingSlip.collect'));
  await expect(page.getByRole('button', { name: ar('admin.packingSlips.print') })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`slips-ar-${width}.png`), fullPage: true });
  }
  // On paper: the slips alone, the second on a page of its own.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: ar('admin.packingSlips.title') })).toBeHidden();
  await expect(englishSlip).toBeVisible();
  const breaks = await page
    .locator('.packing-slip-sheet')
    .evaluateAll((sheets) => sheets.map((sheet) => getComputedStyle(sheet).breakBefore));
  expect(breaks).toEqual(['auto', 'page']);
});
