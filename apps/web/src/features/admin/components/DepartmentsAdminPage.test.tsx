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
