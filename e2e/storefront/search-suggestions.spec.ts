import { ar } from '../support/arabic';
import { test, expect } from '../support/test';
import { header } from '../support/ui';

/** The header's search suggests as the shopper types (an ARIA 1.2 combobox), by keyboard, in each language. */
test.describe('search suggestions', () => {
  test('English: typed text suggests products, brands and categories; the arrows, Escape and Enter work them', async ({
    page,
  }) => {
    await page.goto('/');
    const box = header(page).getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('sams');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('group', { name: 'Brands' }).getByRole('option')).toHaveText(['Samsung']);
    const options = list.getByRole('option');
    const count = await options.count();
    await expect(page.getByRole('status').filter({ hasText: 'use the up and down arrows' })).toHaveText(
      `${count} suggestions, use the up and down arrows to choose`,
    );

    // The focus stays in the box; the chosen option is named by aria-activedescendant.
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
    await box.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();

    await box.press('ArrowDown');
    const product = (await options.first().textContent()) ?? '';
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/one\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product);
  });

  test('Arabic: Arabic text suggests Arabic names, right to left, and Enter without a choice searches', async ({
    page,
  }) => {
    await page.goto('/ar');
    const box = header(page).getByRole('combobox', { name: ar('search.label') });
    await box.pressSequentially('موبايل سامس');
    const list = page.getByRole('listbox', { name: ar('search.suggestions.label') });
    const products = list.getByRole('group', { name: ar('search.suggestions.products') }).getByRole('option');
    // Typed a letter at a time, the box showed the suggestions of "موبايل" (an iPhone among them) before its own:
    // waited for until each names Samsung.
    await expect(products.filter({ hasText: 'سامسونج' }).first()).toBeVisible();
    await expect(products.filter({ hasNotText: 'سامسونج' })).toHaveCount(0);
    expect(await list.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');

    await box.press('ArrowDown');
    await expect(products.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await box.press('Enter');
    await expect(page).toHaveURL(`/ar/searchResults/${encodeURIComponent('موبايل سامس')}`);
  });
});
