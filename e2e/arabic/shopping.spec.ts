import { newShopper, signIn } from '../support/accounts';
import { demoProduct, SLOTS } from '../checkout/helpers';
import { ar, expectArabicPage, openInArabic } from '../support/arabic';
import { header } from '../support/ui';
import { test, expect } from '../support/test';

/** The iPhone of the demo catalogue, by its Arabic name (apps/api/src/seed/catalogue.ts). */
const IPHONE_AR = 'موبايل أبل آيفون 15';

// A small phone: every Arabic page must fit 360 px without scrolling sideways.
test.use({ viewport: { width: 360, height: 740 } });

test.describe('the shop in Arabic, on a phone', () => {
  test('browsing: home, a department, a category and a product read right to left in Arabic', async ({ page }) => {
    // Three screens, each checked for direction, leftover English and axe: 24 s on one core under a load of 12.
    test.slow();
    // The switch lives in the menu drawer on phones.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: ar('home.products') })).toBeVisible();
    await expectArabicPage(page);

    await page.getByRole('button', { name: ar('nav.openMenu') }).click();
    const menu = page.getByRole('dialog').getByRole('navigation', { name: ar('nav.departments') });
    await menu.getByText('إلكترونيات', { exact: true }).click();
    await menu.getByRole('link', { name: 'شاشات وتلفزيونات', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'شاشات وتلفزيونات' })).toBeVisible();
    await expectArabicPage(page);

    await page.getByRole('list', { name: 'شاشات وتلفزيونات' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/شاشة/);
    await expect(page.getByText(/ج\.م\./).first()).toBeVisible();
    await expectArabicPage(page);
  });

  test('search finds the iPhone however its Arabic is spelt, and in English', async ({ page }) => {
    // Ten pages loaded one after the other, each its own search: 27 s on two cores, 55 s on one, under a load of 12-15.
    test.slow();
    await openInArabic(page);
    for (const text of ['ايفون', 'آيفون', 'إيفون', 'أيفون', 'آيـــفون', 'آيْفُون', 'iPhone']) {
      await page.goto(`/searchResults/${encodeURIComponent(text)}`);
      await expect(
        page.getByRole('list', { name: ar('search.resultsLabel') }).getByRole('link', { name: IPHONE_AR, exact: true }),
        text,
      ).toBeVisible();
    }
    // The query the shopper typed ('iPhone') is shown back as typed.
    await expectArabicPage(page, ['iPhone']);

    // Ta marbuta typed as ha, and with diacritics: the same televisions.
    const televisions = async (text: string) => {
      await page.goto(`/searchResults/${encodeURIComponent(text)}`);
      const results = page.getByRole('list', { name: ar('search.resultsLabel') }).getByRole('listitem');
      await expect(results.first()).toBeVisible();
      return results.allInnerTexts();
    };
    const asWritten = await televisions('شاشة سامسونج');
    expect(asWritten.join(' ')).toContain('شاشة سامسونج');
    expect(await televisions('شاشه سامسونج')).toEqual(asWritten);
    expect(await televisions('شَاشَة سَامْسُونج')).toEqual(asWritten);

    // Typed in the header's search box.
    await page.getByRole('combobox', { name: ar('search.label') }).fill('ايفون');
    await page.getByRole('combobox', { name: ar('search.label') }).press('Enter');
    await expect(page).toHaveURL(/\/searchResults\//);
    await expect(page.getByRole('link', { name: IPHONE_AR, exact: true })).toBeVisible();
  });

  test('a cash order in Arabic: product, cart, address, payment, place order, orders', async ({ page, request }) => {
    test.slow();
    const shopper = await newShopper(request, 'منى السيد');
    const product = await demoProduct(request, SLOTS.arabic);
    await signIn(page, shopper);
    await openInArabic(page);

    await page.goto(`/product/one/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.nameAr ?? '' })).toBeVisible();
    await expectArabicPage(page);
    await page.getByRole('button', { name: ar('product.addToCart'), exact: true }).click();
    await header(page)
      .getByRole('link', { name: ar('nav.cartCount_one') })
      .click();

    await expect(page).toHaveURL(/\/CartPage$/);
    await expect(page.getByText(product.nameAr ?? '').first()).toBeVisible();
    await expectArabicPage(page);
    await page.getByRole('link', { name: ar('checkout.cart.proceed') }).click();

    await expect(page).toHaveURL(/\/ShippingAdress$/);
    await expectArabicPage(page);
    await page.getByRole('link', { name: ar('checkout.shipping.add') }).click();
    await expect(page).toHaveURL(/\/ShippingForm$/);
    await page.getByLabel(ar('checkout.form.governorate')).selectOption({ label: 'الجيزة' });
    await page.getByLabel(ar('checkout.form.city')).fill('الدقي');
    await page.getByLabel(ar('checkout.form.zipCode')).fill('12611');
    await page.getByLabel(ar('checkout.form.street')).fill('شارع التحرير');
    await page.getByLabel(ar('checkout.form.building')).fill('7');
    await page.getByLabel(ar('checkout.form.phone')).fill('01098765432');
    // Numbers are typed left to right in a right-to-left form.
    await expect(page.getByLabel(ar('checkout.form.phone'))).toHaveCSS('direction', 'ltr');
    await expectArabicPage(page);
    await page.getByRole('button', { name: ar('checkout.form.submit') }).click();

    await expect(page).toHaveURL(/\/Payment$/);
    await page.getByRole('radio', { name: ar('checkout.method.cash') }).check();
    await expectArabicPage(page);
    await page.getByRole('button', { name: ar('checkout.payment.continue') }).click();

    await expect(page).toHaveURL(/\/PlaceOrder$/);
    await expectArabicPage(page);
    await page.getByRole('button', { name: ar('checkout.review.placeOrder') }).click();
    await expect(page).toHaveURL(/\/success/);
    await expectArabicPage(page);

    await page.goto('/Orders');
    await expect(page.getByRole('heading', { level: 1, name: ar('checkout.orders.title') })).toBeVisible();
    await expect(page.getByText(product.nameAr ?? '').first()).toBeVisible();
    await expectArabicPage(page);
  });
});
