import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { User } from '@shop/contracts';
import { adminSession, mockApi, renderRoute, shopperSession } from '../../../test/utils';
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
});
