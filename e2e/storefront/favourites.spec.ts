import { newShopper, signIn, signedInShopper } from '../support/accounts';
import { test, expect } from '../support/test';
import { gridCards, productCard, toast } from '../support/ui';

test.describe('favourites', () => {
  test("with none yet, /Favourite shows the 'no favorite' message and an 'add some products' link home", async ({
    page,
    request,
  }) => {
    await signedInShopper(page, request);
    await page.goto('/Favourite');
    await expect(page.getByRole('heading', { level: 1, name: 'Your favourites' })).toBeVisible();
    await expect(page.getByText('You have no favorite products yet')).toBeVisible();
    const link = page.getByRole('link', { name: 'add some products' });
    await expect(link).toHaveAttribute('href', '/');
    await link.click();
    await expect(page).toHaveURL('/');
  });

  test('hearting a product adds its card to /Favourite; hearting it again removes it', async ({
    page,
    request,
    browser,
    makeProduct,
  }) => {
    const item = await makeProduct();
    const shopper = await newShopper(request);
    await signIn(page, shopper);
    await page.goto(`/searchResults/${encodeURIComponent(item.name)}`);
    const heart = productCard(page, item.name).getByRole('button', { name: `Add ${item.name} to favourites` });
    await heart.click();
    await expect(toast(page, `${item.name} added to favourites`)).toBeVisible();
    const filled = productCard(page, item.name).getByRole('button', { name: `Remove ${item.name} from favourites` });
    await expect(filled).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/Favourite');
    const cards = gridCards(page, 'Your favourites');
    await expect(cards).toHaveCount(1);
    await expect(productCard(page, item.name)).toBeVisible();
    await expect(productCard(page, item.name).getByRole('button', { name: `Add to Cart: ${item.name}` })).toBeEnabled();

    // Kept on the server too: another browser of the same shopper sees it.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await signIn(otherPage, shopper);
    await otherPage.goto('/Favourite');
    await expect(productCard(otherPage, item.name)).toBeVisible();
    await other.close();

    await productCard(page, item.name)
      .getByRole('button', { name: `Remove ${item.name} from favourites` })
      .click();
    await expect(toast(page, `${item.name} removed from favourites`)).toBeVisible();
    await expect(page.getByText('You have no favorite products yet')).toBeVisible();
  });

  test('a visitor on /Favourite goes to /login', async ({ page }) => {
    await page.goto('/Favourite');
    await expect(page).toHaveURL('/login');
  });
});
