import { orderRef } from '@shop/contracts';
import { newShopper, signIn } from '../support/accounts';
import { addToCart, chooseCheckout, demoProduct, expect, getProduct, ordersOf, SLOTS, test } from './helpers';

test('an order whose answer was lost is sent again with its key and placed once: the shopper reaches /success', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'Lost Answer');
  const product = await demoProduct(request, SLOTS.lostAnswer);
  await addToCart(request, shopper, product._id);
  await chooseCheckout(page, shopper, 'cash');
  await signIn(page, shopper);

  // The first answer is lost on its way back, as when an instance dies after its commit: the server placed the
  // order, the browser sees a 503. The app sends the order again with the same Idempotency-Key.
  const keys: (string | undefined)[] = [];
  await page.route('**/api/order', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      json: { message: 'The shop is briefly unavailable, please try again' },
    });
  });
  await page.goto('/PlaceOrder');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/success$/);

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const orders = await ordersOf(request, shopper);
  expect(orders).toHaveLength(1);
  await expect(page.getByText(`Order #${orderRef(orders[0]?._id ?? '')}`)).toBeVisible();
  expect((await getProduct(request, product._id)).stock).toBe(product.stock - 1);
});
