import { test, expect } from '../support/test';
import { header, toast } from '../support/ui';
import { apiCategory, apiDepartment, asAdmin, expectToast, expectFieldErrors, uniqueName } from './helpers';

test.describe('DepartmentsAdmin', () => {
  test("each form says 'Required Field' for what is missing", async ({ page, request }) => {
    await asAdmin(page, request);
    await page.goto('/dashboard/DepartmentsAdmin');
    const add = page.getByRole('region', { name: 'Add a department' });
    const rename = page.getByRole('region', { name: 'Rename a department' });
    const remove = page.getByRole('region', { name: 'Delete a department' });

    await add.getByRole('button', { name: 'Add department' }).click();
    await expectFieldErrors(add, ['Name'], 'Required Field');
    await rename.getByRole('button', { name: 'Rename department' }).click();
    await expectFieldErrors(rename, ['Department', 'New name'], 'Required Field');
    await remove.getByRole('button', { name: 'Delete department' }).click();
    await expectFieldErrors(remove, ['Department'], 'Required Field');

    // Checked as the field changes and when it is left, too.
    await add.getByLabel('Name', { exact: true }).fill('Garden');
    await expectFieldErrors(add, ['Name'], '');
    await add.getByLabel('Name', { exact: true }).fill('   ');
    await add.getByLabel('Name', { exact: true }).blur();
    await expectFieldErrors(add, ['Name'], 'Required Field');
  });

  test('adds a department, renames it (the header menu shows the new name) and deletes it', async ({
    page,
    request,
  }) => {
    await asAdmin(page, request);
    const name = uniqueName('Garden');
    const renamed = uniqueName('Outdoor Living');
    await page.goto('/dashboard/DepartmentsAdmin');

    const add = page.getByRole('region', { name: 'Add a department' });
    await add.getByLabel('Name', { exact: true }).fill(name);
    await add.getByRole('button', { name: 'Add department' }).click();
    await expectToast(page, 'Department Added Successfully');
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(add.getByLabel('Name', { exact: true })).toHaveValue('');

    const rename = page.getByRole('region', { name: 'Rename a department' });
    await rename.getByLabel('Department').selectOption({ label: name });
    // Choosing a department fills in its current name, ready to change.
    await expect(rename.getByLabel('New name')).toHaveValue(name);
    await rename.getByLabel('New name').fill(renamed);
    await rename.getByRole('button', { name: 'Rename department' }).click();
    await expectToast(page, 'Department updated Successfully');
    await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();

    await header(page).getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(renamed, { exact: true })).toBeVisible();
    await expect(drawer.getByText(name, { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const remove = page.getByRole('region', { name: 'Delete a department' });
    await remove.getByLabel('Department').selectOption({ label: renamed });
    await remove.getByRole('button', { name: 'Delete department' }).click();
    await expectToast(page, 'Department deleted Successfully');
    await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
  });

  test("refusing to delete a department that still has categories shows the server's reason, not a success", async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(page, request);
    const department = await apiDepartment(request, admin);
    await apiCategory(request, admin, department);
    await page.goto('/dashboard/DepartmentsAdmin');

    const remove = page.getByRole('region', { name: 'Delete a department' });
    await remove.getByLabel('Department').selectOption({ label: department.name });
    await remove.getByRole('button', { name: 'Delete department' }).click();
    const refusal = toast(page, 'This department still has categories; move or delete them first');
    await expect(refusal).toBeVisible();
    await expect(toast(page, 'Department deleted Successfully')).toHaveCount(0);
    await expect(page.getByRole('link', { name: department.name, exact: true })).toBeVisible();
    // The toast goes by itself after 3 seconds, at the bottom centre.
    await expect(page.locator('.Toastify__toast-container--bottom-center')).toBeVisible();
    await expect(refusal).toBeHidden({ timeout: 6000 });
  });
});
