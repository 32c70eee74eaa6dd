import type { APIRequestContext, Page } from '@playwright/test';
import { signedInShopper } from '../support/accounts';
import { ar } from '../support/arabic';
import { categories, productsOfCategory } from '../support/catalog';
import { expectCartCount, gridCards, header } from '../support/ui';
import { test, expect } from '../support/test';

/*
 * A server-rendered page shows its controls before the app has taken it over (boot.js loads the app once the page
 * is painted, and hydration takes a while on a slow phone). What the shopper does in that gap must not be lost.
 * Each test slows the CPU as a phone's (Chromium's throttling) and holds the app's script back until it has acted,
 * so the tap lands before the app for certain, then lets it go: one page load each.
 */

/** Slows the page's CPU 4x (a mid-range phone) and holds its app's entry script until the returned call. */
async function slowPhoneWithAppHeld(page: Page): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The entry Vite builds (boot.js's data-entry); its imports come with it once it is let through.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The demo's Tablets, a category of several prices, and what its page says in `language`. */
async function tablets(request: APIRequestContext, language: 'en' | 'ar') {
  const category = (await categories(request)).find((item) => item.name === 'Tablets');
  if (!category) throw new Error('the demo catalogue has no Tablets');
  const products = await productsOfCategory(request, category._id);
  const english = language === 'en';
  const label = english ? category.name : (category.nameAr ?? category.name);
  return {
    address: `${english ? '' : '/ar'}/product/category/${category._id}`,
    /** The cards' prices in the grid's order, read from the API's products by the names the cards show. */
    shownPrices: async (page: Page) => {
      const names = await gridCards(page, label).locator('.product-card-name').allTextContents();
      return names.map(
        (shown) => products.find((p) => (english ? p.name : (p.nameAr ?? p.name)) === shown.trim())?.price,
      );
    },
    ascending: products.map((p) => p.price).sort((a, b) => a - b),
    descending: products.map((p) => p.price).sort((a, b) => b - a),
    say: english
      ? { sortBy: 'Sort By', lowToHigh: 'Price: Low to High', highToLow: 'Price: High to Low' }
      : { sortBy: ar('search.sortBy'), lowToHigh: ar('search.sort.priceAsc'), highToLow: ar('search.sort.priceDesc') },
  };
}

/** The Sort By menu's toggle (a disclosure's summary) and its option links. */
const sortToggle = (page: Page, sortBy: string) => page.locator('details.sort-menu > summary', { hasText: sortBy });
const sortOption = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test.describe('before the app has taken the page over', () => {
  test('a heart and Add to Cart tapped at once are kept and carried out', async ({ page, request, makeProduct }) => {
    const product = await makeProduct();
    await signedInShopper(page, request);
    const letAppGo = await slowPhoneWithAppHeld(page);
    await page.goto(`/product/one/${product._id}`, { waitUntil: 'commit' });

    const heart = page.getByRole('button', { name: `Add ${product.name} to favourites` });
    const addToCart = page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
    await heart.click();
    await addToCart.click();
    // Shown as pending, not lost.
    await expect(heart).toHaveAttribute('data-kept', '');
    await expect(addToCart).toHaveAttribute('data-kept', '');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();

    letAppGo();
    const filled = page.getByRole('button', { name: `Remove ${product.name} from favourites` });
    await expect(filled).toHaveAttribute('aria-pressed', 'true');
    await expectCartCount(page, 1);
    await expect(filled).not.toHaveAttribute('data-kept');
    await expect(addToCart).not.toHaveAttribute('data-kept');
  });

  test('a search typed and sent as the app starts lands on its results', async ({ page }) => {
    const letAppGo = await slowPhoneWithAppHeld(page);
    await page.goto('/', { waitUntil: 'commit' });
    await header(page).getByRole('combobox').fill('samsung');
    letAppGo();
    // Sent while the app loads and takes over: by the browser (the form's GET) or by the app, never lost.
    await header(page).getByRole('combobox').press('Enter');
    await expect(page).toHaveURL(/\/searchResults\/samsung$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('samsung');
  });

  test('the language switch is a link: followed at once, it opens the page in Arabic and is remembered', async ({
    page,
  }) => {
    await slowPhoneWithAppHeld(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await header(page).getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(await page.evaluate(() => localStorage.getItem('shop.language'))).toBe('ar');
    await expect(header(page).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/about');
  });

  for (const language of ['en', 'ar'] as const)
    test(`Sort By chosen at once on a category (${language}) opens it sorted, drawn by the server`, async ({
      page,
      request,
    }) => {
      const tabs = await tablets(request, language);
      await slowPhoneWithAppHeld(page);
      await page.goto(tabs.address, { waitUntil: 'commit' });
      await sortToggle(page, tabs.say.sortBy).click();
      await sortOption(page, tabs.say.lowToHigh).click();
      await expect(page).toHaveURL(`${tabs.address}?sortBy=Price%3A+Low+to+High`);
      await expect(sortToggle(page, tabs.say.sortBy)).toContainText(tabs.say.lowToHigh);
      await expect.poll(() => tabs.shownPrices(page)).toEqual(tabs.ascending);
      // The app is still held: the browser followed the link and the server sorted the page.
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    });

  test('Sort By opened before the app stays open through its start, then sorts in place', async ({ page, request }) => {
    const tabs = await tablets(request, 'ar');
    const letAppGo = await slowPhoneWithAppHeld(page);
    await page.goto(tabs.address, { waitUntil: 'commit' });
    await sortToggle(page, tabs.say.sortBy).click();
    const menu = page.locator('details.sort-menu');
    await expect(menu).toHaveAttribute('open', '');
    letAppGo();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await expect(menu).toHaveAttribute('open', '');
    // Marks this document: a full load would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    await sortOption(page, tabs.say.highToLow).click();
    await expect(page).toHaveURL(`${tabs.address}?sortBy=Price%3A+High+to+Low`);
    await expect(menu).not.toHaveAttribute('open');
    await expect.poll(() => tabs.shownPrices(page)).toEqual(tabs.descending);
    await expect(page.locator('html')).toHaveAttribute('data-same-document', '');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search and the language switch work', async ({ page }) => {
    // 'commit': the app never takes this page over.
    await page.goto('/', { waitUntil: 'commit' });
    await header(page).getByRole('combobox').fill('samsung');
    await header(page).getByRole('combobox').press('Enter');
    await expect(page).toHaveURL(/\/searchResults\/samsung$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('samsung');

    await header(page).getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/searchResults\/samsung$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(header(page).getByRole('combobox', { name: ar('search.label') })).toBeVisible();
  });

  test('Sort By sorts a category, in English and in Arabic', async ({ page, request }) => {
    const [en, arabic] = [await tablets(request, 'en'), await tablets(request, 'ar')];
    await page.goto(en.address, { waitUntil: 'commit' });
    await sortToggle(page, en.say.sortBy).click();
    await sortOption(page, en.say.lowToHigh).click();
    await expect(page).toHaveURL(`${en.address}?sortBy=Price%3A+Low+to+High`);
    await expect.poll(() => en.shownPrices(page)).toEqual(en.ascending);

    await page.goto(arabic.address, { waitUntil: 'commit' });
    await sortToggle(page, arabic.say.sortBy).click();
    await sortOption(page, arabic.say.highToLow).click();
    await expect(page).toHaveURL(`${arabic.address}?sortBy=Price%3A+High+to+Low`);
    await expect(sortToggle(page, arabic.say.sortBy)).toContainText(arabic.say.highToLow);
    await expect.poll(() => arabic.shownPrices(page)).toEqual(arabic.descending);
  });
});
