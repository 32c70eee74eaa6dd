import type { Page } from '@playwright/test';
import { departments } from '../support/catalog';
import { test, expect } from '../support/test';

const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
};
const expectScrollY = (page: Page, y: number) => expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);

// A page opened afresh (a link from an SMS, the success page's way home) starts at its top, even where an earlier
// page of the tab was left scrolled; a reload, and a step back, put the page where the shopper left it.
test('a page loaded afresh opens at its top; a reload and a step back restore the scroll', async ({
  page,
  request,
}) => {
  const [department] = await departments(request);
  await page.goto('/');
  await scrollTo(page, 1500);

  await page.goto(`/department/${department?._id}`);
  await expectScrollY(page, 0);
  // Back home afresh, as the success page sends a shopper: not where the first visit to it was left either.
  await page.goto('/');
  await expectScrollY(page, 0);

  await scrollTo(page, 800);
  await page.reload();
  await expectScrollY(page, 800);

  // A click without the scroll into view a real click would make first: the page stays at 800 as it is left.
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).dispatchEvent('click');
  await expect(page).toHaveURL('/about');
  await expectScrollY(page, 0);
  await page.goBack();
  await expectScrollY(page, 800);
});
