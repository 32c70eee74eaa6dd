import type { Page } from '@playwright/test';
import { newShopper, signIn } from '../support/accounts';
import { addToCart, chooseCheckout, demoProduct, expect, expectNoSeriousA11yViolations, placeOrder, SLOTS, test } from './helpers';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** axe on the screen as a phone and as a desktop show it. */
async function scanBothSizes(page: Page): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }
}

test.describe('no serious or critical axe violation', () => {
  test.beforeEach(async ({ page, request }) => {
    const shopper = await newShopper(request);
    const product = await demoProduct(request, SLOTS.a11y);
    // One order for /Orders to list, then the product in the cart again for the checkout screens.
    await addToCart(request, shopper, product._id);
    await placeOrder(request, shopper, 'cash');
    await addToCart(request, shopper, product._id);
    await signIn(page, shopper);
    await chooseCheckout(page, shopper, 'visa');
  });

  for (const path of ['/CartPage', '/ShippingForm', '/Payment', '/PlaceOrder', '/Orders']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await scanBothSizes(page);
    });
  }

  test('/Stripe', async ({ page }) => {
    await page.goto('/PlaceOrder');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    await scanBothSizes(page);
  });
});
