import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/test';
import { formatPrice } from '@shop/contracts';
import { ar } from '../support/arabic';
import { egp, gridCards } from '../support/ui';
import {
  apiCategory,
  apiDepartment,
  apiProduct,
  asAdmin,
  dialog,
  expectFieldErrors,
  expectToast,
  image,
  uniqueName,
} from './helpers';

const REQUIRED = [
  'Department',
  'Category',
  'Product name',
  'Description',
  'Price (EGP)',
  'Stock',
  'Weight (kg)',
  'Brand',
  'Images',
];

test.describe('DashProducts', () => {
  test('the Add New Product form checks every rule on change, on blur and on submit', async ({ page, request }) => {
    const admin = await asAdmin(page, request);
    const department = await apiDepartment(request, admin);
    const category = await apiCategory(request, admin, department);
    await page.goto('/dashboard/DashProducts');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = dialog(page, 'Add New Product');

    // The category list is empty until a department is chosen.
    await expect(form.getByLabel('Category').locator('option')).toHaveText(['Choose a category']);

    await form.getByRole('button', { name: 'Submit' }).click();
    await expectFieldErrors(form, REQUIRED, 'Required Field');

    await form.getByLabel('Department').selectOption({ label: department.name });
    await expect(form.getByLabel('Category').locator('option')).toHaveText(['Choose a category', category.name]);
    await expectFieldErrors(form, ['Department'], '');

    // On change: a number field that is not a number names the field, the form's own names included.
    await form.getByLabel('Price (EGP)').fill('abc');
    await form.getByLabel('Stock').fill('four');
    await form.getByLabel('Weight (kg)').fill('1,5 kg');
    await expectFieldErrors(form, ['Price (EGP)'], 'price must be a `number` type');
    await expectFieldErrors(form, ['Stock'], 'stock must be a `number` type');
    await expectFieldErrors(form, ['Weight (kg)'], 'weigth must be a `number` type');
    await form.getByLabel('Price (EGP)').fill('');
    await expectFieldErrors(form, ['Price (EGP)'], 'Required Field');

    await form.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add New Product' }).click();
    // On blur: a fresh form judges a field as soon as it is left.
    await form.getByLabel('Product name').focus();
    await form.getByLabel('Product name').blur();
    await expectFieldErrors(form, ['Product name'], 'Required Field');
    await expectFieldErrors(form, ['Brand'], '');
    await expect(form.getByLabel('Images')).toHaveAttribute('accept', 'image/png,image/jpeg');
  });

  test('adds a product with pictures, which the shop then shows in its category and in search', async ({
    page,
    request,
  }) => {
    // A dialog with two uploads, then the category and search pages: 30 s on two busy cores in CI.
    test.slow();
    const admin = await asAdmin(page, request);
    const department = await apiDepartment(request, admin);
    const category = await apiCategory(request, admin, department);
    const name = uniqueName('Clay Garden Pot');
    await page.goto('/dashboard/DashProducts');

    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = dialog(page, 'Add New Product');
    await form.getByLabel('Department').selectOption({ label: department.name });
    await form.getByLabel('Category').selectOption({ label: category.name });
    await form.getByLabel('Product name').fill(name);
    await form.getByLabel('Description', { exact: true }).fill('Hand-made in Fayoum, 30 cm across.');
    await form.getByLabel('Price (EGP)').fill('349.5');
    await form.getByLabel('Stock').fill('3');
    await form.getByLabel('Weight (kg)').fill('2.5');
    await form.getByLabel('Brand').fill('Fayoum Pottery');
    await form.getByLabel('Cash on delivery').uncheck();
    await form.getByLabel('Images').setInputFiles([image('front.png'), image('side.png')]);
    await expect(form.getByRole('list', { name: 'Chosen pictures' }).getByRole('img')).toHaveCount(2);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Product Added Successfully');
    await expect(form).toBeHidden();

    // The dashboard's table finds it by name, with its low stock flagged.
    await page.getByRole('searchbox', { name: 'Search products by name' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(category.name);
    await expect(row.getByRole('cell').nth(3)).toHaveText(egp(349.5));
    await expect(row).toContainText('3 left');
    await expect(page).toHaveURL(/\?q=/);

    await page.goto(`/product/category/${category._id}`);
    await expect(gridCards(page, category.name)).toHaveCount(1);
    await expect(gridCards(page, category.name).first()).toContainText(name);
    await page.goto(`/searchResults/${encodeURIComponent(name)}`);
    await gridCards(page, 'Search results').getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.product-detail-price')).toHaveText(egp(349.5));
    await expect(page.getByRole('button', { name: 'Show picture 2 of 2' })).toBeVisible();
    await expect(page.getByText('Card payment only')).toBeVisible();
  });

  test('puts a product on sale from its form; its card and page show the old price struck through and the saving, in English and Arabic', async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const { category, product } = await apiProduct(request, admin, { price: 400 });
    const name = product.name;
    await page.goto(`/dashboard/DashProducts?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Update ${name}` }).click();
    const update = dialog(page, 'Update Product');
    await update.getByLabel('Price (EGP)').fill('300');
    await update.getByLabel('Price before sale (optional)').fill('250');
    await update.getByRole('button', { name: 'Submit' }).click();
    await expect(update.getByText('The price before the sale must be higher than the price')).toBeVisible();
    await update.getByLabel('Price before sale (optional)').fill('400');
    await update.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Product Updated Successfully');

    await page.goto(`/product/category/${category._id}`);
    const card = gridCards(page, category.name).filter({ hasText: name });
    await expect(card.locator('.product-price')).toContainText(egp(300));
    const was = new RegExp(`^Was ${egp(400).source}$`);
    const saving = new RegExp(`Save ${egp(100).source} \\(25%\\)`);
    await expect(card.locator('s')).toHaveText(was);
    await expect(card).toContainText(saving);

    await card.getByRole('link', { name }).click();
    const price = page.locator('.product-detail-price');
    await expect(price.locator('s')).toHaveText(was);
    await expect(price).toContainText(saving);

    await page.evaluate(() => window.localStorage.setItem('shop.language', 'ar'));
    await page.reload();
    // As the app prints Arabic prices: Latin digits, the currency after the amount.
    const egpAr = (value: number) => formatPrice(value, 'ar-EG-u-nu-latn');
    await expect(price.locator('s')).toHaveText(`${ar('product.was')} ${egpAr(400)}`);
    await expect(price).toContainText(ar('product.save', { amount: egpAr(100), percent: 25 }));
  });

  test('exports the catalogue as a CSV file Excel reads: UTF-8 with a BOM, a line per product', async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin, { price: 250 });
    await page.goto('/dashboard/DashProducts');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFid,name,nameAr,description,descriptionAr,brand,department,category,price,')).toBe(
      true,
    );
    const line = text.split('\r\n').find((row) => row.startsWith(product._id));
    expect(line).toContain(`,${product.name},`);
    expect(line).toContain(',250.00,');
  });

  test('updates a product from a filled-in form (images optional), then deletes it after asking', async ({
    page,
    request,
  }) => {
    // Two dialogs with their round trips and toasts, and four pages: 28 s on one core under a load of 12.
    test.slow();
    const admin = await asAdmin(page, request);
    const { department, category, product } = await apiProduct(request, admin, { price: 349.5, stock: 3 });
    const name = product.name;
    await page.goto(`/dashboard/DashProducts?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('3 left');

    await page.getByRole('button', { name: `Update ${name}` }).click();
    const update = dialog(page, 'Update Product');
    await expect(update.getByLabel('Product name')).toHaveValue(name);
    await expect(update.getByLabel('Department')).toHaveValue(department._id);
    await expect(update.getByLabel('Category')).toHaveValue(category._id);
    await expect(update.getByLabel('Price (EGP)')).toHaveValue('349.5');
    await expect(update.getByLabel('Cash on delivery')).toBeChecked();
    await expect(update.getByRole('img', { name: 'Current picture 1' })).toBeVisible();
    await update.getByLabel('Price (EGP)').fill('299');
    await update.getByLabel('Stock').fill('40');
    // No new images: the old one stays.
    await update.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Product Updated Successfully');
    await expect(row.getByRole('cell').nth(3)).toHaveText(egp(299));
    await expect(row).not.toContainText('left');

    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.product-detail-price')).toHaveText(egp(299));
    await expect(page.locator('.image-gallery-main img')).toHaveAttribute('src', product.image_path[0] ?? '');

    await page.goto(`/dashboard/DashProducts?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = dialog(page, 'Delete this product?');
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Product Deleted Successfully');
    await expect(page.getByText(`No products match “${name}”.`)).toBeVisible();

    await page.goto(`/searchResults/${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/results? for/);
    // Search forgives typos, so look-alike names may come up; this product is not among them.
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  });

  test("a refused change shows the server's reason and keeps the form open", async ({ page, request }) => {
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin);
    await page.goto(`/dashboard/DashProducts?q=${encodeURIComponent(product.name)}`);
    await page.getByRole('button', { name: `Update ${product.name}` }).click();
    const update = dialog(page, 'Update Product');
    await expect(update.getByLabel('Product name')).toHaveValue(product.name);
    // The product goes meanwhile (another admin): the server says so, and nothing claims success.
    await request.delete(`/api/product/${product._id}`, { headers: { 'x-access-token': admin.token } });
    await update.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Product not found');
    await expect(update).toBeVisible();
  });
});
