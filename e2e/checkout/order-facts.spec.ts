import type { APIRequestContext, Page } from '@playwright/test';
import type { ProductDetail } from '@shop/contracts';
import { demoAdmin, newShopper, signIn, type Account } from '../support/accounts';
import { ar, openInArabic } from '../support/arabic';
import { createProduct, demoProduct, IPHONE } from '../support/catalog';
import { openInApp, shortTapTargets } from '../support/ui';
import { ADDRESS, chooseCheckout, expect, test } from './helpers';

/**
 * The shopper's order facts in both languages, at a phone's and a laptop's width, in one page load each: a
 * partly refunded order on /Orders, the address book, and the variant of a line on "Review your order".
 */

const auth = (account: Account) => ({ 'x-access-token': account.token });

/** A card order of a product of the test's own, paid with the test card, then refunded in part by the admin. */
async function partlyRefundedOrder(request: APIRequestContext, shopper: Account) {
  const admin = await demoAdmin(request);
  const product = await createProduct(request, admin, { price: 1000, stock: 5 });
  await request.put('/api/cart/incItem', { headers: auth(shopper), data: { product_id: product._id, flag: 1 } });
  const placed = await request.post('/api/order', {
    headers: auth(shopper),
    data: { deliveryAddress: ADDRESS, paymentMethod: 'visa' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const [order] = (await placed.json()) as { _id: string }[];
  if (!order) throw new Error('no order');
  const started = await request.post('/api/payment/create-payment-intent', {
    headers: auth(shopper),
    data: { order_id: order._id },
  });
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const paid = await request.post('/api/payment/offline/confirm', {
    data: { clientSecret, card: { number: '4242424242424242', exp: '12/40', cvc: '123' } },
  });
  expect(paid.status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/order', { headers: auth(shopper) })).json()) as { status: string }[])[0]
          ?.status,
    )
    .toBe('paid');
  const refunded = await request.post(`/api/order/${order._id}/refund`, {
    headers: auth(admin),
    data: { amount: 250 },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);
}

/** Two saved addresses (one with its Egyptian details) and the demo iPhone's 256GB blue in the cart. */
async function shopperReady(request: APIRequestContext, name: string) {
  const shopper = await newShopper(request, name);
  await partlyRefundedOrder(request, shopper);
  for (const address of [
    ADDRESS,
    { ...ADDRESS, city: 'Dokki', state: 'Giza', apartment: '7', floor: '3', landmark: 'Behind the metro' },
  ])
    expect((await request.post('/api/address', { headers: auth(shopper), data: { address } })).status()).toBe(201);
  const iphone = await demoProduct(request, (item) => item.name === IPHONE);
  const detail = (await (await request.get(`/api/product/one/${iphone._id}`)).json()) as ProductDetail;
  const blue = detail.variants?.find((v) => v.options.Storage === '256GB' && v.options.Colour === 'Blue');
  if (!blue) throw new Error('the demo iPhone has no 256GB blue variant');
  const added = await request.put('/api/cart/incItem', {
    headers: auth(shopper),
    data: { product_id: iphone._id, variant_id: blue._id, flag: 1 },
  });
  expect(added.status()).toBe(200);
  return shopper;
}

/** The screen at 390 and 1280 px, each kept as a screenshot to look at. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('in English: the refund on the order, the address book, and the variant on "Review your order"', async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await shopperReady(request, 'Refund Reader');
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'cash');

  await page.goto('/Orders');
  const note = page.getByTestId('refund-note');
  await atBothWidths(page, 'orders-en', async () => {
    await expect(note).toContainText('Refunded EGP 250 of the EGP 1,000 bill on');
    await expect(note).toContainText('It goes back to your card within 10 working days.');
  });
  // A cancelled order is neither bought again nor reviewed from here.
  await expect(page.getByRole('link', { name: /^Buy it again/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Write a product review/ })).toHaveCount(0);

  await openInApp(page, '/Addresses');
  const book = page.getByRole('list', { name: 'Your addresses' });
  await expect(book.getByRole('listitem')).toHaveCount(2);
  // "Back to your account" was a 21 px line on a phone.
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await shortTapTargets(page, 'main')).toEqual([]);
  await atBothWidths(page, 'addresses-en', async () => {
    await expect(book.getByText('Near Behind the metro')).toBeVisible();
  });
  const dokki = book.getByRole('listitem').filter({ hasText: 'Dokki' });
  await dokki.getByRole('button', { name: 'Make default' }).click();
  await expect(book.getByRole('listitem').first()).toContainText('Default');
  await expect(book.getByRole('listitem').first()).toContainText('Dokki');
  await dokki.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Country')).toHaveValue('Egypt');
  await expect(page.getByLabel('Governorate')).toHaveValue('Giza');
  await page.getByLabel('Landmark (optional)').fill('Opposite the pharmacy');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByText('Near Opposite the pharmacy')).toBeVisible();
  const zamalek = book.getByRole('listitem').filter({ hasText: 'Zamalek' });
  await zamalek.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(book.getByRole('listitem')).toHaveCount(1);

  await openInApp(page, '/PlaceOrder');
  const items = page.getByRole('list', { name: 'Review items' });
  await atBothWidths(page, 'review-en', async () => {
    await expect(items.getByText('Storage: 256GB')).toBeVisible();
    await expect(items.getByText('Colour: Blue')).toBeVisible();
  });
});

test('in Arabic: the refund on the order, the address book, and the variant on "Review your order"', async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await shopperReady(request, 'Refund Reader AR');
  await openInArabic(page);
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'cash');

  await page.goto('/Orders');
  const note = page.getByTestId('refund-note');
  await atBothWidths(page, 'orders-ar', async () => {
    await expect(note).toContainText(ar('checkout.refund.back.card', { days: 10 }));
  });
  await openInApp(page, '/ar/Addresses');
  const book = page.getByRole('list', { name: ar('checkout.book.title') });
  await atBothWidths(page, 'addresses-ar', async () => {
    await expect(book.getByRole('listitem')).toHaveCount(2);
    await expect(book.getByText(ar('checkout.address.landmark', { value: 'Behind the metro' }))).toBeVisible();
  });
  await openInApp(page, '/ar/PlaceOrder');
  const items = page.getByRole('list', { name: ar('checkout.review.items') });
  await atBothWidths(page, 'review-ar', async () => {
    // The variant's values in Arabic, as the cart shows them.
    await expect(items.getByText(/256 جيجا/)).toBeVisible();
    await expect(items.getByText(/أزرق/)).toBeVisible();
  });
});
