import { demoAdmin, signedInShopper, signIn } from '../support/accounts';
import { categories, departments, ELECTRONICS_CATEGORIES, SEED_DEPARTMENTS } from '../support/catalog';
import { test, expect } from '../support/test';
import { cartLink, expectCartCount, footer, header, storedSession } from '../support/ui';

test.describe('header and footer', () => {
  test('a visitor sees the menu, logo, search box, a Login link and the cart icon', async ({ page }) => {
    await page.goto('/');
    const bar = header(page);
    await expect(bar.getByRole('button', { name: 'Open the menu' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'EGP Shop' })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expectCartCount(page, 0);
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await bar.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the footer has a contact-us mail link, About and Back to Top', async ({ page }) => {
    await page.goto('/');
    const foot = footer(page);
    await expect(foot.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:\S+@\S+$/);
    await expect(foot.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about');

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await foot.getByRole('button', { name: 'Back to Top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await foot.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
  });

  test('the menu drawer lists the departments, each opening onto its categories', async ({ page, request }) => {
    const electronics = (await departments(request)).find((item) => item.name === 'Electronics');
    const televisions = (await categories(request)).find((item) => item.name === 'Televisions');

    await page.goto('/');
    await header(page).getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Hello, sign in' });
    await expect(drawer).toBeVisible();
    const menu = drawer.getByRole('navigation', { name: 'Departments' });
    for (const name of SEED_DEPARTMENTS) await expect(menu.getByText(name, { exact: true })).toBeVisible();

    await menu.getByText('Electronics', { exact: true }).click();
    await expect(menu.getByRole('link', { name: 'All of Electronics' })).toHaveAttribute(
      'href',
      `/department/${electronics?._id}`,
    );
    for (const name of ELECTRONICS_CATEGORIES)
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();

    await menu.getByRole('link', { name: 'Televisions', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(`/product/category/${televisions?._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Televisions' })).toBeVisible();
  });

  test('the search box sends the shopper to /searchResults/{query}', async ({ page }) => {
    await page.goto('/');
    const box = header(page).getByRole('combobox', { name: 'Search products' });
    await box.fill('samsung tv');
    await box.press('Enter');
    await expect(page).toHaveURL('/searchResults/samsung%20tv');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('“samsung tv”');
    await expect(box).toHaveValue('samsung tv');
  });

  test('/login and /signup hide the navbar', async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('combobox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveCount(0);
      // The logo still leads home.
      await expect(page.getByRole('link', { name: 'EGP Shop' })).toHaveAttribute('href', '/');
    }
  });

  test('a shopper sees a link with their name and the cart; logging out clears the session', async ({
    page,
    request,
  }) => {
    const shopper = await signedInShopper(page, request, 'Mona Header');
    await page.goto('/');
    const bar = header(page);
    await expect(bar.getByRole('link', { name: 'Mona Header' })).toHaveAttribute('href', '/User');
    await expect(bar.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expectCartCount(page, 0);
    expect((await storedSession(page))?.user._id).toBe(shopper.user._id);

    await bar.getByRole('button', { name: 'Log out' }).click();
    await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Mona Header' })).toHaveCount(0);
    expect(await storedSession(page)).toBeNull();
    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('an admin sees a dashboard icon instead of the cart', async ({ page, request }) => {
    const admin = await demoAdmin(request);
    await signIn(page, admin);
    await page.goto('/');
    const bar = header(page);
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(cartLink(page)).toHaveCount(0);
    await expect(bar.getByRole('link', { name: admin.user.name })).toHaveAttribute('href', '/EditProfile');
  });
});

test.describe('not-found screen', () => {
  test('any other path shows an image that links home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    const home = page
      .getByRole('main')
      .getByRole('link')
      .filter({ has: page.locator('img') });
    await expect(home).toHaveAttribute('href', '/');
    await expect(home.locator('img')).toBeVisible();
    await home.locator('img').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible();
  });
});

test.describe('about', () => {
  test('/about has the five sections', async ({ page }) => {
    await page.goto('/about');
    const sections = ['Who We Are', 'What We Do', 'Our Workplace', 'Our Impact', 'Our Planet'];
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(sections);
    for (const name of sections) await expect(page.getByRole('region', { name })).toBeVisible();
  });
});
