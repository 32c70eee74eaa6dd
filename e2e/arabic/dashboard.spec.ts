import { asAdmin } from '../admin/helpers';
import { ar, expectArabicPage } from '../support/arabic';
import { test, expect } from '../support/test';

/** The dashboard in Arabic, on a phone and on a desktop: the overview, the products and the users. */
for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the dashboard in Arabic at ${viewport.width} px`, () => {
    test.use({ viewport, locale: 'ar-EG' });

    test('overview, products and users read right to left in Arabic', async ({ page, request }) => {
      // Three dashboard screens, each loaded afresh: 26-32 s on one core of a machine under a load of 12.
      test.slow();
      const admin = await asAdmin(page, request);
      // People's names are shown as typed (other tests add shoppers meanwhile).
      const people = async () => {
        const res = await request.get('/api/user/allUsers', { headers: { 'x-access-token': admin.token } });
        return ((await res.json()) as { users: { name: string }[] }).users.map((user) => user.name);
      };

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: ar('admin.overview.title') })).toBeVisible();
      await expectArabicPage(page, await people());

      await page.goto('/dashboard/DashProducts');
      await expect(page.getByRole('heading', { level: 1, name: ar('admin.products.title') })).toBeVisible();
      await expectArabicPage(page, await people());

      await page.goto('/dashboard/users');
      await expect(page.getByRole('heading', { level: 1, name: ar('admin.users.title') })).toBeVisible();
      await expectArabicPage(page, await people());
    });
  });
}
