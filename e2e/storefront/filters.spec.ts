import type { Page } from '@playwright/test';
import { ar, expectArabicPage, openInArabic } from '../support/arabic';
import { categories, COUNTED_CATEGORY } from '../support/catalog';
import { test, expect } from '../support/test';
import { expectNoSeriousA11yViolations, gridCards, parsePrice, settled } from '../support/ui';

/** The category no test adds products to: its brands and prices hold still while these tests run. */
async function countedCategoryPath(page: Page): Promise<{ path: string; name: string }> {
  const category = (await categories(page.request)).find((item) => item.name === COUNTED_CATEGORY);
  if (!category) throw new Error(`no category ${COUNTED_CATEGORY}`);
  return { path: `/product/category/${category._id}`, name: category.name };
}

test.describe('filters and facets', () => {
  test('a category filtered by brand and price on a desktop: counts, chips, a shared address, reload and back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { path, name } = await countedCategoryPath(page);
    await page.goto(path);
    const cards = gridCards(page, name);
    await expect(cards.first()).toBeVisible();
    const brands = page.getByRole('group', { name: 'Brand' });
    await expect(brands).toBeVisible();

    // The first brand's count is the number of cards its filter leaves.
    const first = brands.getByRole('checkbox').first();
    const label = (await first.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim();
    const [, brand = '', count = '0'] = /^(.*?)\s*(\d+)$/.exec(label) ?? [];
    // A click navigates: the box shows checked once the address has changed.
    await first.click();
    await expect(first).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`\\?brand=${encodeURIComponent(brand).replace(/%20/g, '\\+')}$`));
    await expect(cards).toHaveCount(Number(count));
    const chips = page.getByRole('region', { name: 'Active filters' });
    await expect(chips.getByRole('button', { name: `Remove filter: ${brand}` })).toBeVisible();

    // A price range: every card left costs at least the lowest price.
    const prices = await cards.locator('.product-price').allTextContents();
    const lowest = Math.min(...prices.map(parsePrice));
    const from = Math.floor(lowest) + 1;
    await page.getByRole('textbox', { name: 'Min' }).fill(String(from));
    await page.getByRole('textbox', { name: 'Min' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`&minPrice=${from}$`));
    await expect(chips.getByRole('button', { name: /^Remove filter: From EGP/ })).toBeVisible();
    await settled(page);
    for (const text of await cards.locator('.product-price').allTextContents())
      expect(parsePrice(text)).toBeGreaterThanOrEqual(from);
    const filtered = await cards.count();
    expect(filtered).toBeLessThan(Number(count));

    // Reloaded (rendered on the server, then taken over), the address gives the same list and the same choices.
    await page.reload();
    await expect(cards).toHaveCount(filtered);
    await expect(brands.getByRole('checkbox', { name: new RegExp(`^${brand} \\d+$`) })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Min' })).toHaveValue(String(from));
    await expectNoSeriousA11yViolations(page, { include: '.filter-panel' });

    // Back undoes the price; a chip removes the brand.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?brand=[^&]+$`));
    await expect(cards).toHaveCount(Number(count));
    await chips.getByRole('button', { name: `Remove filter: ${brand}` }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(chips).toBeHidden();

    // Filters that leave nothing say so, and offer to clear them.
    await page.getByRole('textbox', { name: 'Min' }).fill('9999999');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No products match these filters')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Clear all' }).last().click();
    await expect(cards.first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });

  test('search results filtered in a bottom sheet on a phone, in Arabic', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openInArabic(page);
    await page.goto('/ar/searchResults/samsung?inStock=true');
    const results = page.getByRole('list', { name: ar('search.resultsLabel') }).getByRole('listitem');
    await expect(results.first()).toBeVisible();
    const before = await results.count();

    // On a phone the panel waits behind a button that counts the filters set.
    await expect(page.getByRole('group', { name: ar('filters.brand') })).toBeHidden();
    await page.getByRole('button', { name: `${ar('filters.open')} 1` }).click();
    const sheet = page.getByRole('dialog', { name: ar('filters.title') });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('checkbox', { name: ar('filters.inStock') })).toBeChecked();
    const rating = sheet.getByRole('radio', {
      name: new RegExp(`^${ar('filters.ratingAtLeast', { stars: 4 })} \\d+$`),
    });
    const [, expected = '0'] =
      /(\d+)$/.exec(
        (await rating.evaluate((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim(),
      ) ?? [];
    await rating.click();
    await expect(rating).toBeChecked();
    await expect(page).toHaveURL(/\?rating=4&inStock=true$/);
    await expectNoSeriousA11yViolations(page, { include: '.filters-sheet' });
    await sheet.getByRole('button', { name: ar('filters.showResults') }).click();
    await expect(sheet).toBeHidden();

    await expect(results).toHaveCount(Number(expected));
    expect(Number(expected)).toBeLessThanOrEqual(before);
    const chips = page.getByRole('region', { name: ar('filters.active') });
    await expect(
      chips.getByRole('button', { name: ar('filters.remove', { label: ar('filters.inStock') }) }),
    ).toBeVisible();
    await expect(
      chips.getByRole('button', { name: ar('filters.remove', { label: ar('filters.ratingAtLeast', { stars: 4 }) }) }),
    ).toBeVisible();
    await expectArabicPage(page, ['samsung']);
  });
});
