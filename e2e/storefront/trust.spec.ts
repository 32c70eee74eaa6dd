import type { Page } from '@playwright/test';
import { allProducts } from '../support/catalog';
import { ar, expectArabicPage } from '../support/arabic';
import { footer } from '../support/ui';
import { test, expect } from '../support/test';

/** The demo's electronics carry the official agent's warranty (apps/api/src/seed/catalogue.ts). */
const WARRANTY = '2-year official Egyptian agent warranty';
const WARRANTY_AR = 'ضمان الوكيل الرسمي في مصر لمدة عامين';

const promises = (page: Page) => page.locator('.product-promises');

test.describe('the signs shoppers look for', () => {
  test('in Arabic, the footer says who the seller is and leads to the returns and delivery pages', async ({
    page,
    request,
  }) => {
    const shop = (await (await request.get('/api/shop')).json()) as Record<string, string>;
    await page.goto('/ar/pages/returns');
    // The page itself, rendered by the server in Arabic: the law's 14 days.
    await expect(page.getByRole('heading', { level: 1, name: 'الاسترجاع والاسترداد' })).toBeVisible();
    await expect(page.getByText(/خلال 14 يومًا من استلامه/)).toBeVisible();
    await expect(page).toHaveTitle('الاسترجاع والاسترداد – EGP Shop');

    const foot = footer(page);
    await expect(foot.getByText(shop.addressAr ?? '')).toBeVisible();
    await expect(foot.getByText(ar('footer.commercialRegister'))).toContainText(shop.commercialRegister ?? '');
    await expect(foot.getByText(ar('footer.taxNumber'))).toContainText(shop.taxNumber ?? '');
    const phone = foot.getByRole('link', { name: shop.phone ?? '' });
    await expect(phone).toHaveAttribute('href', `tel:${(shop.phone ?? '').replace(/[^\d+]/g, '')}`);
    await expect(foot.getByRole('link', { name: ar('footer.whatsapp') })).toHaveAttribute(
      'href',
      `https://wa.me/${(shop.whatsapp ?? '').replace('+', '')}`,
    );
    const pages = foot.getByRole('navigation', { name: ar('footer.pagesHeading') });
    await expect(pages.getByRole('link', { name: ar('footer.pages.privacy') })).toHaveAttribute(
      'href',
      '/ar/pages/privacy',
    );
    await expectArabicPage(page);

    // On to another page in the app, still in Arabic.
    await pages.getByRole('link', { name: ar('footer.pages.delivery') }).click();
    await expect(page).toHaveURL('/ar/pages/delivery');
    await expect(page.getByRole('heading', { level: 1, name: 'التوصيل' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'مدة التوصيل' })).toBeVisible();
  });

  test('the product page says when it arrives in the chosen governorate, the returns promise and the warranty', async ({
    page,
    request,
  }) => {
    const product = (await allProducts(request)).find((item) => item.warranty === WARRANTY);
    if (!product) throw new Error('the demo catalogue has no product with the agent warranty');
    await page.goto(`/product/one/${product._id}`);
    const promised = promises(page);
    // Cairo until the shopper picks another governorate.
    await expect(promised.getByRole('combobox', { name: 'Governorate to deliver to' })).toHaveValue('Cairo');
    await expect(promised).toContainText('Arrives in 1–2 days to');
    await promised.getByRole('combobox', { name: 'Governorate to deliver to' }).selectOption('Aswan');
    await expect(promised).toContainText('Arrives in 4–7 days to');
    // Remembered for the next product page.
    expect(await page.evaluate(() => localStorage.getItem('deliveryGovernorate'))).toBe('"Aswan"');
    await expect(promised.getByRole('link', { name: 'Returns within 14 days' })).toHaveAttribute(
      'href',
      '/pages/returns',
    );
    await expect(promised.getByText(WARRANTY)).toBeVisible();
  });

  test('in Arabic, the product page promises delivery, returns and the warranty in Arabic', async ({
    page,
    request,
  }) => {
    const product = (await allProducts(request)).find((item) => item.warranty === WARRANTY);
    if (!product) throw new Error('the demo catalogue has no product with the agent warranty');
    await page.goto(`/ar/product/one/${product._id}`);
    const promised = promises(page);
    // Cairo's 1–2 days, said in words as Arabic says a day or two.
    await expect(promised).toContainText(ar('product.promise.arrivesBetween_two'));
    await expect(promised.getByRole('combobox', { name: ar('product.promise.governorate') })).toHaveValue('Cairo');
    await expect(promised.getByRole('option', { name: 'القاهرة' })).toBeAttached();
    await expect(
      promised.getByRole('link', { name: ar('product.promise.returns_many', { count: 14 }) }),
    ).toHaveAttribute('href', '/ar/pages/returns');
    await expect(promised.getByText(WARRANTY_AR)).toBeVisible();
  });
});
