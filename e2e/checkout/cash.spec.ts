import { newShopper, signIn } from '../support/accounts';
import { demoProduct, egp, expect, getProduct, itemsTotal, ordersOf, serverCart, SLOTS, test } from './helpers';

test('a cash order from an empty cart to /success: items + 30 EGP, stock taken, cart emptied', async ({
  page,
  request,
}) => {
  // A whole journey through several screens: over 30 s on a busy machine, near the default 60 s on a slow one.
  test.slow();
  const shopper = await newShopper(request, 'Cash Shopper');
  const product = await demoProduct(request, SLOTS.cash);
  await signIn(page, shopper);

  // The cart starts empty.
  await page.goto('/CartPage');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');

  // Add it from its page, twice, and see the header follow.
  await page.goto(`/product/one/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 product' }).click();
  await expect(page).toHaveURL(/\/CartPage$/);
  await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  await expect(page.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('2');
  await expect(page.getByText('Subtotal (2 items):')).toBeVisible();
  const items = itemsTotal([{ price: product.price, quantity: 2 }]);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect.poll(async () => (await serverCart(request, shopper)).products[0]?.quantity).toBe(2);

  // Shipping: no saved address yet, so one is added; every field is required.
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/ShippingAdress$/);
  await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[data-reached="true"]')).toHaveCount(
    2,
  );
  await expect(page.getByText('You have no saved addresses yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await expect(page).toHaveURL(/\/ShippingForm$/);
  await page.getByLabel('Country').fill('');
  await page.getByLabel('Mobile number').fill('');
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(7);
  await page.getByLabel('Country').fill('Egypt');
  // For Egypt the governorate is chosen from the 27 governorates.
  const governorate = page.getByLabel('Governorate');
  await expect(governorate.locator('option')).toHaveCount(28);
  await governorate.selectOption('Giza');
  await page.getByLabel('City').fill('Dokki');
  await page.getByLabel('Zip code').fill('12611');
  await page.getByLabel('Street').fill('El Tahrir St');
  await page.getByLabel('Building').fill('7');
  await page.getByLabel('Mobile number').fill('0123');
  await expect(page.getByLabel('Mobile number')).toHaveAttribute('inputmode', 'tel');
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText('Not valid phone')).toBeVisible();
  await page.getByLabel('Mobile number').fill('01098765432');
  await page.getByRole('button', { name: 'Use this address' }).click();

  // Payment: cash on delivery, kept locally.
  await expect(page).toHaveURL(/\/Payment$/);
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Review: four steps done, the address, the items and the cash bill.
  await expect(page).toHaveURL(/\/PlaceOrder$/);
  await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[data-reached="true"]')).toHaveCount(
    4,
  );
  await expect(page.getByText('7 El Tahrir St')).toBeVisible();
  await expect(page.getByText('Dokki, Giza')).toBeVisible();
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  await expect(page.getByText(product.brand, { exact: true })).toBeVisible();
  await expect(page.locator('.summary-row', { hasText: 'Shipping and handling' })).toContainText('EGP 21');
  await expect(page.locator('.summary-row', { hasText: 'Cash on Delivery fee' })).toContainText('EGP 9');
  await expect(page.getByTestId('order-total')).toHaveText(egp(items + 30));
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Order succeeded' })).toBeVisible();
  await expect(page.getByText('You will be redirected to home page in 10 seconds')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 products' })).toBeVisible();

  const [order] = await ordersOf(request, shopper);
  expect(order).toMatchObject({
    bill: items + 30,
    itemsTotal: items,
    // Placed; it ships once the shopper confirms it (admin/confirmations.spec.ts).
    status: 'awaiting_confirmation',
    paymentMethod: 'cash',
    deliveryAddress: { city: 'Dokki' },
  });
  expect((await getProduct(request, product._id)).stock).toBe(product.stock - 2);
  expect((await serverCart(request, shopper)).products).toEqual([]);
});
