import { dayInCairo, formatPrice } from '@shop/contracts';
import { newShopper } from '../support/accounts';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/ui';
import { asAdmin, placeCashOrder, uniqueName } from './helpers';

test('the sales report shows what the day’s orders brought, product by product', async ({
  page,
  request,
  makeProduct,
}) => {
  await asAdmin(page, request);
  // Dearer than anything else the suite sells, so that it heads the day's products whatever ran before.
  const machine = await makeProduct({ name: uniqueName('Sold espresso machine'), stock: 10, price: 45_000 });
  const shopper = await newShopper(request, 'Sales Buyer');
  // The report's days are Cairo's; they run from before the order to after it, should Cairo's midnight fall between.
  const from = dayInCairo(new Date());
  await placeCashOrder(request, shopper, machine._id, 2);
  const to = dayInCairo(new Date());

  await page.goto(`/dashboard/sales?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  const products = page.getByRole('table', { name: 'Top products by revenue' });
  await expect(products.getByRole('row').filter({ hasText: machine.name }).getByRole('cell')).toHaveText([
    '2',
    formatPrice(90_000, 'en-EG'),
  ]);
  // Other tests' orders of the day count too, and may be cancelled meanwhile: the revenue holds at least this one.
  const revenue = page.getByRole('list', { name: 'Sales' }).locator('.stat-value').first();
  expect(Number((await revenue.textContent())?.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(90_000);
  await expect(page.getByRole('img', { name: /^Daily revenue in EGP from / })).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /^Top products by revenue:/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'main' });
});
