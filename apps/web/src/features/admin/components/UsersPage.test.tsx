import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES, type User } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { adminSession, mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { staffApi } from '../api/staffApi';
import { UsersPage } from './UsersPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const user = (name: string, phone: string, verifiedPhone: string | null): User => ({
  ...shopperSession.user,
  _id: `id-${name}`,
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone,
  verifiedPhone,
});

describe('UsersPage', () => {
  it('marks the mobiles their accounts proved by a code, and only those', async () => {
    mockApi({
      'GET /api/user/allUsers': {
        body: { count: 2, users: [user('Huda', '01012345678', '01012345678'), user('Omar', '01198765432', null)] },
      },
    });
    renderRoute(<UsersPage />, { path: '/users', url: '/users', preloadedState: { session: adminSession } });
    const proven = (await screen.findByText('01012345678')).closest('td');
    const typed = screen.getByText('01198765432').closest('td');
    if (!proven || !typed) throw new Error('no phone cells');
    expect(within(proven).getByText('Confirmed')).toBeInTheDocument();
    expect(within(typed).queryByText('Confirmed')).not.toBeInTheDocument();
  });

  it("links a name to the user's orders only for a member whose role may read orders", async () => {
    const users = { count: 1, users: [user('Huda', '01012345678', null)] };
    mockApi({
      'GET /api/user/allUsers': { body: users },
      'GET /api/staff/me': { body: { role: 'support', permissions: [...BUILT_IN_ROLES.support] } },
    });
    const { unmount } = renderRoute(<UsersPage />, { preloadedState: { session: adminSession } });
    expect(await screen.findByRole('link', { name: 'Huda' })).toHaveAttribute('href', '/dashboard/UserOrder/id-Huda');
    unmount();

    // A custom role with the customers but not the orders, which the API would refuse.
    mockApi({
      'GET /api/user/allUsers': { body: users },
      'GET /api/staff/me': { body: { role: 'desk', permissions: ['customers.read'] } },
    });
    const { store } = renderRoute(<UsersPage />, { preloadedState: { session: adminSession } });
    expect(await screen.findByText('Huda')).toBeInTheDocument();
    // The role as the API gave it, not the nothing-allowed of before it arrived.
    const self = staffApi.endpoints.getStaffSelf.select(adminSession.user._id);
    await waitFor(() => expect(self(store.getState()).isSuccess).toBe(true));
    expect(screen.queryByRole('link', { name: 'Huda' })).not.toBeInTheDocument();
  });

  describe('signing a customer out on every device', () => {
    afterEach(() => changeLanguage('en'));
    const users = {
      count: 2,
      users: [user('Huda', '01012345678', null), { ...user('Nour', '01198765432', null), role: true }],
    };
    const asRole = (permissions: readonly string[]) => ({ body: { role: 'support', permissions } });

    it('asks first, then signs the customer out and says so; a staff account has no such button', async () => {
      const clicks = userEvent.setup();
      const { calls } = mockApi({
        'GET /api/user/allUsers': { body: users },
        'GET /api/staff/me': asRole(BUILT_IN_ROLES.support),
        'POST /api/admin/customers/id-Huda/sign-out': { status: 204, body: null },
      });
      renderRoute(<UsersPage />, { preloadedState: { session: adminSession } });
      const staff = (await screen.findByText('Nour')).closest('tr');
      if (!staff) throw new Error('no staff row');
      expect(within(staff).queryByRole('button')).not.toBeInTheDocument();

      await clicks.click(await screen.findByRole('button', { name: 'Sign Huda out on every device' }));
      const dialog = screen.getByRole('dialog', { name: 'Sign Huda out on every device?' });
      expect(dialog).toHaveTextContent('For a phone lost or stolen: Huda is signed out at once on every device.');
      // The safe answer has the focus: Enter does not sign anyone out.
      expect(within(dialog).getByRole('button', { name: 'Keep signed in' })).toHaveFocus();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      await clicks.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Huda is signed out on every device'));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({ path: '/api/admin/customers/id-Huda/sign-out', token: adminSession.token }),
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('is offered in Arabic, and not to a role without the permission', async () => {
      await changeLanguage('ar');
      mockApi({ 'GET /api/user/allUsers': { body: users }, 'GET /api/staff/me': asRole(BUILT_IN_ROLES.support) });
      const arabic = renderRoute(<UsersPage />, { preloadedState: { session: adminSession } });
      expect(await screen.findByRole('button', { name: 'تسجيل خروج Huda من كل أجهزته' })).toHaveTextContent(
        'تسجيل الخروج من كل الأجهزة',
      );
      arabic.unmount();
      await changeLanguage('en');

      mockApi({ 'GET /api/user/allUsers': { body: users }, 'GET /api/staff/me': asRole(['customers.read']) });
      const { store } = renderRoute(<UsersPage />, { preloadedState: { session: adminSession } });
      expect(await screen.findByText('Huda')).toBeInTheDocument();
      const self = staffApi.endpoints.getStaffSelf.select(adminSession.user._id);
      await waitFor(() => expect(self(store.getState()).isSuccess).toBe(true));
      expect(screen.queryByRole('button', { name: /out on every device/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    });
  });
});
