import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BUILT_IN_ROLES, type User } from '@shop/contracts';
import { adminSession, mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { staffApi } from '../api/staffApi';
import { UsersPage } from './UsersPage';

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
});
