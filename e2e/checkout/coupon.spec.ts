import type { APIRequestContext } from '@playwright/test';
import type { Coupon, CouponInput } from '@shop/contracts';
import { demoAdmin, newShopper, signIn, type Account } from '../support/accounts';
import { ar, expectArabicPage, openInArabic } from '../support/arabic';
import { toast } from '../support/ui';
import { addToCart, chooseCheckout, demoProduct, egp, expect, itemsTotal, ordersOf, SLOTS, test } from './helpers';

const auth = (account: Account) => ({ 'x-access-token': account.token });
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${process.pid % 100}`;

async function createCoupon(request: APIRequestContext, admin: Account, coupon: CouponInput): Promise<Coupon> {
  const res = await request.post('/api/admin/coupons', { headers: auth(admin), data: coupon });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Coupon;
}

test('the admin creates a coupon in the dashboard; a shopper applies it at checkout and the order is billed with it', async ({
  page,
  browser,
  request,
}) => {
  // The dashboard, the checkout and the dashboard again: several screens on a busy machine.
  test.slow();
  const admin = await demoAdmin(request);
  const code = uniqueCode('SPRING');
  await signIn(page, admin);
  await page.goto('/dashboard/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('dialog', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent').fill('15');
  await form.getByLabel('Total uses').fill('5');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, `Coupon ${code} created`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('0 of 5');
  await expect(row).toContainText('Active');

  const shopper = await newShopper(request, 'Coupon Shopper');
  const product = await demoProduct(request, SLOTS.coupon);
  await addToCart(request, shopper, product._id);
  const shopperContext = await browser.newContext();
  const checkout = await shopperContext.newPage();
  await chooseCheckout(checkout, shopper, 'cash');
  await signIn(checkout, shopper);
  await checkout.goto('/PlaceOrder');
  const items = itemsTotal([{ price: product.price, quantity: 1 }]);
  await expect(checkout.getByTestId('order-total')).toHaveText(egp(items + 30));

  const box = checkout.getByLabel('Coupon code');
  await box.fill('NOT-A-CODE');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByRole('alert')).toHaveText('“NOT-A-CODE” is not a valid coupon code');

  // Typed as a shopper types it: in lower case.
  await box.fill(code.toLowerCase());
  await checkout.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.round(items * 15) / 100;
  await expect(checkout.locator('.summary-row', { hasText: `Coupon ${code}` })).toContainText(egp(discount));
  await expect(checkout.getByTestId('order-total')).toHaveText(egp(Math.round((items - discount + 30) * 100) / 100));
  await checkout.getByRole('button', { name: 'Place Order' }).click();
  await expect(checkout).toHaveURL(/\/success$/);

  await shopperContext.close();

  const [order] = await ordersOf(request, shopper);
  expect(order).toMatchObject({ couponCode: code, discount, bill: Math.round((items - discount + 30) * 100) / 100 });

  // Back in the dashboard: one use, the order among them; then the admin pauses the coupon.
  await page.reload();
  await expect(row).toContainText('1 of 5');
  await row.getByRole('button', { name: 'Uses' }).click();
  const uses = page.getByRole('dialog', { name: `Orders with coupon ${code}` });
  await expect(uses).toContainText(shopper.user.email);
  await uses.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText('Paused');
  const paused = await request.get('/api/shipping/quote', {
    headers: auth(shopper),
    params: { state: 'Cairo', paymentMethod: 'cash', coupon: code },
  });
  expect(paused.status()).toBe(400);
});

test('an Arabic shopper is told in Arabic why a code cannot be used, and sees the discount right to left', async ({
  page,
  request,
}) => {
  const admin = await demoAdmin(request);
  const product = await demoProduct(request, SLOTS.couponArabic);
  // All of a fixed discount applies only below the items' total: the slot's product may cost as little as 10 EGP.
  const value = product.price > 20 ? 20 : Math.floor(product.price / 2);
  const code = uniqueCode('EID');
  const expired = uniqueCode('OLD');
  await createCoupon(request, admin, { code, kind: 'fixed', value });
  await createCoupon(request, admin, {
    code: expired,
    kind: 'fixed',
    value: 20,
    startsAt: '2025-01-01T00:00:00Z',
    endsAt: '2025-02-01T00:00:00Z',
  });
  const shopper = await newShopper(request, 'Coupon Shopper');
  await addToCart(request, shopper, product._id);
  await chooseCheckout(page, shopper, 'cash');
  await openInArabic(page);
  await signIn(page, shopper);
  await page.goto('/PlaceOrder');

  const box = page.getByLabel(ar('checkout.coupon.label'));
  await box.fill(expired);
  await page.getByRole('button', { name: ar('checkout.coupon.apply') }).click();
  await expect(page.getByRole('alert')).toContainText('انتهت صلاحية هذا الكوبون في');

  await box.fill(code);
  await page.getByRole('button', { name: ar('checkout.coupon.apply') }).click();
  await expect(page.locator('.summary-row', { hasText: ar('checkout.summary.discount', { code }) })).toContainText(
    String(value),
  );
  await expectArabicPage(page, [code, product.name, product.brand]);
});
