import { ar } from '../support/arabic';
import { header } from '../support/ui';
import { test, expect } from '../support/test';

test('a browser that prefers Arabic opens the shop in Arabic, with the RTL Bootstrap', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-EG' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('link#bootstrap-css')).toHaveAttribute('href', /rtl/);
  await expect(page.getByRole('heading', { name: ar('home.products') })).toBeVisible();
  await context.close();
});

test('the header switch changes the language, and the choice outlives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const toArabic = header(page).getByRole('link', { name: 'العربية' });
  await expect(toArabic).toHaveAttribute('lang', 'ar');
  await toArabic.click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: ar('home.products') })).toBeVisible();
  // Prices in Egyptian pounds, written the Arabic way.
  await expect(page.getByText(/ج\.م\./).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: ar('home.products') })).toBeVisible();

  await header(page).getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByText(/EGP\s[\d,]+/).first()).toBeVisible();
});

test('the API answers in the language the shop shows', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('shop.language', 'ar'));
  await page.reload();
  await page.getByLabel(ar('auth.fields.email')).fill('nobody@shop.local');
  await page.getByLabel(ar('auth.fields.password')).fill('Wrong123!');
  await page.getByRole('button', { name: ar('auth.login.submit') }).click();
  // The server's refusal, translated by the API from the page's Accept-Language.
  await expect(page.getByRole('alert').first()).not.toHaveText(/[A-Za-z]{3}/);
});
