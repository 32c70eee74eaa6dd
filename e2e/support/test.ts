import { test as base, expect } from '@playwright/test';
import { demoAdmin, type Account } from './accounts';
import { createProduct, deleteProduct, type ApiProduct } from './catalog';

type ProductFields = Parameters<typeof createProduct>[2];

/**
 * Playwright's test with one automatic check: a page must raise no uncaught error and break no
 * Content-Security-Policy rule while a test runs (each one would be a bug the user cannot see).
 * `makeProduct` creates products of the test's own (see createProduct), deleted when the test ends.
 */
export const test = base.extend<{
  pageProblems: string[];
  makeProduct: (fields?: ProductFields) => Promise<ApiProduct>;
}>({
  makeProduct: async ({ request }, use) => {
    let admin: Account | undefined;
    const made: ApiProduct[] = [];
    await use(async (fields) => {
      admin ??= await demoAdmin(request);
      const product = await createProduct(request, admin, fields);
      made.push(product);
      return product;
    });
    if (admin) for (const product of made) await deleteProduct(request, admin, product._id);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
          problems.push(`CSP: ${message.text()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems, 'uncaught errors or CSP violations in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
