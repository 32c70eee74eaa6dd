import { test as base, expect, type Response } from '@playwright/test';
import { demoAdmin, type Account } from './accounts';
import { createProduct, deleteProduct, type ApiProduct } from './catalog';

type ProductFields = Parameters<typeof createProduct>[2];

/**
 * Playwright's test whose `page.goto`, `reload`, `goBack` and `goForward` return once the app has taken the page
 * over, with one automatic check: a page must raise no uncaught error and break no Content-Security-Policy rule
 * while a test runs (each one would be a bug the user cannot see).
 * `makeProduct` creates products of the test's own (see createProduct), deleted when the test ends.
 */
export const test = base.extend<{
  pageProblems: string[];
  makeProduct: (fields?: ProductFields) => Promise<ApiProduct>;
}>({
  page: async ({ page }, use) => {
    // A shopper waits for a page before using it; a test acts the moment a server-rendered button or field shows,
    // which may be before the app has taken the page over (RootLayout's screen marks it), and what it types then is
    // lost. A page the server rendered loads its app only once it has been painted, after a reload or a step back too.
    const taken = async (response: Response | null, options?: { waitUntil?: string }) => {
      // A test that asks for the first bytes only ('commit') looks at the page before the app.
      if (options?.waitUntil !== 'commit' && response?.headers()['content-type']?.startsWith('text/html'))
        await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      return response;
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => taken(await goto(url, options), options);
    for (const step of ['reload', 'goBack', 'goForward'] as const) {
      const original = page[step].bind(page);
      page[step] = async (options) => taken(await original(options), options);
    }
    await use(page);
  },
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
