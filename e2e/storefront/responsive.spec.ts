import type { Page } from '@playwright/test';
import { addToCart, placeOrder } from '../checkout/helpers';
import { signedInShopper } from '../support/accounts';
import { categories, COUNTED_CATEGORY, demoProduct, departments, IPHONE } from '../support/catalog';
import { test, expect } from '../support/test';
import { settled, shortTapTargets } from '../support/ui';

/** At 360 px (a small phone) no storefront page may scroll sideways. */
test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await settled(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `scrollWidth of ${path}` })
    .toBeLessThanOrEqual(360);
}

test('catalogue pages fit 360 px, and a thumb hits what they offer', async ({ page, request }) => {
  const iphone = await demoProduct(request, (item) => item.name === IPHONE);
  const category = (await categories(request)).find((item) => item.name === COUNTED_CATEGORY);
  const department = (await departments(request)).find((item) => item.name === 'Electronics');
  // The parts of each page whose links, buttons and fields must be 44 px tall: the banner's dots (18 px), the
  // footer's links (19 to 24 px), the product page's governorate (22 px) and "(4 reviews)" (19 px) were not, nor
  // the banner's pause button (32 px) and a product card's picture link (a line of text, 19 px).
  const pages: [path: string, tapped: string[]][] = [
    ['/', ['main', 'footer']],
    ['/?page=2', []],
    [`/product/one/${iphone._id}`, ['main']],
    [`/product/category/${category?._id}`, []],
    [`/department/${department?._id}`, []],
  ];
  for (const [path, tapped] of pages) {
    await expectNoSidewaysScroll(page, path);
    for (const scope of tapped) expect.soft(await shortTapTargets(page, scope), `${path} ${scope}`).toEqual([]);
  }
});

test('search, sign-in and information pages fit 360 px', async ({ page }) => {
  for (const path of [
    '/searchResults/samsung',
    // A long word typed into the search box is repeated in the heading and the message.
    '/searchResults/nothingmatchesthisverylongsearchtextatall',
    '/login',
    '/signup',
    '/forgot-password',
    '/password-reset/x/y',
    '/about',
    '/no-such-page',
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test("a shopper's pages fit 360 px, the menu drawer too", async ({ page, request, makeProduct }) => {
  const iphone = await demoProduct(request, (item) => item.name === IPHONE);
  const shopper = await signedInShopper(page, request, 'Nourhan Abdelrahman Elsayed');
  // An invoice's four columns with five-digit prices were wider than the phone, and the page scrolled sideways.
  const television = await makeProduct({ name: 'Invoice width television', stock: 5, price: 19499 });
  await addToCart(request, shopper, television._id);
  const order = await placeOrder(request, shopper, 'cash');
  for (const path of [
    '/',
    '/User',
    '/EditProfile',
    '/UpdateName',
    '/UpdateEmail',
    '/UpdatePhone',
    '/Updatepass',
    '/Favourite',
    `/AddReview?product=${iphone._id}`,
    `/Orders/${order._id}/invoice`,
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
  // The invoice, the last of them: its lines fit the phone too, each line's total in sight without scrolling the
  // table sideways (its four columns scrolled, the totals out of sight).
  const lines = page.locator('.invoice-lines-scroll');
  expect(await lines.evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth)).toBe(0);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a phone's header keeps the account and the cart beside the logo", async ({ page, request }) => {
  // At 390 px an ordinary name pushed itself and the cart to a row of their own: a sticky header of 164 px, not 112.
  await page.setViewportSize({ width: 390, height: 740 });
  await signedInShopper(page, request, 'Mona Ahmed');
  await page.goto('/');
  await settled(page);
  const middle = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    });
  const row = await middle('.site-header .logo');
  expect(await middle('.site-header .header-cart')).toBe(row);
  expect(await middle('.site-header .header-user-name')).toBe(row);
});

test.describe('on a touch tablet', () => {
  // An iPad held upright: wider than a phone, so the phone's rules no longer apply, but tapped all the same.
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('a thumb hits what the catalogue and the cart offer', async ({ page, request }) => {
    const iphone = await demoProduct(request, (item) => item.name === IPHONE);
    for (const [path, scopes] of [
      ['/', ['header', 'main', 'footer']],
      [`/product/one/${iphone._id}`, ['main']],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await settled(page);
      for (const scope of scopes) expect.soft(await shortTapTargets(page, scope), `${path} ${scope}`).toEqual([]);
    }
  });
});
