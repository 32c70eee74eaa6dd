import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Department } from '@shop/contracts';
import { mockApi, renderRoute } from '../../../test/utils';
import { DepartmentsAdminPage } from './DepartmentsAdminPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const FASHION = '22222222-2222-4222-8222-222222222222';
const departments: Department[] = [{ _id: FASHION, name: 'Fashion', nameAr: 'أزياء' }];

describe('departments: the Arabic name', () => {
  it('is typed right to left beside the English name and sent as nameAr', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/department': { body: departments },
      'GET /api/category': { body: [] },
      'POST /api/department': { status: 201, body: { _id: 'new', name: 'Toys', nameAr: 'ألعاب' } },
    });
    renderRoute(<DepartmentsAdminPage />);
    const add = within(await screen.findByRole('region', { name: 'Add a department' }));

    expect(add.getByLabelText('Arabic name')).toHaveAttribute('dir', 'rtl');
    await user.type(add.getByLabelText('Name'), 'Toys');
    await user.type(add.getByLabelText('Arabic name'), 'ألعاب');
    await user.click(add.getByRole('button', { name: 'Add department' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Toys', nameAr: 'ألعاب' });
  });

  it('starts a rename from both current names, and an emptied Arabic name is sent as none', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/department': { body: departments },
      'GET /api/category': { body: [] },
      'PUT /api/department': { body: departments[0] },
    });
    renderRoute(<DepartmentsAdminPage />);
    const rename = within(await screen.findByRole('region', { name: 'Rename a department' }));

    await user.selectOptions(
      rename.getByLabelText('Department'),
      await rename.findByRole('option', { name: 'Fashion' }),
    );
    expect(rename.getByLabelText('New name')).toHaveValue('Fashion');
    expect(rename.getByLabelText('Arabic name')).toHaveValue('أزياء');
    await user.clear(rename.getByLabelText('Arabic name'));
    await user.click(rename.getByRole('button', { name: 'Rename department' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ id: FASHION, name: 'Fashion', nameAr: null });
  });
});

describe('departments: the list', () => {
  it('says a failed load failed, not that there are no departments, and asks again on retry', async () => {
    const user = userEvent.setup();
    let answer = { status: 500, body: { message: 'Down' } as unknown };
    const { calls } = mockApi({ 'GET /api/department': () => answer, 'GET /api/category': { body: [] } });
    renderRoute(<DepartmentsAdminPage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load this right now. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText('No departments yet.')).not.toBeInTheDocument();

    answer = { status: 200, body: departments };
    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Fashion' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/department')).toHaveLength(2);
  });
});
