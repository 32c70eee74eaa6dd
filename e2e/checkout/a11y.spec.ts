import type { Page } from '@playwright/test';
import { newShopper, signIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, shortTapTargets } from '../support/ui';
import { addToCart, chooseCheckout, demoProduct, expect, placeOrder, SLOTS, test } from './helpers';

/**
 * axe on the screen as a phone shows it, then on its main part as a desktop shows it: the header and
 * footer at desktop size are the storefront's, scanned by its own accessibility tests.
 */
async function scanBothSizes(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  // Bootstrap's 31 to 38 px buttons and fields were missed by thumbs (a QA finding): 44 px on a phone.
  expect(await shortTapTargets(page, 'main')).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectNoSeriousA11yViolations(page, { include: 'main' });
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
