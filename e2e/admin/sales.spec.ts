import { dayInCairo, formatPrice, type SalesReport } from '@shop/contracts';
import { newShopper } from '../support/accounts';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/ui';
import { asAdmin, placeCashOrder, uniqueName } from './helpers';

test('the sales report shows what the day’s orders brought, product by product', async ({
  page,
  request,
  makeProduct,
}) => {
  const owner = await asAdmin(page, request);
  const kettle = await makeProduct({ name: uniqueName('Sold kettle'), stock: 10, price: 250 });
  const shopper = await newShopper(request, 'Sales Buyer');
  // The report's days are Cairo's; they run from before the order to after it, should Cairo's midnight fall between.
  const from = dayInCairo(new Date());
  await placeCashOrder(request, shopper, kettle._id, 2);
  const to = dayInCairo(new Date());
  const res = await request.get(`/api/admin/reports/sales?from=${from}&to=${to}`, {
    headers: { 'x-access-token': owner.token },
  });
  const report = (await res.json()) as SalesReport;
  const money = (amount: number) => formatPrice(amount, 'en-EG');

  await page.goto(`/dashboard/sales?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  // The figures are the report's (other tests' orders of the day count too); the kettle's row is this order's.
  const figures = page.getByRole('list', { name: 'Sales' });
  await expect(figures.getByRole('listitem').filter({ has: page.getByText('Revenue', { exact: true }) })).toContainText(
    money(report.totals.revenue),
  );
  const products = page.getByRole('table', { name: 'Best-selling products' });
  await expect(products.getByRole('row').filter({ hasText: kettle.name }).getByRole('cell')).toHaveText([
    '2',
    money(500),
  ]);
  await expect(page.getByRole('img', { name: /^Daily revenue in EGP from / })).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /^Best-selling products:/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'main' });
});
