import { asAdmin } from '../admin/helpers';
import { ar, catalogueTexts, expectArabicPage } from '../support/arabic';
import { test, expect } from '../support/test';

/** The dashboard in Arabic, on a phone and on a desktop: the overview, the products and the users. */
for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the dashboard in Arabic at ${viewport.width} px`, () => {
    test.use({ viewport, locale: 'ar-EG' });

    test('overview, products and users read right to left in Arabic', async ({ page, request }) => {
      const admin = await asAdmin(page, request);
      // What the dashboard shows as typed: the catalogue and the people's names (other tests add shoppers).
      const people = async () => {
        const res = await request.get('/api/user/allUsers', { headers: { 'x-access-token': admin.token } });
        return ((await res.json()) as { users: { name: string }[] }).users.map((user) => user.name);
      };
      const data = async () => [...(await catalogueTexts(request)), ...(await people())];

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: ar('admin.overview.title') })).toBeVisible();
      await expectArabicPage(page, await data());

      await page.goto('/dashboard/DashProducts');
      await expect(page.getByRole('heading', { level: 1, name: ar('admin.products.title') })).toBeVisible();
      await expectArabicPage(page, await data());

      await page.goto('/dashboard/users');
      await expect(page.getByRole('heading', { level: 1, name: ar('admin.users.title') })).toBeVisible();
      await expectArabicPage(page, await data());
    });
  });
}
