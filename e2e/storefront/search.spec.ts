import { IPHONE } from '../support/catalog';
import { test, expect } from '../support/test';
import { gridCards, header, parsePrice, productCard } from '../support/ui';

const SORTS = ['Price: Low to High', 'Price: High to Low', 'Avg. Customer review'] as const;

test.describe('search', () => {
  test("the typo 'iphnoe' typed in the header still finds the iPhone, under a heading with the count and the text", async ({
    page,
  }) => {
    await page.goto('/');
    const box = header(page).getByRole('combobox', { name: 'Search products' });
    await box.fill('iphnoe');
    await box.press('Enter');
    await expect(page).toHaveURL('/searchResults/iphnoe');
    await expect(productCard(page, IPHONE)).toBeVisible();
    const cards = gridCards(page, 'Search results');
    const count = await cards.count();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${count} ${count === 1 ? 'result' : 'results'} for “iphnoe”`,
    );
  });

  test('/SearchResults/{search} is the same screen', async ({ page }) => {
    await page.goto('/SearchResults/iphone');
    await expect(productCard(page, IPHONE)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ results? for “iphone”$/);
  });

  test("nothing found shows 'No products found for {search}'", async ({ page }) => {
    await page.goto('/searchResults/qqxzzvw');
    // Said once, as the page's heading; nothing to sort or filter is offered.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No products found for qqxzzvw');
    await expect(page.locator('details.sort-menu')).toHaveCount(0);
    await expect(gridCards(page, 'Search results')).toHaveCount(0);
  });

  test('Sort By offers the three orders, and each one orders the cards', async ({ page }) => {
    await page.goto('/searchResults/samsung');
    const cards = gridCards(page, 'Search results');
    await expect(cards.first()).toBeVisible();
    const total = await cards.count();
    expect(total).toBeGreaterThan(3);
    // A disclosure whose options are links (it works before the app and without it).
    const sortBy = page.locator('details.sort-menu > summary');
    await sortBy.click();
    const options = page.locator('details.sort-menu').getByRole('link');
    await expect(options).toHaveText([...SORTS]);
    await page.keyboard.press('Escape');
    await expect(options.first()).toBeHidden();

    const prices = () =>
      cards
        .locator('.product-price')
        .allTextContents()
        .then((texts) => texts.map(parsePrice));
    const ratings = () =>
      cards
        .getByRole('img', { name: /^Rated [\d.]+ out of 5$/ })
        .evaluateAll((stars) =>
          stars.map((star) => Number(/Rated ([\d.]+)/.exec(star.getAttribute('aria-label') ?? '')?.[1])),
        );
    const sorted = (values: number[], direction: 1 | -1) => [...values].sort((a, b) => direction * (a - b));

    for (const [option, read, direction] of [
      ['Price: Low to High', prices, 1],
      ['Price: High to Low', prices, -1],
      ['Avg. Customer review', ratings, -1],
    ] as const) {
      await sortBy.click();
      await page.getByRole('link', { name: option, exact: true }).click();
      await expect(page).toHaveURL(`/searchResults/samsung?sortBy=${encodeURIComponent(option).replace(/%20/g, '+')}`);
      await expect(sortBy).toHaveText(`Sort By: ${option}`);
      await expect(page.getByRole('link', { name: option, exact: true, includeHidden: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(cards).toHaveCount(total);
      await expect
        .poll(
          async () => {
            const values = await read();
            return values.length === total && values.join() === sorted(values, direction).join();
          },
          { message: `cards ordered by ${option}` },
        )
        .toBe(true);
    }
    // The ratings order really moved rated products first (the demo has ratings above 0 among Samsung's).
    expect((await ratings())[0]).toBeGreaterThan(0);
  });
});
