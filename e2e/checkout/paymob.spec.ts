import type { Page } from '@playwright/test';
import { newShopper, signIn } from '../support/accounts';
import { ar } from '../support/arabic';
import { addToCart, chooseCheckout, demoProduct, expect, ordersOf, test } from './helpers';

/**
 * Paying through Paymob, in the 'paymob' project: the shop on its own port with PAYMOB_* settings
 * and the Paymob simulator's hosted checkout (e2e/server.mjs). The shopper picks the method at
 * /Payment, pays on the simulator's page and comes back through the signed return; the screens
 * after that follow the order, which only the simulator's signed callback pays.
 */

const EN: Record<string, string> = {
  'checkout.payment.methods.card': 'Bank card',
  'checkout.payment.methods.wallet': 'Mobile wallet',
  'checkout.payment.methods.kiosk': 'Pay at a kiosk',
  'checkout.payment.walletPhone': 'Wallet mobile number',
  'checkout.payment.continue': 'Continue',
  'checkout.review.placeOrder': 'Place Order',
  'checkout.success.title': 'Order succeeded',
  'checkout.status.kioskTitle': 'Pay at a kiosk',
  'checkout.cart.payingTitle': 'Payment being confirmed',
  'checkout.cart.empty': 'Your cart is empty',
};
type Language = 'en' | 'ar';
const text = (language: Language, key: string) => (language === 'ar' ? ar(key) : (EN[key] ?? key));

/** The Paymob simulator e2e/server.mjs starts on the port after the Paymob shop's. */
const SIMULATOR = `http://127.0.0.1:${Number(process.env.E2E_PAYMOB_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1) + 1}`;

/** Paymob's documented test card and test wallet, which the simulator approves. */
const TEST_CARD = '5123456789012346';
const TEST_WALLET = '01010101010';

test.beforeAll(async ({ request }) => {
  // The Paymob shop starts beside the main one: wait for it, not for a fixed time.
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, { timeout: 120_000 })
    .toBe(true);
  const config = await (await request.get('/api/payment/config')).json();
  expect(config).toMatchObject({
    provider: 'paymob',
    methods: ['card', 'wallet', 'kiosk', 'valu'],
    hostedCheckout: true,
  });
});

/** A shopper with one product in the cart, signed in, the address chosen, the page in `language`. */
async function readyToPay(page: Page, request: Parameters<typeof newShopper>[0], language: Language, slot: number) {
  const shopper = await newShopper(request, 'Paymob Shopper');
  const product = await demoProduct(request, slot);
  await addToCart(request, shopper, product._id);
  await page.addInitScript((lang) => window.localStorage.setItem('shop.language', lang), language);
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'visa');
  return { shopper, product };
}

async function chooseAndPlace(page: Page, language: Language, method: 'card' | 'wallet' | 'kiosk') {
  await page.goto('/Payment');
  await page.getByRole('radio', { name: text(language, `checkout.payment.methods.${method}`) }).check();
  if (method === 'wallet') await page.getByLabel(text(language, 'checkout.payment.walletPhone')).fill(TEST_WALLET);
  await page.getByRole('button', { name: text(language, 'checkout.payment.continue') }).click();
  await expect(page).toHaveURL(/\/PlaceOrder$/);
  await page.getByRole('button', { name: text(language, 'checkout.review.placeOrder') }).click();
  // Paymob's hosted checkout, played by the simulator on its own port: the order, the intention, the redirect.
  await expect(page).toHaveURL(/\/unifiedcheckout\/\?publicKey=/, { timeout: 30_000 });
}

// Each test its own demo product, fixed when the tests are defined (the same in every worker).
let slots = 0;
for (const language of ['en', 'ar'] as const) {
  for (const method of ['card', 'wallet'] as const) {
    const slot = slots++;
    test(`pays by ${method} through Paymob in ${language === 'en' ? 'English' : 'Arabic'}`, async ({
      page,
      request,
    }) => {
      // Cart, address, methods, the simulator's checkout page and back: 16-22 s on two busy cores in CI.
      test.slow();
      const { shopper } = await readyToPay(page, request, language, slot);
      await chooseAndPlace(page, language, method);
      if (method === 'card') {
        await page.getByLabel('Card number').fill(TEST_CARD);
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
      } else {
        await expect(page.getByLabel('Wallet number')).toHaveValue(TEST_WALLET);
        await page.getByRole('button', { name: 'Pay with wallet' }).click();
      }
      // The callback, the status poll and the next screen: a busy machine can take a while.
      await expect(page).toHaveURL(/\/success$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: text(language, 'checkout.success.title') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const [order] = await ordersOf(request, shopper);
      expect(order).toMatchObject({ status: 'paid', paymentMethod: 'visa' });
    });
  }
}

const declinedSlot = slots++;
test('a declined card comes back to a failure screen; trying again with the test card pays', async ({
  page,
  request,
}) => {
  // Two trips through the simulator's checkout page: 30 s on two busy cores in CI.
  test.slow();
  const { shopper } = await readyToPay(page, request, 'en', declinedSlot);
  await chooseAndPlace(page, 'en', 'card');
  await page.getByLabel('Card number').fill('4000000000000002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/PaymentStatus\?order=/);
  await expect(page.getByRole('alert')).toHaveText('Your payment was not successful, please try again.');
  expect((await ordersOf(request, shopper))[0]?.status).toBe('pending');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/unifiedcheckout\//);
  await page.getByLabel('Card number').fill('4111111111111111');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order succeeded' })).toBeVisible({ timeout: 30_000 });
});

for (const width of [390, 1280]) {
  const slot = slots++;
  test(`the payment screens at ${width} px: methods with the wallet number, and a kiosk reference`, async ({
    page,
    request,
  }, testInfo) => {
    // Every method opened, a kiosk reference asked for, screenshots taken: 15-21 s on two busy cores in CI.
    test.slow();
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await readyToPay(page, request, 'en', slot);
    await page.goto('/Payment');
    await page.getByRole('radio', { name: 'Mobile wallet' }).check();
    await page.getByLabel('Wallet mobile number').fill(TEST_WALLET);
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`payment-${width}.png`), fullPage: true });

    await chooseAndPlace(page, 'en', 'kiosk');
    await page.getByRole('button', { name: 'Get reference' }).click();
    await expect(page).toHaveURL(/\/PaymentStatus\?order=/);
    await expect(page.getByRole('heading', { name: 'Pay at a kiosk' })).toBeVisible();
    await expect(page.getByTestId('kiosk-reference')).toHaveText(/^\d{8}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`kiosk-${width}.png`), fullPage: true });
  });
}

const lateSlot = slots++;
test("paid, with Paymob's callback late: the cart keeps the lines out and says so, in both languages", async ({
  page,
  request,
}, testInfo) => {
  // The simulator's checkout page and back, then the cart in two languages at two widths: 20-30 s on two busy cores.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const { shopper } = await readyToPay(page, request, 'en', lateSlot);
  await chooseAndPlace(page, 'en', 'card');
  const [order] = await ordersOf(request, shopper);
  if (!order) throw new Error('no order placed');
  // Paymob's callback is held back: the shopper comes back long before it.
  expect((await request.post(`${SIMULATOR}/simulator/orders/${order._id}/hold`)).ok()).toBe(true);
  await page.getByLabel('Card number').fill(TEST_CARD);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/PaymentStatus\?order=/);
  await expect(page.getByText('Waiting for the payment to be confirmed…')).toBeVisible();

  // The cart opened afresh meanwhile: nothing to pay for twice, and where the lines are.
  await page.goto('/CartPage');
  const notice = page.getByRole('status').filter({ hasText: text('en', 'checkout.cart.payingTitle') });
  await expect(notice).toBeVisible();
  await expect(page.getByText(text('en', 'checkout.cart.empty'))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('cart-paying-en-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('cart-paying-en-390.png'), fullPage: true });
  await page.goto('/ar/CartPage');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('status').filter({ hasText: ar('checkout.cart.payingTitle') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('cart-paying-ar-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('cart-paying-ar-1280.png'), fullPage: true });

  // The callback comes: the order is paid, and the cart has nothing more to say.
  expect((await request.post(`${SIMULATOR}/simulator/orders/${order._id}/release`)).ok()).toBe(true);
  expect((await ordersOf(request, shopper))[0]?.status).toBe('paid');
  await page.goto('/CartPage');
  await expect(page.getByText(text('en', 'checkout.cart.empty'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: text('en', 'checkout.cart.payingTitle') })).toHaveCount(0);
});
