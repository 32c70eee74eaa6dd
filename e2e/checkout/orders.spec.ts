import { demoAdmin, newShopper, signIn } from '../support/accounts';
import { addToCart, demoProduct, egp, expect, placeOrder, SLOTS, test } from './helpers';
import { confirmByMail } from '../support/outbox';

test('/Orders lists what was bought: date, bill, status, city, payment and each product with its links', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'Orders Shopper');
  const product = await demoProduct(request, SLOTS.orders);
  await addToCart(request, shopper, product._id, 2);
  const order = await placeOrder(request, shopper, 'cash');
  // Confirmed by its shopper, then delivered, so it can be reviewed (a review belongs to a delivered order).
  await confirmByMail(request, shopper, order._id);
  const admin = await demoAdmin(request);
  for (const data of [{ status: 'shipped', trackingNumber: 'EG-ORDERS-1' }, { status: 'delivered' }]) {
    const moved = await request.put(`/api/order/${order._id}/status`, {
      headers: { 'x-access-token': admin.token },
      data,
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  await signIn(page, shopper);
  await page.goto('/Orders');

  await expect(page.getByRole('heading', { name: 'Your Orders', level: 1 })).toBeVisible();
  const card = page.locator('.order-card');
  await expect(card).toHaveCount(1);
  // The day it was placed, not the day the test reads it (midnight may fall between).
  await expect(card.locator('.order-facts time')).toHaveText(
    new Intl.DateTimeFormat('en-EG', { dateStyle: 'medium' }).format(new Date(order.createdAt)),
  );
  await expect(card).toContainText(egp(order.bill));
  await expect(card.locator('.order-status')).toHaveText('Delivered');
  await expect(card).toContainText('Zamalek');
  await expect(card).toContainText('Cash on delivery');
  await expect(card.getByRole('link', { name: product.name, exact: true })).toHaveAttribute(
    'href',
    `/product/one/${product._id}`,
  );
  await expect(card).toContainText(egp(product.price));
  await expect(card.getByRole('link', { name: /^Buy it again/ })).toHaveAttribute(
    'href',
    `/product/one/${product._id}`,
  );
  await card.getByRole('link', { name: /^Write a product review/ }).click();
  await expect(page).toHaveURL(new RegExp(`/AddReview\\?product=${product._id}$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/Orders shows an empty state without orders and the error message when they cannot be read', async ({
  page,
  request,
}) => {
  await signIn(page, await newShopper(request));
  await page.goto('/Orders');
  await expect(page.getByText('You have not placed any orders yet')).toBeVisible();

  await page.route('**/api/order', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The shop is briefly unavailable, please try again' }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('The shop is briefly unavailable, please try again');
});
