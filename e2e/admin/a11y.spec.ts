import { newShopper } from '../support/accounts';
import { test, expect } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/ui';
import { apiProduct, asAdmin, dialog, placeCashOrder } from './helpers';

/** axe on every dashboard screen, with its data loaded: no 'serious' or 'critical' violation, no rule switched off. */
test.describe('dashboard accessibility (axe)', () => {
  const screens: { path: string; heading: string }[] = [
    { path: '/dashboard', heading: 'Overview' },
    { path: '/dashboard/DashProducts', heading: 'Products' },
    { path: '/dashboard/Users', heading: 'Users' },
    { path: '/dashboard/Categories', heading: 'Categories' },
    { path: '/dashboard/DepartmentsAdmin', heading: 'Departments' },
    { path: '/dashboard/Shipping', heading: 'Shipping' },
    { path: '/dashboard/logs', heading: 'All logs' },
    { path: '/dashboard/banners', heading: 'Banners' },
    { path: '/dashboard/reviews', heading: 'Reviews' },
    { path: '/dashboard/carts', heading: 'Abandoned carts' },
  ];
  for (const screen of screens) {
    test(screen.path, async ({ page, request }) => {
      await asAdmin(page, request);
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('a user’s orders, with the status control', async ({ page, request }) => {
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin);
    const shopper = await newShopper(request, 'Axe Buyer');
    await placeCashOrder(request, shopper, product._id);
    await page.goto(`/dashboard/UserOrder/${shopper.user._id}`);
    await expect(page.getByRole('combobox', { name: /^Next status of order/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the product form, showing its messages', async ({ page, request }) => {
    await asAdmin(page, request);
    await page.goto('/dashboard/DashProducts');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    await dialog(page, 'Add New Product').getByRole('button', { name: 'Submit' }).click();
    await expect(dialog(page, 'Add New Product').getByText('Required Field').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the phone layout, with the navigation drawer open', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asAdmin(page, request);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Dashboard' })).toBeVisible();
    // The page behind was scanned just before: what is new is the drawer.
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
  });
});
