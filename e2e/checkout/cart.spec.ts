import { demoAdmin, newShopper, signIn } from '../support/accounts';
import { addToCart, demoProduct, egp, expect, itemsTotal, serverCart, SLOTS, test } from './helpers';
import { visitEach } from '../support/ui';

test('plus stops at the stock, minus does nothing at 1, and the server refuses more than the stock', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request);
  const product = await demoProduct(request, 0, 'scarce');
  await addToCart(request, shopper, product._id, product.stock - 1);
  await signIn(page, shopper);
  await page.goto('/CartPage');

  const plus = page.getByRole('button', { name: `Increase quantity of ${product.name}` });
  const minus = page.getByRole('button', { name: `Decrease quantity of ${product.name}` });
  const quantity = page.getByRole('group', { name: `Quantity of ${product.name}` }).locator('output');
  await expect(quantity).toHaveText(String(product.stock - 1));
  await plus.click();
  await expect(quantity).toHaveText(String(product.stock));
  await expect(plus).toBeDisabled();
  await expect(page.getByText(`Only ${product.stock} in stock`)).toBeVisible();
  await expect.poll(async () => (await serverCart(request, shopper)).products[0]?.quantity).toBe(product.stock);
  const refused = await request.put('/api/cart/incItem', {
    headers: { 'x-access-token': shopper.token },
    data: { product_id: product._id, flag: 1 },
  });
  expect(refused.status()).toBe(409);

  for (let left = product.stock; left > 1; left--) {
    await minus.click();
    await expect(quantity).toHaveText(String(left - 1));
  }
  await expect(minus).toBeDisabled();
  await expect(quantity).toHaveText('1');
  await expect.poll(async () => (await serverCart(request, shopper)).products[0]?.quantity).toBe(1);
  // The server's minus also does nothing at 1.
  await request.put('/api/cart/incItem', {
    headers: { 'x-access-token': shopper.token },
    data: { product_id: product._id, flag: 0 },
  });
  expect((await serverCart(request, shopper)).products[0]?.quantity).toBe(1);
});

test('the cart survives a reload and a sign-in in another browser, and the header count follows', async ({
  page,
  browser,
  request,
}) => {
  const shopper = await newShopper(request);
  // A whole journey through several screens: over 30 s on a busy machine, near the default 60 s on a slow one.
  test.slow();
  const first = await demoProduct(request, SLOTS.cartSync);
  const second = await demoProduct(request, SLOTS.cartSync + 1);
  await addToCart(request, shopper, first._id, 2);
  await addToCart(request, shopper, second._id);
  await signIn(page, shopper);
  await page.goto('/CartPage');
  await expect(page.getByRole('link', { name: 'Cart, 2 products' })).toBeVisible();
  await expect(page.getByText(first.brand, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Subtotal (3 items):')).toBeVisible();
  await expect(page.getByText('Subtotal (3 items):').locator('..')).toContainText(
    egp(
      itemsTotal([
        { price: first.price, quantity: 2 },
        { price: second.price, quantity: 1 },
      ]),
    ),
  );

  await page.getByRole('button', { name: `Remove ${second.name} from cart` }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();
  await expect.poll(async () => (await serverCart(request, shopper)).products.length).toBe(1);
  await page.reload();
  await expect(page.getByRole('link', { name: first.name })).toBeVisible();
  await expect(page.getByRole('link', { name: second.name })).toHaveCount(0);

  // Another browser, a fresh sign-in through the form: the server cart is the cart.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto('/login');
  await elsewhere.getByLabel('Email').fill(shopper.user.email);
  await elsewhere.getByLabel('Password').fill('Passw0rd!');
  await elsewhere.getByRole('button', { name: 'Sign in' }).click();
  await expect(elsewhere.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();
  await elsewhere.goto('/CartPage');
  await expect(elsewhere.getByRole('group', { name: `Quantity of ${first.name}` })).toContainText('2');
  await elsewhere.getByRole('button', { name: 'Clear cart' }).click();
  await expect(elsewhere.getByText('Your cart is empty')).toBeVisible();
  await expect(elsewhere.getByRole('link', { name: 'Cart, 0 products' })).toBeVisible();
  await expect.poll(async () => (await serverCart(request, shopper)).products.length).toBe(0);
  await other.close();
});

test('visitors are sent to /login from every cart, checkout and order screen; admins have no cart', async ({
  page,
  request,
}) => {
  await visitEach(
    page,
    [
      '/CartPage',
      '/ShippingAdress',
      '/ShippingForm',
      '/Payment',
      '/PlaceOrder',
      '/Stripe',
      '/success',
      '/OrderError',
      '/Orders',
    ],
    { url: /\/login$/, screen: page.getByRole('heading', { name: 'Sign in' }) },
  );
  const admin = await demoAdmin(request);
  await signIn(page, admin);
  await page.goto('/CartPage');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);
});
