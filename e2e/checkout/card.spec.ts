import { newShopper, signIn } from '../support/accounts';
import {
  addToCart,
  chooseCheckout,
  demoProduct,
  egp,
  expect,
  fillCard,
  itemsTotal,
  ordersOf,
  serverCart,
  SLOTS,
  test,
} from './helpers';

test('a card order paid with 4242 4242 4242 4242 ends paid, its fees not charged', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Card Shopper');
  const product = await demoProduct(request, SLOTS.card);
  await addToCart(request, shopper, product._id);
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'visa');

  await page.goto('/PlaceOrder');
  await expect(page.locator('.summary-row[data-charged="false"]')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).toHaveText(egp(product.price));
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/Stripe$/);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  const number = page.getByLabel('Card number');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  await fillCard(page, '4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Expiration (MM/YY)')).toHaveValue('12/34');
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Order succeeded' })).toBeVisible();
  const [order] = await ordersOf(request, shopper);
  expect(order).toMatchObject({
    status: 'paid',
    paymentMethod: 'visa',
    bill: itemsTotal([{ price: product.price, quantity: 1 }]),
  });
  // The paid products leave the cart, on the server and in the header.
  expect((await serverCart(request, shopper)).products).toEqual([]);
  await expect(page.getByRole('link', { name: 'Cart, 0 products' })).toBeVisible();
});

test("4000 0000 0000 9995 is refused: 'Your payment was not successful, please try again.', the order stays pending and can be paid from /Orders", async ({
  page,
  request,
}) => {
  // A whole journey through several screens: over 30 s on a busy machine, near the default 60 s on a slow one.
  test.slow();
  const shopper = await newShopper(request, 'Declined Shopper');
  const product = await demoProduct(request, SLOTS.cardDeclined);
  await addToCart(request, shopper, product._id);
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'visa');

  await page.goto('/PlaceOrder');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/Stripe$/);
  await fillCard(page, '4000000000009995');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Your payment was not successful, please try again.')).toBeVisible();
  await expect(page.getByText('Your card has insufficient funds.')).toBeVisible();
  await expect(page).toHaveURL(/\/Stripe$/);
  const [pending] = await ordersOf(request, shopper);
  expect(pending?.status).toBe('pending');

  // An incomplete number gets the provider's own message.
  await page.getByLabel('Card number').fill('4242 42');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  // The pending order offers Pay now on /Orders, which brings the same order back to /Stripe.
  await page.goto('/Orders');
  const card = page.locator('.order-card');
  await expect(card.locator('.order-status')).toHaveText('Pending');
  await card.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/Stripe$/);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const [paid] = await ordersOf(request, shopper);
  expect(paid).toMatchObject({ _id: pending?._id, status: 'paid' });
});

test('4000 0000 0000 3220 says the payment is processing, then succeeds', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Slow Bank Shopper');
  const product = await demoProduct(request, SLOTS.card);
  await addToCart(request, shopper, product._id);
  await signIn(page, shopper);
  await chooseCheckout(page, shopper, 'visa');
  await page.goto('/PlaceOrder');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await fillCard(page, '4000000000003220');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Your payment is processing.')).toBeVisible();
  await expect(page).toHaveURL(/\/success$/);
  expect((await ordersOf(request, shopper))[0]?.status).toBe('paid');
});

test('/Stripe without an order says the payment session timed out and leads back to the cart', async ({
  page,
  request,
}) => {
  await signIn(page, await newShopper(request));
  await page.goto('/Stripe');
  await expect(page.getByText('payment session timeOut please go back to cart and remake your order')).toBeVisible();
  await page.getByRole('link', { name: 'Back to cart' }).click();
  await expect(page).toHaveURL(/\/CartPage$/);
});
