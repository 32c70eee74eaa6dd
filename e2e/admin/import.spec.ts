import { PRODUCT_CSV_COLUMNS } from '@shop/contracts';
import { test, expect } from '../support/test';
import { deleteProduct } from '../support/catalog';
import { apiCategory, apiDepartment, asAdmin, dialog, uniqueName, type ApiProduct } from './helpers';

/** A CSV file as the export writes it: new products have no id. */
const csvOf = (rows: Record<string, string>[]) =>
  [PRODUCT_CSV_COLUMNS.join(','), ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((c) => row[c] ?? '').join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

test.describe('DashProducts: Import CSV', () => {
  test('checks a file, shows what it would do and why a row is refused, applies it and shows the products', async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const department = await apiDepartment(request, admin);
    const category = await apiCategory(request, admin, department);
    const names = [uniqueName('Imported Clay Pot'), uniqueName('Imported Glass Jar')];
    const row = (name: string, price: string) => ({
      name,
      description: 'Made by the import test.',
      brand: 'Import Test Brand',
      department: department.name,
      category: category.name,
      price,
      stock: '6',
      weight: '0.8',
      cod: 'true',
    });
    const file = csvOf([row(names[0] ?? '', '120.50'), row(names[1] ?? '', '75.00'), row('Broken', '-5')]);
    const made: ApiProduct[] = [];
    try {
      await page.goto('/dashboard/DashProducts');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const importer = dialog(page, 'Import products from a CSV file');
      await importer
        .getByLabel(/^CSV file/)
        .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
      await importer.getByRole('button', { name: 'Check file' }).click();

      // The dry run: two to add, one refused, with its line and reason.
      await expect(importer.getByRole('definition')).toHaveText(['2', '0', '0', '1']);
      const rejected = importer.getByRole('table', { name: 'Rejected rows' });
      await expect(rejected.getByRole('row').nth(1)).toHaveText(/^4\s*price\s*price must be greater than 0$/);

      await importer.getByRole('button', { name: 'Apply' }).click();
      await expect(importer.getByRole('status')).toHaveText('The import is complete.', { timeout: 20_000 });
      const bar = importer.getByRole('progressbar', { name: 'Import progress' });
      await expect(bar).toHaveAttribute('aria-valuenow', '3');
      await expect(bar).toHaveAttribute('aria-valuetext', '3 of 3 rows');
      await expect(importer.getByRole('definition')).toHaveText(['2', '0', '0', '1']);
      await importer.getByRole('button', { name: 'Close' }).last().click();
      await expect(importer).toHaveCount(0);

      // The list has been read again: the new products are there.
      await page.getByRole('searchbox', { name: 'Search products by name' }).fill('Imported');
      for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    } finally {
      const res = await request.get(`/api/product?page=1&limit=48&includeOutOfStock=true&department=${department._id}`);
      made.push(...((await res.json()) as { products: ApiProduct[] }).products);
      for (const product of made) await deleteProduct(request, admin, product._id);
    }
    expect(made.map((product) => product.name).sort()).toEqual([...names].sort());
  });
});
