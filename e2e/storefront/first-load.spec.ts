import type { Page } from '@playwright/test';
import { demoProduct } from '../support/catalog';
import { test, expect } from '../support/test';

/** Whether zod has been evaluated in the page: its registry module puts the registry on globalThis. */
const zodLoaded = (page: Page) => page.evaluate(() => '__zod_globalRegistry' in globalThis);

test.describe('first load', () => {
  // A list's filters are read by their shared rules, so a category or search page brings zod with its own code.
  test('the home and product pages run no validation code until a form opens', async ({ page, request }) => {
    const product = await demoProduct(request, (item) => item.stock > 0);
    for (const path of ['/', '/ar', `/product/one/${product._id}`, `/ar/product/one/${product._id}`]) {
      await page.goto(path);
      expect(await zodLoaded(page), path).toBe(false);
    }
    // The first form brings it, so the probe above sees zod when it is there.
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create your account' })).toBeVisible();
    expect(await zodLoaded(page)).toBe(true);
  });
});
