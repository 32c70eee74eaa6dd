import type { Page } from '@playwright/test';
import { signedInShopper } from '../support/accounts';
import { ar } from '../support/arabic';
import { expectCartCount, header } from '../support/ui';
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
});
