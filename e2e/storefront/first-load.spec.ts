import type { Page } from '@playwright/test';
import { demoProduct } from '../support/catalog';
import { test, expect } from '../support/test';

/** Whether zod has been evaluated in the page: its registry module puts the registry on globalThis. */
const zodLoaded = (page: Page) => page.evaluate(() => '__zod_globalRegistry' in globalThis);

/** The addresses of the scripts the page has asked for from now on. */
function scriptsRequested(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.add(sent.url());
  });
  return scripts;
}

/** react-bootstrap's chunk (`apps/web/vite.config.ts` names it). */
const isReactBootstrap = (url: string) => /\/react-bootstrap-[^/]*\.js$/.test(url);

test.describe('first load', () => {
  // A list's filters are read by their shared rules, so a category or search page brings zod with its own code.
  test('the home and product pages run no validation code until a form opens, and no chart library', async ({
    page,
    request,
  }) => {
    const product = await demoProduct(request, (item) => item.stock > 0);
    // Nor the dashboard's chart library (its class names are in its code): it comes with the cash report's page only.
    const scripts = scriptsRequested(page);
    for (const path of ['/', '/ar', `/product/one/${product._id}`, `/ar/product/one/${product._id}`]) {
      await page.goto(path);
      expect(await zodLoaded(page), path).toBe(false);
    }
    const code = await Promise.all([...scripts].map(async (url) => (await request.get(url)).text()));
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

  test('a product page loads no react-bootstrap until a screen that uses it opens', async ({ page, request }) => {
    const product = await demoProduct(request, (item) => item.stock > 0 && item.numReviews > 0);
    const scripts = scriptsRequested(page);
    for (const [path, reviews] of [
      [`/ar/product/one/${product._id}`, 'مراجعات العملاء'],
      [`/product/one/${product._id}`, 'Customer reviews'],
    ] as const) {
      await page.goto(path);
      // The reviews are the app's own request: once they show, the page's code has run.
      await expect(page.getByRole('region', { name: reviews }).getByRole('article').first()).toBeVisible();
      expect([...scripts].filter(isReactBootstrap), path).toEqual([]);
    }
    // Writing a review asks a visitor to sign in, a form of react-bootstrap's: the probe sees it when it comes.
    await page.getByRole('button', { name: 'Write a product review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect([...scripts].some(isReactBootstrap)).toBe(true);
  });
});
