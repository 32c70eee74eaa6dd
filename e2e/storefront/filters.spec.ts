import type { APIRequestContext, Page } from '@playwright/test';
import { demoAdmin } from '../support/accounts';
import { ar, expectArabicPage, openInArabic } from '../support/arabic';
import { categories, COUNTED_CATEGORY, productsOfCategory, uniqueWord, type ApiProduct } from '../support/catalog';
import { test, expect } from '../support/test';
import {
  expectNoSeriousA11yViolations,
  gridCards,
  parsePrice,
  productCard,
  settled,
  shortTapTargets,
} from '../support/ui';

/** The category no test adds products to: its brands and prices hold still while these tests run. */
async function countedCategoryPath(page: Page): Promise<{ path: string; name: string }> {
  const category = (await categories(page.request)).find((item) => item.name === COUNTED_CATEGORY);
  if (!category) throw new Error(`no category ${COUNTED_CATEGORY}`);
  return { path: `/product/category/${category._id}`, name: category.name };
}

/** Sells `product` in these sizes (one variant each, in stock), as the admin's grid does. */
async function sellInSizes(request: APIRequestContext, product: ApiProduct, sizes: string[]): Promise<void> {
  const admin = await demoAdmin(request);
  const res = await request.put(`/api/product/${product._id}/variants`, {
    headers: { 'x-access-token': admin.token },
    data: {
      options: [{ name: 'Size', nameAr: 'المقاس', values: sizes.map((value) => ({ value, valueAr: null })) }],
      variants: sizes.map((size) => ({
        sku: `E2E-${product._id.slice(0, 8)}-${size}`.toUpperCase(),
        options: { Size: size },
        price: 120,
        stock: 4,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
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

  test('a category narrowed to a highest price and to cash on delivery: the list, the address and the chips', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { path, name } = await countedCategoryPath(page);
    const categoryId = path.split('/').pop() ?? '';
    await page.goto(path);
    const cards = gridCards(page, name);
    await expect(cards.first()).toBeVisible();
    const chips = page.getByRole('region', { name: 'Active filters' });

    // Up to a price below the dearest card: every card left costs at most that.
    const prices = (await cards.locator('.product-price').allTextContents()).map(parsePrice);
    const to = Math.ceil(Math.max(...prices)) - 1;
    const cheaper = prices.filter((price) => price <= to).length;
    await page.getByRole('textbox', { name: 'Max' }).fill(String(to));
    await page.getByRole('textbox', { name: 'Max' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?maxPrice=${to}$`));
    await expect(chips.getByRole('button', { name: /^Remove filter: Up to EGP/ })).toBeVisible();
    await expect(cards).toHaveCount(cheaper);
    for (const text of await cards.locator('.product-price').allTextContents())
      expect(parsePrice(text)).toBeLessThanOrEqual(to);
    await chips.getByRole('button', { name: /^Remove filter: Up to EGP/ }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));

    // Cash on delivery leaves only the products that take it (the checkout tests may sell some out meanwhile, so
    // the cards are checked by what they are, not counted).
    const listed = await productsOfCategory(page.request, categoryId);
    const payable = new Set(listed.filter((product) => product.cod).map((product) => product.name));
    const refused = listed.filter((product) => !product.cod).map((product) => product.name);
    expect(refused.length, `${name} has products that do not take cash on delivery`).toBeGreaterThan(0);
    const box = page.getByRole('checkbox', { name: 'Cash on delivery' });
    await box.click();
    await expect(box).toBeChecked();
    await expect(page).toHaveURL(/\?cod=true$/);
    await expect(chips.getByRole('button', { name: 'Remove filter: Cash on delivery' })).toBeVisible();
    await settled(page);
    const shown = (await cards.getByRole('link').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(shown.length).toBeGreaterThan(0);
    for (const product of shown) expect(payable, `${product} takes cash on delivery`).toContain(product);
    for (const product of refused) await expect(productCard(page, product)).toHaveCount(0);
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
      name: new RegExp(`^${ar('filters.ratingAtLeast_few', { count: 4 })} \\d+$`),
    });
    const [, expected = '0'] =
      /(\d+)$/.exec(
        (await rating.evaluate((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim(),
      ) ?? [];
    await rating.click();
    await expect(rating).toBeChecked();
    await expect(page).toHaveURL(/\?rating=4&inStock=true$/);
    await expectNoSeriousA11yViolations(page, { include: '.filters-sheet' });
    // Every choice is a row to tap, not a line of text (a QA finding: 30 px rows, a 31 px Apply).
    expect(await shortTapTargets(page, '.filters-sheet')).toEqual([]);
    await sheet.getByRole('button', { name: ar('filters.showResults') }).click();
    await expect(sheet).toBeHidden();

    await expect(results).toHaveCount(Number(expected));
    expect(Number(expected)).toBeLessThanOrEqual(before);
    const chips = page.getByRole('region', { name: ar('filters.active') });
    await expect(
      chips.getByRole('button', { name: ar('filters.remove', { label: ar('filters.inStock') }) }),
    ).toBeVisible();
    await expect(
      chips.getByRole('button', {
        name: ar('filters.remove', { label: ar('filters.ratingAtLeast_few', { count: 4 }) }),
      }),
    ).toBeVisible();
    await expectArabicPage(page, ['samsung']);
  });

  test("a category filtered by a variant's size: the address, the list and the chips follow", async ({
    page,
    request,
    makeProduct,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const small = await makeProduct({ name: `E2E tee ${uniqueWord('xs')}` });
    const large = await makeProduct({ name: `E2E tee ${uniqueWord('l')}` });
    // XS: no other test sells a size so small, so only this test's tee has it.
    await sellInSizes(request, small, ['XS', 'M']);
    await sellInSizes(request, large, ['L']);

    await page.goto(`/product/category/${small.category._id}`);
    const cards = gridCards(page, small.category.name);
    await expect(productCard(page, large.name)).toBeVisible();
    const sizes = page.getByRole('group', { name: 'Size' });
    const xs = sizes.getByRole('checkbox', { name: 'XS 1' });
    await xs.click();
    await expect(xs).toBeChecked();
    await expect(page).toHaveURL(/\?opt\.Size=XS$/);
    await expect(cards).toHaveCount(1);
    await expect(productCard(page, small.name)).toBeVisible();
    const chips = page.getByRole('region', { name: 'Active filters' });
    await expect(chips.getByRole('button', { name: 'Remove filter: Size: XS' })).toBeVisible();

    // Rendered on the server from the address, then taken over: the same list and choice.
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(sizes.getByRole('checkbox', { name: 'XS 1' })).toBeChecked();
    await chips.getByRole('button', { name: 'Remove filter: Size: XS' }).click();
    await expect(page).toHaveURL(new RegExp(`/product/category/${small.category._id}$`));
    await expect(productCard(page, large.name)).toBeVisible();
  });
});
