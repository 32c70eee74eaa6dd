import { dayInCairo } from '@shop/contracts';
import { newShopper } from '../support/accounts';
import { test, expect } from '../support/test';
import { parsePrice } from '../support/ui';
import { apiDepartment, apiProduct, asAdmin, placeCashOrder, uniqueName } from './helpers';

test.describe('Overview', () => {
  test("shows today's, 7 and 30 days' sales, the daily revenue chart, orders by status, low stock and the newest orders", async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    // A product of this test's own, left with 2 in stock after the order: it is low on stock.
    const { product } = await apiProduct(request, admin, { price: 1000, stock: 3 });
    const shopper = await newShopper(request, 'Overview Buyer');
    const order = await placeCashOrder(request, shopper, product._id);
    await page.goto('/dashboard');

    for (const label of ['Sales today', 'Sales, last 7 days', 'Sales, last 30 days']) {
      const card = page.getByRole('listitem').filter({ hasText: label });
      await expect(card).toContainText(/\d+ orders?$/);
      // Other tests order (and cancel) meanwhile; this test's own order is counted in every window (today's, unless
      // Cairo's midnight came between the order and the read).
      if (label === 'Sales today' && dayInCairo(new Date(order.createdAt)) !== dayInCairo(new Date())) continue;
      expect(parsePrice((await card.locator('.stat-value').textContent()) ?? '')).toBeGreaterThanOrEqual(order.bill);
    }

    const chart = page.getByRole('img', { name: /Daily revenue in EGP over the last 30 days/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(30);
    await page.getByText('Show the numbers as a table').click();
    await expect(
      page.getByRole('table', { name: 'Daily revenue in EGP over the last 30 days' }).getByRole('row'),
    ).toHaveCount(31);

    const statuses = page.getByRole('region', { name: 'Orders by status' });
    for (const status of ['Pending', 'Paid', 'Confirmed', 'Shipped', 'Delivered', 'Cancelled'])
      await expect(statuses).toContainText(status);

    const lowStock = page.getByRole('region', { name: /Low stock \(5 or fewer\)/ });
    await expect(lowStock).toContainText(/products? (is|are) low on stock/);
    await expect(page.getByRole('table', { name: 'Newest orders' }).getByRole('row').nth(1)).toBeVisible();

    // The card names the first few; its link opens them all on the products screen, fewest in stock first.
    const seeAll = lowStock.getByRole('link', { name: /^See all \d+$/ });
    const low = Number(/\d+/.exec((await seeAll.textContent()) ?? '')?.[0]);
    await seeAll.click();
    await expect(page).toHaveURL(/\/dashboard\/DashProducts\?stock=low$/);
    await expect(page.getByRole('switch', { name: 'Low on stock only (5 or fewer)' })).toBeChecked();
    const stocks = page.getByRole('table', { name: 'Products' }).locator('tbody .cell-stock');
    await expect(stocks.first()).toBeVisible();
    // Each row's least: its own stock's badge, or its emptiest variant's ("180 in all", then "M, Pink: Out of stock").
    const left: number[] = [];
    for (const cell of await stocks.all()) {
      const badges = await cell.locator('.badge').allTextContents();
      left.push(Math.min(...badges.map((text) => (text === 'Out of stock' ? 0 : parseInt(text, 10)))));
    }
    expect(left.every((n) => n >= 0 && n <= 5)).toBe(true);
    expect(left).toEqual([...left].sort((a, b) => a - b));
    // Only they are paged, 20 a page (the seed has more than 20; other tests may add one or two meanwhile).
    const pager = page.getByText(/^Page 1 of \d+$/);
    await expect(pager).toBeVisible();
    const pages = Number(/of (\d+)/.exec((await pager.textContent()) ?? '')?.[1]);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(low / 20));
    expect(pages).toBeLessThanOrEqual(Math.ceil(low / 20) + 1);
  });
});

test.describe('All logs', () => {
  test('lists the audit log and filters it by kind and by user', async ({ page, request }) => {
    const admin = await asAdmin(page, request);
    const name = uniqueName('Logged Dept');
    await apiDepartment(request, admin, name);
    await page.goto('/dashboard/logs');
    await expect(page.getByRole('columnheader')).toHaveText(['When', 'Kind', 'Who', 'What']);

    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Admin change' });
    await page.getByLabel('User', { exact: true }).fill('admin@shop');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/type=admin/);
    await expect(page).toHaveURL(/user=admin%40shop/);
    const entry = page.getByRole('row').filter({ hasText: `created department ${name}` });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('cell').nth(1)).toHaveText('Admin change');
    // Who: the staff member by name, with their role.
    await expect(entry.getByRole('cell').nth(2)).toHaveText(/Demo Admin\s*Owner/);
    // The unfiltered list stays on screen, busy, until the filtered one replaces it.
    const kinds = page.getByRole('row').locator('td:nth-child(2)');
    await expect.poll(async () => new Set(await kinds.allTextContents())).toEqual(new Set(['Admin change']));

    // An e-mail nobody has: nothing matches.
    await page.getByLabel('User', { exact: true }).fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('No log entries match.')).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/dashboard\/logs$/);
    await expect(page.getByLabel('Kind', { exact: true })).toHaveValue('');
  });

  test('pages through the log, 20 entries a page', async ({ page, request }) => {
    await asAdmin(page, request);
    // 21 failed sign-ins of an address of this test's own: exactly two pages of it.
    const email = `${uniqueName('nobody').replace(/\s/g, '-')}@example.com`;
    for (let i = 0; i < 21; i++)
      await request.post('/api/user/login', { data: { email, password: 'Wrong-Passw0rd!' } });
    await page.goto(`/dashboard/logs?user=${encodeURIComponent(email)}`);
    await expect(page.getByText('21 entries')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Failed sign-in for ${email}` })).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Failed sign-in for ${email}` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Next' })).toBeDisabled();
  });
});
