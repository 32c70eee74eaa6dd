import { newShopper, signIn } from '../support/accounts';
import { ar } from '../support/arabic';
import { addToCart, chooseCheckout, expect, test } from './helpers';

/**
 * A screen reached from further down the last one is still once its buttons can be tapped: a tap lands where it
 * was aimed. The shopper reads /Payment to its end, goes on, and taps Place Order as soon as it can be tapped, the
 * way a finger does: pressed, and lifted a tenth of a second later. When the way back to the top of the new screen
 * was animated, the review slid under the finger meanwhile, the tap was lifted off the button and nothing was
 * sent. Playwright's click looks under the pointer once, before pressing, so it lost the tap too when a busy
 * machine spread its press and release (once in CI, the Fawry test).
 */
test('Place Order stays where it showed, and a tap the moment it can be tapped places the order, in Arabic', async ({
  page,
  request,
  makeProduct,
}) => {
  // Three screens and the order: 6-10 s on two busy cores.
  test.slow();
  const shopper = await newShopper(request, 'Quick Tapper');
  const product = await makeProduct({ name: 'E2E Quick Tap Kettle', stock: 5, price: 400 });
  await addToCart(request, shopper, product._id);
  await page.addInitScript(() => window.localStorage.setItem('shop.language', 'ar'));
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'visa');
  await page.goto('/Payment');

  const proceed = page.getByRole('button', { name: ar('checkout.payment.continue') });
  await expect(proceed).toBeVisible();
  // The shopper has read what each way to pay adds, so the review has its figures the moment it shows.
  await expect(page.getByText(ar('checkout.payment.feesLoading'))).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  // Where Place Order is on the screen at every frame, from the first one it can be tapped in, for half a second.
  const tops = page.evaluate(
    (name) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        let since: number | undefined;
        const frame = (now: number) => {
          const button = [...document.querySelectorAll('button')].find((one) => one.textContent?.trim() === name);
          if (button && !button.disabled) {
            since ??= now;
            seen.push(Math.round(button.getBoundingClientRect().top));
          }
          if (since !== undefined && now - since > 500) resolve(seen);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    ar('checkout.review.placeOrder'),
  );
  await proceed.click();

  const placeOrder = page.getByRole('button', { name: ar('checkout.review.placeOrder') });
  await expect(placeOrder).toBeEnabled();
  const box = await placeOrder.boundingBox();
  if (!box) throw new Error('Place Order has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await page.mouse.up();
  expect(new Set(await tops).size, `Place Order's top, frame by frame: ${(await tops).join(', ')}`).toBe(1);
  await expect(page).toHaveURL(/\/ar\/Stripe$/);
});
