import type { Page } from '@playwright/test';
import { ar } from '../support/arabic';
import { categories, demoProduct, departments } from '../support/catalog';
import { test, expect } from '../support/test';

/** Whether zod has been evaluated in the page: its registry module puts the registry on globalThis. */
const zodLoaded = (page: Page) => page.evaluate(() => '__zod_globalRegistry' in globalThis);

/**
 * The scripts a page fetches, by their addresses. react-bootstrap, and what it imports, is one file named after it
 * (apps/web/vite.config.ts): a page that has not fetched it has not run it.
 */
function scriptsOf(page: Page): { paths: Set<string>; fetched: (name: RegExp) => boolean } {
  const paths = new Set<string>();
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') paths.add(new URL(sent.url()).pathname);
  });
  return { paths, fetched: (name) => [...paths].some((path) => name.test(path)) };
}
const REACT_BOOTSTRAP = /\/react-bootstrap-[^/]*\.js$/;

test.describe('first load', () => {
  test('the home and product pages run no validation code until a form opens, and no chart library', async ({
    page,
    request,
  }) => {
    const product = await demoProduct(request, (item) => item.stock > 0);
    // Nor the dashboard's chart library (its class names are in its code): it comes with the cash report's page only.
    const scripts = scriptsOf(page);
    for (const path of ['/', '/ar', `/product/one/${product._id}`, `/ar/product/one/${product._id}`]) {
      await page.goto(path);
      expect(await zodLoaded(page), path).toBe(false);
    }
    const code = await Promise.all([...scripts.paths].map(async (path) => (await request.get(path)).text()));
    expect(code.length).toBeGreaterThan(0);
    expect(
      code.some((text) => text.includes('recharts-')),
      'a storefront script has Recharts',
    ).toBe(false);
    // The first form brings it, so the probe above sees zod when it is there.
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create your account' })).toBeVisible();
    expect(await zodLoaded(page)).toBe(true);
  });

  // A list's filters are read from the address without zod, and its filter panel is drawn without react-bootstrap:
  // the sheet's code comes with the first tap of "Filters" on a phone, the price check's with the first "Apply".
  test('a department or category page runs no zod and no react-bootstrap until its filter sheet opens or a price is applied', async ({
    page,
    request,
  }) => {
    const category = (await categories(request)).find((item) => item.name === 'Laptops');
    const department = (await departments(request)).find((item) => item.name === 'Electronics');
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = scriptsOf(page);
    for (const path of [
      `/department/${department?._id}`,
      `/ar/department/${department?._id}`,
      `/product/category/${category?._id}?brand=Apple`,
      `/ar/product/category/${category?._id}`,
    ]) {
      await page.goto(path);
      expect(await zodLoaded(page), path).toBe(false);
      expect(scripts.fetched(REACT_BOOTSTRAP), path).toBe(false);
    }
    await page.getByRole('button', { name: ar('filters.open') }).click();
    const sheet = page.getByRole('dialog', { name: ar('filters.title') });
    await expect(sheet).toBeVisible();
    expect(scripts.fetched(REACT_BOOTSTRAP)).toBe(true);
    expect(await zodLoaded(page)).toBe(false);
    const lowest = sheet.getByRole('textbox', { name: ar('filters.minPrice') });
    await lowest.fill('-1');
    await lowest.press('Enter');
    await expect(lowest).toHaveAccessibleDescription(ar('filters.invalidPrice'));
    expect(await zodLoaded(page)).toBe(true);
  });

  test('a product page loads no react-bootstrap until a screen that uses it opens', async ({ page, request }) => {
    const product = await demoProduct(request, (item) => item.stock > 0 && item.numReviews > 0);
    const scripts = scriptsOf(page);
    for (const [path, reviews] of [
      [`/ar/product/one/${product._id}`, 'مراجعات العملاء'],
      [`/product/one/${product._id}`, 'Customer reviews'],
    ] as const) {
      await page.goto(path);
      // The reviews are the app's own request: once they show, the page's code has run.
      await expect(page.getByRole('region', { name: reviews }).getByRole('article').first()).toBeVisible();
      expect(scripts.fetched(REACT_BOOTSTRAP), path).toBe(false);
    }
    // Writing a review asks a visitor to sign in, a form of react-bootstrap's: the probe sees it when it comes.
    await page.getByRole('button', { name: 'Write a product review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(scripts.fetched(REACT_BOOTSTRAP)).toBe(true);
  });
});
