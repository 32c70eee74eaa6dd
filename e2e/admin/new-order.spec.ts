import { createProduct, deleteProduct, uniqueWord } from '../support/catalog';
import { newMobile } from '../support/messages';
import { test, expect } from '../support/test';
import { egp, expectNoSeriousA11yViolations } from '../support/ui';
import { asAdmin, expectToast } from './helpers';

test.describe('An order taken by phone', () => {
  test('an agent finds the caller, adds a product, types the address, reads the total and sees the order listed', async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const name = `Phone kettle ${uniqueWord('k')}`;
    const product = await createProduct(request, admin, { name, price: 250, stock: 5 });
    const mobile = newMobile();
    try {
      await page.goto('/dashboard/orders/new');
      await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

      // A mobile no account has: the agent types the caller's name, and the account is made with the order.
      await page.getByLabel('Customer’s mobile').fill(mobile.local);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await expect(page.getByText('No account has this mobile yet')).toBeVisible();
      await page.getByLabel('Customer’s name').fill('Hoda Caller');
      // The agent's dashboard speaks English; the caller, Arabic.
      await expect(page.getByLabel('Write to them in')).toHaveValue('en');
      await page.getByLabel('Write to them in').selectOption('Arabic');

      await page.getByLabel('Find a product by its name').fill(name);
      await page.getByRole('button', { name: 'Search products' }).click();
      await page.getByRole('button', { name: `Add ${name}` }).click();
      await page.getByLabel(`Quantity of ${name}`).fill('2');

      await page.getByLabel('Governorate').selectOption('Giza');
      await page.getByLabel('City').fill('Dokki');
      await page.getByLabel('Zip code').fill('12611');
      await page.getByLabel('Street').fill('El Tahrir St');
      await page.getByLabel('Building').fill('7');
      await expect(page.getByLabel('Mobile number')).toHaveValue(mobile.local);
      await page.getByRole('button', { name: 'Use this address' }).click();

      // The server's bill: 2 × 250, Giza's 21 EGP delivery and the 9 EGP cash fee.
      const summary = page.getByRole('region', { name: 'Total' });
      await expect(summary.getByText(egp(530))).toBeVisible();
      await page.getByLabel('Where the order came from').selectOption('WhatsApp');
      await expectNoSeriousA11yViolations(page, { include: 'main' });
      await summary.getByRole('button', { name: 'Place the order' }).click();

      await expectToast(page, 'was placed');
      await expect(page).toHaveURL(/\/dashboard\/orders\?q=/);
      const row = page.getByRole('row').filter({ hasText: 'Hoda Caller' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(egp(530));
      await expect(row).toContainText('WhatsApp');
      // The next agent taking her call is offered her language.
      const found = await request.get(`/api/admin/customers/by-phone/${mobile.local}`, {
        headers: { 'x-access-token': admin.token },
      });
      expect(await found.json()).toMatchObject({ customer: { name: 'Hoda Caller', language: 'ar' } });
    } finally {
      await deleteProduct(request, admin, product._id);
    }
  });
});
