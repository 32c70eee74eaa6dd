import type { APIRequestContext, Page } from '@playwright/test';
import { signedInShopper } from '../support/accounts';
import { categories, COUNTED_CATEGORY, demoProduct, departments, IPHONE } from '../support/catalog';
import { test, expect } from '../support/test';
import { contrastRatio, expectNoSeriousA11yViolations, recordToasts, shownToasts } from '../support/ui';

/**
 * axe on each main screen: no 'serious' or 'critical' violation. No rule is switched off. Each screen
 * is scanned once its data has loaded (no loading placeholder left), as its user sees it.
 */
interface Screen {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
  ready: (page: Page) => Promise<void>;
}

const visitorScreens: Screen[] = [
  {
    name: 'home',
    path: async () => '/',
    ready: (page) => expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(8),
  },
  {
    name: 'product page',
    path: async (request) => `/product/one/${(await demoProduct(request, (item) => item.name === IPHONE))._id}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: IPHONE })).toBeVisible(),
  },
  {
    name: 'category page',
    path: async (request) =>
      `/product/category/${(await categories(request)).find((item) => item.name === COUNTED_CATEGORY)?._id}`,
    ready: (page) =>
      expect(page.getByRole('list', { name: COUNTED_CATEGORY }).getByRole('listitem').first()).toBeVisible(),
  },
  {
    name: 'department page',
    path: async (request) =>
      `/department/${(await departments(request)).find((item) => item.name === 'Electronics')?._id}`,
    ready: (page) =>
      expect(
        page.getByRole('list', { name: 'Products in this department' }).getByRole('listitem').first(),
      ).toBeVisible(),
  },
  {
    name: 'search results',
    path: async () => '/searchResults/samsung',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toHaveText(/results for/),
  },
  {
    name: 'login',
    path: async () => '/login',
    ready: (page) => expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible(),
  },
  {
    name: 'signup',
    path: async () => '/signup',
    ready: (page) => expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible(),
  },
  {
    name: 'forgot password',
    path: async () => '/forgot-password',
    ready: (page) => expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible(),
  },
  {
    name: 'about',
    path: async () => '/about',
    ready: (page) => expect(page.getByRole('heading', { name: 'Our Planet' })).toBeVisible(),
  },
  {
    name: 'not-found page',
    path: async () => '/this/page/does/not/exist',
    ready: (page) => expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible(),
  },
];

const shopperScreens: { path: string; heading: string | RegExp }[] = [
  { path: '/User', heading: /^Hello, / },
  { path: '/EditProfile', heading: 'Login & security' },
  { path: '/Favourite', heading: 'Your favourites' },
];

test.describe('accessibility (axe)', () => {
  for (const screen of visitorScreens) {
    test(screen.name, async ({ page, request }) => {
      await page.goto(await screen.path(request));
      await screen.ready(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  for (const screen of shopperScreens) {
    test(`${screen.path} (shopper)`, async ({ page, request }) => {
      await signedInShopper(page, request);
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('review form (shopper), then with the menu drawer open', async ({ page, request }) => {
    const iphone = await demoProduct(request, (item) => item.name === IPHONE);
    await signedInShopper(page, request);
    await page.goto(`/AddReview?product=${iphone._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Write a product review' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('dialog').getByText('Electronics', { exact: true })).toBeVisible();
    // The page behind was scanned just before: what is new is the drawer.
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
  });

  /*
   * axe leaves toasts 'incomplete' (they float over the page, so it cannot tell their background):
   * the contrast of each kind of toast is measured here the way axe would, text colour against the
   * toast's own background, 4.5:1 at least.
   */
  test('toasts of every kind have readable contrast', async ({ page, request, makeProduct }) => {
    const lastOne = await makeProduct({ stock: 1 });
    await signedInShopper(page, request);
    await recordToasts(page);
    await page.goto(`/product/one/${lastOne._id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add to Cart' }).click(); // success
    await main.getByRole('button', { name: 'Add to Cart' }).click(); // warning: only 1 in stock
    await main.getByRole('button', { name: `Add ${lastOne.name} to favourites` }).click(); // info
    await main.getByRole('button', { name: `Remove ${lastOne.name} from favourites` }).click(); // error
    await expect
      .poll(async () => new Set((await shownToasts(page)).map((shown) => shown.kind)))
      .toEqual(new Set(['success', 'warning', 'info', 'error']));
    for (const shown of await shownToasts(page)) {
      expect(
        contrastRatio(shown.color, shown.background),
        `${shown.kind} toast '${shown.text}': ${shown.color} on ${shown.background}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
