import { newShopper, signIn } from '../support/accounts';
import { test, expect } from '../support/test';
import { header, settled, visitEach } from '../support/ui';
import { apiProduct, asAdmin, placeCashOrder } from './helpers';

const SCREENS = [
  '/dashboard',
  '/dashboard/DashProducts',
  '/dashboard/Users',
  '/dashboard/Categories',
  '/dashboard/DepartmentsAdmin',
  '/dashboard/Shipping',
  '/dashboard/logs',
];

test.describe('who may open the dashboard', () => {
  test('visitors are sent to /login from every dashboard address', async ({ page }) => {
    await visitEach(page, [...SCREENS, '/dashboard/UserOrder/00000000-0000-4000-8000-000000000000'], {
      url: /\/login$/,
      screen: page.getByRole('heading', { name: 'Sign in' }),
    });
  });

  test('shoppers are sent home, and the API refuses them too', async ({ page, request }) => {
    const shopper = await newShopper(request);
    await signIn(page, shopper);
    await visitEach(page, SCREENS, { url: /\/$/, screen: page.getByRole('heading', { level: 2, name: 'Products' }) });
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    const stats = await request.get('/api/admin/stats', { headers: { 'x-access-token': shopper.token } });
    expect(stats.status()).toBe(403);
    expect((await request.get('/api/admin/stats')).status()).toBe(401);
  });
});

test.describe('the dashboard frame', () => {
  test('the header icon opens it; the footer is hidden; the side navigation reaches every screen', async ({
    page,
    request,
  }) => {
    await asAdmin(page, request);
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const screens: [string, RegExp, string][] = [
      ['Products', /\/dashboard\/DashProducts$/, 'Products'],
      ['Users', /\/dashboard\/Users$/, 'Users'],
      ['Categories', /\/dashboard\/Categories$/, 'Categories'],
      ['Departments', /\/dashboard\/DepartmentsAdmin$/, 'Departments'],
      ['Shipping', /\/dashboard\/Shipping$/, 'Shipping'],
      ['All logs', /\/dashboard\/logs$/, 'All logs'],
      ['Overview', /\/dashboard$/, 'Overview'],
    ];
    for (const [link, url, heading] of screens) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });

  test('on a phone the navigation folds into a drawer that closes once a screen is chosen', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asAdmin(page, request);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/dashboard\/Users$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('on a phone no screen is wider than the phone: tables scroll inside their card', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin);
    const shopper = await newShopper(request, 'Phone Buyer');
    await placeCashOrder(request, shopper, product._id);
    for (const path of [...SCREENS, `/dashboard/UserOrder/${shopper.user._id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });

  test('admins see no cart or favourite controls in the header or on a product page', async ({ page, request }) => {
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin);
    await page.goto(`/product/one/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(header(page).getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /favourites/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Write a product review' })).toHaveCount(0);
  });
});
