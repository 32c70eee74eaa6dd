import type { APIRequestContext, Page } from '@playwright/test';
import { productPath, productPaths, type ProductDetail } from '@shop/contracts';
import { ar } from '../support/arabic';
import { categories, demoProduct, IPHONE, productsOfCategory, type ApiProduct } from '../support/catalog';
import { test, expect } from '../support/test';
import { egp, gridCards, productCard } from '../support/ui';

/** The demo iPad: sold in variants, every other one on sale (apps/api/src/seed/products.ts). */
const IPAD = 'Apple iPad 10th Generation 10.9-inch';

async function ipadOnSale(request: APIRequestContext) {
  const found = await demoProduct(request, (item) => item.name === IPAD);
  const detail = (await (await request.get(`/api/product/one/${found._id}`)).json()) as ProductDetail;
  const onSale = detail.variants?.find((variant) => variant.compareAtPrice !== null);
  if (!onSale?.compareAtPrice) throw new Error('the demo iPad has no variant on sale');
  return { detail, variant: onSale, was: onSale.compareAtPrice };
}

const price = (page: Page) => page.getByRole('main').locator('.product-detail-price');

test('a variant on sale shows its price, the price before the sale struck through and the saving', async ({
  page,
  request,
}) => {
  const { detail, variant, was } = await ipadOnSale(request);
  await page.goto(`/product/one/${detail._id}?variant=${variant._id}`);
  await expect(price(page)).toContainText(egp(variant.price));
  await expect(price(page).locator('s')).toContainText(egp(was));
  await expect(price(page).locator('.sale-price-saving')).toContainText(egp(was - variant.price));
  // A variant of the same product not on sale shows its price alone.
  const plain = detail.variants?.find((other) => other.compareAtPrice === null && other.stock > 0);
  if (!plain) throw new Error('the demo iPad has no variant off sale');
  for (const [name, value] of Object.entries(plain.options))
    await page
      .getByRole('group', { name: new RegExp(name) })
      .getByRole('button', { name: value, exact: true })
      .click();
  await expect(price(page)).toContainText(egp(plain.price));
  await expect(price(page).locator('s')).toHaveCount(0);
});

test('in Arabic, the chosen variant’s sale reads “كان” and “وفّر”', async ({ page, request }) => {
  const { detail, variant } = await ipadOnSale(request);
  await page.goto(`/ar/product/one/${detail._id}?variant=${variant._id}`);
  await expect(price(page).locator('s')).toContainText(ar('product.was'));
  await expect(price(page).locator('.sale-price-saving')).toContainText(ar('product.save').split(' ')[0] ?? '');
});

/** The tablets of the demo catalogue, each sold in variants and on sale from its lowest price. */
async function tablets(request: APIRequestContext) {
  const category = (await categories(request)).find((item) => item.name === 'Tablets');
  if (!category) throw new Error('the demo catalogue has no Tablets');
  return { category, products: await productsOfCategory(request, category._id) };
}

/** The prices of the cards, in the grid's order, read from the API's products by the cards' names. */
async function cardPrices(page: Page, label: string, products: ApiProduct[], name: (p: ApiProduct) => string) {
  const names = await gridCards(page, label).locator('.product-card-name').allTextContents();
  return names.map((shown) => products.find((p) => name(p) === shown.trim())?.price);
}

test('a category is sorted by price from its Sort By menu, kept in the address', async ({ page, request }) => {
  const { category, products } = await tablets(request);
  expect(products.length).toBeGreaterThan(2);
  await page.goto(`/product/category/${category._id}`);
  const cards = gridCards(page, 'Tablets');
  await expect(cards).toHaveCount(products.length);
  // A card of a product on sale: "From" its lowest price, with that price's sale.
  const ipad = productCard(page, IPAD);
  await expect(ipad.locator('.product-price')).toContainText('From');
  await expect(ipad.locator('.product-price s')).toBeVisible();

  const sortBy = page.locator('details.sort-menu > summary');
  await sortBy.click();
  await page.getByRole('link', { name: 'Price: Low to High', exact: true }).click();
  await expect(page).toHaveURL(`/product/category/${category._id}?sortBy=Price%3A+Low+to+High`);
  await expect(sortBy).toHaveText('Sort By: Price: Low to High');
  const ascending = [...products].map((p) => p.price).sort((a, b) => a - b);
  await expect.poll(() => cardPrices(page, 'Tablets', products, (p) => p.name)).toEqual(ascending);
});

test('in Arabic, a sorted category’s address opens sorted, drawn by the server', async ({ page, request }) => {
  const { category, products } = await tablets(request);
  const order = 'Price: High to Low';
  await page.goto(`/ar/product/category/${category._id}?sortBy=${encodeURIComponent(order)}`);
  const label = category.nameAr ?? category.name;
  await expect(page.locator('details.sort-menu > summary')).toHaveText(
    `${ar('search.sortBy')}: ${ar('search.sort.priceDesc')}`,
  );
  const descending = [...products].map((p) => p.price).sort((a, b) => b - a);
  await expect.poll(() => cardPrices(page, label, products, (p) => p.nameAr ?? p.name)).toEqual(descending);
});

test('a product’s readable address opens it and is its canonical one; cards link to it', async ({ page, request }) => {
  const iphone = await demoProduct(request, (item) => item.name === IPHONE);
  const named = productPaths(iphone);
  expect(named.en).toBe(`/product/one/${iphone._id}/apple-iphone-15`);
  // A stale slug is the same page, whose canonical names the right one.
  await page.goto(productPath(iphone._id, 'Apple iPhone 14'));
  await expect(page.getByRole('heading', { level: 1, name: IPHONE })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`^https?://[^/]+${named.en}$`),
  );
  await page.getByRole('link', { name: 'Smartphones' }).first().click();
  await expect(productCard(page, IPHONE).getByRole('link', { name: IPHONE, exact: true })).toHaveAttribute(
    'href',
    named.en,
  );
});

test('in Arabic, the readable address names the product in Arabic', async ({ page, request }) => {
  const iphone = await demoProduct(request, (item) => item.name === IPHONE);
  const named = productPaths(iphone);
  expect(decodeURIComponent(named.ar)).toBe(`/product/one/${iphone._id}/موبايل-أبل-آيفون-15`);
  await page.goto(`/ar${named.ar}`);
  await expect(page.getByRole('heading', { level: 1, name: iphone.nameAr ?? '' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/ar${named.ar}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    new RegExp(`${named.en}$`),
  );
});
