import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { UserOrdersPage } from './UserOrdersPage';

describe('UserOrdersPage', () => {
  it('tells a role with the customers but not the orders that this is not its part, and asks for none', async () => {
    const { calls } = mockApi({
      'GET /api/user/allUsers': { body: { count: 0, users: [] } },
      'GET /api/staff/me': { body: { role: 'desk', permissions: ['customers.read'] } },
    });
    renderRoute(<UserOrdersPage />, {
      path: '/dashboard/UserOrder/:userID',
      url: '/dashboard/UserOrder/u1',
      preloadedState: { session: adminSession },
    });
    expect(await screen.findByText('Your role does not include this part of the dashboard.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/order/admin/u1');
  });
});
