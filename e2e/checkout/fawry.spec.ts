import type { Page } from '@playwright/test';
import { newShopper, signIn } from '../support/accounts';
import { ar } from '../support/arabic';
import { addToCart, chooseCheckout, demoProduct, expect, ordersOf, SLOTS, test } from './helpers';

/**
 * Several providers in one shop, in the 'paymob' project: the same shop takes cards and a valU instalment plan
 * through Paymob and references through Fawry (e2e/server.mjs runs both simulators). The shopper picks the method at
 * /Payment; a Fawry reference is shown on the shop's own status page, a valU instalment is approved on Paymob's page.
 */

test.beforeAll(async ({ request }) => {
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, { timeout: 120_000 })
    .toBe(true);
  const config = await (await request.get('/api/payment/config')).json();
  expect(config.offers).toEqual(
    expect.arrayContaining([
      { method: 'valu', provider: 'paymob' },
      { method: 'fawry', provider: 'fawry' },
    ]),
  );
});

/** A shopper with one product in the cart, signed in, the address chosen, `method` picked at /Payment, order placed. */
async function placeWith(
  page: Page,
  request: Parameters<typeof newShopper>[0],
  language: 'en' | 'ar',
  slot: number,
  method: string,
) {
  const shopper = await newShopper(request, 'Fawry Shopper');
  const product = await demoProduct(request, slot);
  await addToCart(request, shopper, product._id);
  await page.addInitScript((lang) => window.localStorage.setItem('shop.language', lang), language);
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'visa');
  await page.goto('/Payment');
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: language === 'ar' ? ar('checkout.payment.continue') : 'Continue' }).click();
  await expect(page).toHaveURL(/\/PlaceOrder$/);
  await page
    .getByRole('button', { name: language === 'ar' ? ar('checkout.review.placeOrder') : 'Place Order' })
    .click();
  return shopper;
}

test('pays by Fawry reference in Arabic: the reference, the amount and until when', async ({ page, request }) => {
  // Cart, address, method, the reference from the simulator: 12-18 s on two busy cores in CI.
  test.slow();
  const shopper = await placeWith(page, request, 'ar', SLOTS.fawry, ar('checkout.payment.methods.fawry'));
  await expect(page).toHaveURL(/\/PaymentStatus\?order=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: ar('checkout.status.fawryTitle') })).toBeVisible();
  await expect(page.getByTestId('kiosk-reference')).toHaveText(/^\d{9}$/);
  await expect(page.getByTestId('reference-expiry')).toContainText(
    ar('checkout.status.payBy').split('{{date}}')[0]!.trim(),
  );
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const [order] = await ordersOf(request, shopper);
  expect(order).toMatchObject({ status: 'pending', paymentMethod: 'visa' });
});

test('pays a valU instalment through Paymob', async ({ page, request }) => {
  // Cart, address, method, the simulator's checkout page and back: 16-22 s on two busy cores in CI.
  test.slow();
  const shopper = await placeWith(page, request, 'en', SLOTS.valu, 'Instalments with valU');
  await expect(page).toHaveURL(/\/unifiedcheckout\/\?publicKey=/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pay in instalments' }).click();
  await expect(page).toHaveURL(/\/success$/, { timeout: 30_000 });
  const [order] = await ordersOf(request, shopper);
  expect(order).toMatchObject({ status: 'paid', paymentMethod: 'visa' });
});
