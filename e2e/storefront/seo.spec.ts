import type { APIRequestContext } from '@playwright/test';
import { productPaths } from '@shop/contracts';
import { ar, expectArabicPage } from '../support/arabic';
import { demoProduct, IPHONE, product as productOf, type ApiProduct } from '../support/catalog';
import { header } from '../support/ui';
import { test, expect } from '../support/test';

/** The demo iPhone, which has an Arabic name (apps/api/src/seed/catalogue.ts). */
async function iphone(request: APIRequestContext): Promise<ApiProduct & { nameAr: string }> {
  const found = await demoProduct(request, (item) => item.name === IPHONE);
  if (!found.nameAr) throw new Error('the demo iPhone has no Arabic name');
  return { ...found, nameAr: found.nameAr };
}

test('a product page read without JavaScript has the product’s title, Open Graph and structured data', async ({
  browser,
  request,
}) => {
  const product = await iphone(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(`/product/one/${product._id}`);
  expect(res?.status()).toBe(200);

  await expect(page).toHaveTitle(`${IPHONE} – EGP Shop`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const meta = (property: string) => page.locator(`meta[property="${property}"]`);
  await expect(meta('og:title')).toHaveAttribute('content', `${IPHONE} – EGP Shop`);
  await expect(meta('og:type')).toHaveAttribute('content', 'product');
  await expect(meta('og:image')).toHaveAttribute('content', new RegExp(`^https?://[^/]+${product.image_path[0]}$`));
  // The canonical address names the product after its id, in each language its own name.
  const named = productPaths(product);
  expect(named.en).toBe(`/product/one/${product._id}/apple-iphone-15`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`^https?://[^/]+${named.en}$`),
  );
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute(
    'href',
    new RegExp(`/ar${named.ar}$`),
  );
  const things = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '') as { '@type': string }));
  // The iPhone's storage sizes cost differently: one offer would tell a search engine every size costs the least.
  const prices = ((await productOf(request, product._id)).variants ?? []).map((variant) => variant.price);
  expect(new Set(prices).size).toBeGreaterThan(1);
  expect(things.find((thing) => thing['@type'] === 'Product')).toMatchObject({
    name: IPHONE,
    sku: product._id,
    brand: { '@type': 'Brand', name: product.brand },
    offers: {
      '@type': 'AggregateOffer',
      lowPrice: Math.min(...prices),
      highPrice: Math.max(...prices),
      offerCount: prices.length,
      priceCurrency: 'EGP',
    },
  });

  // The body comes from the server too: the product, its price, its picture and the trail to it.
  await expect(page.getByRole('heading', { level: 1, name: IPHONE })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`EGP ${product.price.toLocaleString('en')}`);
  await expect(page.getByRole('img', { name: IPHONE }).first()).toHaveAttribute('src', product.image_path[0] ?? '');
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: product.department.name })).toHaveAttribute(
    'href',
    `/department/${product.department._id}`,
  );
  await context.close();
});

test('a server-rendered page is taken over where it is: the same elements, no error, in both languages', async ({
  page,
  request,
}) => {
  const product = await iphone(request);
  // The app's code waits until the server's markup is marked, so the test sees the page before and after.
  let release = () => {};
  let marked = Promise.resolve();
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await marked;
    await route.continue();
  });

  for (const [path, name] of [
    [`/product/one/${product._id}`, IPHONE],
    [`/ar/product/one/${product._id}`, product.nameAr],
  ] as const) {
    marked = new Promise<void>((resolve) => (release = resolve));
    await page.goto(path, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name });
    await expect(heading).toBeVisible();
    // A mark React knows nothing of: it survives only if React adopts the server's element rather than
    // rendering its own (which it does when the two disagree, with an error the fixture reports).
    await heading.evaluate((element) => Object.assign(element, { fromServer: true }));
    release();
    await expect
      .poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))))
      .toBe(true);
    expect(await heading.evaluate((element) => 'fromServer' in element)).toBe(true);
    // The title is the head's alone: none left in the body to outlive the page.
    await expect(page.locator('#root title')).toHaveCount(0);
  }
});

test('a product that is not there is a 404, and the app says so', async ({ page }) => {
  const res = await page.goto('/product/one/00000000-0000-4000-8000-000000000000');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('Product not found');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Arabic product page at /ar/…: right to left, in Arabic, no console error, its links in Arabic', async ({
    page,
    request,
  }) => {
    const product = await iphone(request);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // A first visit: nothing chosen before, an English browser. The address alone says Arabic.
    const res = await page.goto(`/ar/product/one/${product._id}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: product.nameAr })).toBeVisible();
    await expect(page).toHaveTitle(`${product.nameAr} – EGP Shop`);
    await expectArabicPage(page);
    const trail = page.getByRole('navigation', { name: ar('common.breadcrumb') });
    await expect(trail.getByRole('link', { name: ar('nav.home') })).toHaveAttribute('href', '/ar');
    await trail.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/ar/department/${product.department._id}$`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(errors).toEqual([]);
  });
});

test('the language switch moves between /… and /ar/…, and the shop opens in the chosen one at /', async ({
  page,
  request,
}) => {
  const product = await iphone(request);
  await page.goto(`/product/one/${product._id}?from=switch#reviews`);
  await expect(page.getByRole('heading', { level: 1, name: IPHONE })).toBeVisible();
  await header(page).getByRole('link', { name: 'العربية' }).click();

  await expect(page).toHaveURL(new RegExp(`/ar/product/one/${product._id}\\?from=switch#reviews$`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: product.nameAr })).toBeVisible();
  await expect(page).toHaveTitle(`${product.nameAr} – EGP Shop`);

  // The choice holds for the next visit to an address without a language.
  await page.goto('/');
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByRole('heading', { name: ar('home.products') })).toBeVisible();

  await header(page).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
});
