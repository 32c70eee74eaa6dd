import { newShopper } from '../support/accounts';
import { test, expect } from '../support/test';
import { egp, toast } from '../support/ui';
import { apiProduct, asAdmin, expectToast, placeCashOrder } from './helpers';

const shortId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

test.describe('Users and their orders', () => {
  test("lists every user with the total, role as Admin or User; a name opens that user's orders", async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const shopper = await newShopper(request, 'Hoda Orders');
    const before = await request.get('/api/user/allUsers', { headers: { 'x-access-token': admin.token } });
    const { count } = (await before.json()) as { count: number };
    await page.goto('/dashboard/Users');

    // Other tests register shoppers meanwhile: the total is at least what the API said a moment ago.
    const total = page.getByText(/^\d+ users in all$/);
    await expect(total).toBeVisible();
    expect(Number((await total.textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(count);

    // The spec's four columns, then the actions of a role that may sign a customer out (the owner's).
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'E-mail', 'Phone', 'Role', 'Actions']);
    const adminRow = page.getByRole('row').filter({ hasText: admin.user.email });
    await expect(adminRow.getByRole('cell').nth(3)).toHaveText('Admin');
    // A staff account is suspended on the staff screen, not signed out from here.
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    // The filter narrows a long list to one person.
    await page.getByRole('searchbox', { name: 'Filter by name or e-mail' }).fill(shopper.user.email);
    const row = page.getByRole('row').filter({ hasText: shopper.user.email });
    await expect(row.getByRole('cell')).toHaveText([
      'Hoda Orders',
      shopper.user.email,
      shopper.user.phone,
      'User',
      'Sign out everywhere',
    ]);

    // A customer whose phone was lost is signed out on every device: their token is refused from then on.
    const signedIn = () => request.get('/api/user/sessions', { headers: { 'x-access-token': shopper.token } });
    expect((await signedIn()).status()).toBe(200);
    await row.getByRole('button', { name: 'Sign Hoda Orders out on every device' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(page, 'Hoda Orders is signed out on every device');
    expect((await signedIn()).status()).toBe(401);

    await row.getByRole('link', { name: 'Hoda Orders' }).click();
    await expect(page).toHaveURL(`/dashboard/UserOrder/${shopper.user._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders of Hoda Orders' })).toBeVisible();
    await expect(page.getByText('This user has no orders yet.')).toBeVisible();
  });

  test("shows the spec's columns and moves an order along its statuses, only where it may go", async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin, { price: 150, stock: 10 });
    const shopper = await newShopper(request, 'Karim Buyer');
    const order = await placeCashOrder(request, shopper, product._id, 2);
    await page.goto(`/dashboard/UserOrder/${shopper.user._id}`);

    await expect(page.getByRole('columnheader')).toHaveText([
      'Order Id',
      'Product Name',
      'Quantity',
      'User bill',
      'Payment Method',
      'User Name',
    ]);
    const row = page.getByRole('row').filter({ hasText: shortId(order._id) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(product.name);
    await expect(cells.nth(2)).toHaveText('2');
    await expect(cells.nth(3)).toHaveText(egp(order.bill));
    await expect(cells.nth(4)).toHaveText('Cash on delivery');
    // The column headed 'User Name' shows the status.
    await expect(cells.nth(5)).toContainText('Confirmed');

    const next = row.getByRole('combobox', { name: `Next status of order ${shortId(order._id)}` });
    await expect(next.locator('option')).toHaveText(['Move to…', 'Shipped', 'Cancelled']);
    await next.selectOption('Shipped');
    // No courier is configured here: the admin types the number of the parcel sent by hand.
    await row.getByRole('textbox', { name: `Tracking number of order ${shortId(order._id)}` }).fill('EG-1001');
    await row.getByRole('button', { name: 'Move' }).click();
    await expectToast(page, `Order ${shortId(order._id)} is now Shipped`);
    await expect(cells.nth(5)).toContainText('Shipped');
    // A parcel the courier brings back can be recorded as returned.
    await expect(next.locator('option')).toHaveText(['Move to…', 'Delivered', 'Returned']);

    await next.selectOption('Delivered');
    await row.getByRole('button', { name: 'Move' }).click();
    await expectToast(page, `Order ${shortId(order._id)} is now Delivered`);
    await expect(cells.nth(5)).toContainText('Delivered');
    // Nothing left for the admin: only the shopper may ask to return a delivered order.
    await expect(next).toHaveCount(0);

    const placed = await request.get(`/api/order/admin/${shopper.user._id}`, {
      headers: { 'x-access-token': admin.token },
    });
    expect(((await placed.json()) as { status: string }[])[0]?.status).toBe('delivered');
  });

  test('a move the server no longer allows shows its reason, not a success', async ({ page, request }) => {
    const admin = await asAdmin(page, request);
    const { product } = await apiProduct(request, admin);
    const shopper = await newShopper(request, 'Laila Late');
    const order = await placeCashOrder(request, shopper, product._id);
    await page.goto(`/dashboard/UserOrder/${shopper.user._id}`);
    const row = page.getByRole('row').filter({ hasText: shortId(order._id) });
    await expect(row).toContainText('Confirmed');

    // Meanwhile another admin cancels it.
    const cancel = await request.put(`/api/order/${order._id}/status`, {
      headers: { 'x-access-token': admin.token },
      data: { status: 'cancelled' },
    });
    expect(cancel.ok()).toBe(true);

    await row.getByRole('combobox').selectOption('Shipped');
    await row.getByRole('textbox', { name: `Tracking number of order ${shortId(order._id)}` }).fill('EG-1002');
    await row.getByRole('button', { name: 'Move' }).click();
    await expect(toast(page, 'Only a confirmed or paid order can be shipped')).toBeVisible();
    await expect(toast(page, /is now Shipped/)).toHaveCount(0);
    // The list reloads and shows the order as it really is.
    await expect(row).toContainText('Cancelled');
  });
});
