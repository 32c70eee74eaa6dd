import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES, type ListedStaffInvitation, type StaffRole } from '@shop/contracts';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { StaffPage } from './StaffPage';

const roles: StaffRole[] = [
  { key: 'owner', name: 'owner', builtIn: true, permissions: [...BUILT_IN_ROLES.owner] },
  { key: 'support', name: 'support', builtIn: true, permissions: [...BUILT_IN_ROLES.support] },
];
const invitation = (email: string, expired: boolean): ListedStaffInvitation => ({
  _id: `id-${email.split('@')[0]}`,
  email,
  phone: null,
  role: 'support',
  invitedBy: 'Admin',
  expiresAt: '2026-12-01T10:00:00.000Z',
  expired,
});

describe('StaffPage invitations', () => {
  it('marks the expired ones, and sends one again, showing its new link', async () => {
    const { calls } = mockApi({
      'GET /api/admin/roles': { body: roles },
      'GET /api/admin/staff': { body: [] },
      'GET /api/admin/staff/invitations': {
        body: [invitation('late@example.com', true), invitation('open@example.com', false)],
      },
      'POST /api/admin/staff/invitations/id-late/resend': {
        status: 201,
        body: { token: 'new', url: 'http://shop.test/staff/accept#new' },
      },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    const late = (await screen.findByText('late@example.com')).closest('tr');
    const open = screen.getByText('open@example.com').closest('tr');
    if (!late || !open) throw new Error('no invitation rows');
    expect(within(late).getByText('Expired')).toBeInTheDocument();
    expect(within(open).queryByText('Expired')).not.toBeInTheDocument();

    await userEvent.click(within(late).getByRole('button', { name: 'Send the invitation to late@example.com again' }));
    expect(await screen.findByDisplayValue('http://shop.test/staff/accept#new')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/staff/invitations/id-late/resend')).toBe(
      true,
    );
  });

  it('asks before withdrawing one, its way out named for what it keeps, and withdraws it when told to', async () => {
    const { calls } = mockApi({
      'GET /api/admin/roles': { body: roles },
      'GET /api/admin/staff': { body: [] },
      'GET /api/admin/staff/invitations': { body: [invitation('open@example.com', false)] },
      'DELETE /api/admin/staff/invitations/id-open': { body: null },
    });
    const withdrawn = () => calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    const user = userEvent.setup();
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    const withdraw = await screen.findByRole('button', { name: 'Withdraw the invitation of open@example.com' });

    await user.click(withdraw);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(withdrawn()).toEqual([]);

    await user.click(withdraw);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdrawn()).toEqual(['/api/admin/staff/invitations/id-open']));
  });
});

describe('StaffPage members', () => {
  it('offers to suspend every member but the one signed in', async () => {
    const member = (id: string, name: string) => ({
      _id: id,
      name,
      email: `${id}@example.com`,
      phone: '01000000000',
      role: 'owner',
      suspended: false,
    });
    mockApi({
      'GET /api/admin/roles': { body: roles },
      'GET /api/admin/staff': { body: [member(adminSession.user._id, 'Admin'), member('o2', 'Nour')] },
      'GET /api/admin/staff/invitations': { body: [] },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    const other = (await screen.findByText('Nour')).closest('tr');
    const own = screen.getByText('Admin', { selector: 'td' }).closest('tr');
    if (!other || !own) throw new Error('no member rows');
    expect(within(other).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('neither demotes nor suspends the only owner who is not suspended, as the API would refuse', async () => {
    const member = (id: string, name: string, role: string, suspended = false) => ({
      _id: id,
      name,
      email: `${id}@example.com`,
      phone: '01000000000',
      role,
      suspended,
    });
    mockApi({
      'GET /api/admin/roles': { body: roles },
      'GET /api/admin/staff': {
        body: [
          member(adminSession.user._id, 'Admin', 'support'),
          member('o1', 'Huda', 'owner'),
          member('o2', 'Nour', 'owner', true),
        ],
      },
      'GET /api/admin/staff/invitations': { body: [] },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    const only = (await screen.findByText('Huda')).closest('tr');
    const suspended = screen.getByText('Nour').closest('tr');
    if (!only || !suspended) throw new Error('no member rows');
    const role = within(only).getByRole('combobox', { name: 'Role of Huda' });
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription("The shop's only owner keeps the role: make another member owner first.");
    expect(within(only).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    // A suspended owner does not count: restoring them is what makes a second owner.
    expect(within(suspended).getByRole('combobox', { name: 'Role of Nour' })).toBeEnabled();
    expect(within(suspended).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });
});

describe('StaffPage roles', () => {
  it('keeps on, and says why, a permission whose screen another chosen one is used from', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/roles': { body: roles },
      'GET /api/admin/staff': { body: [] },
      'GET /api/admin/staff/invitations': { body: [] },
      'POST /api/admin/roles': { status: 201, body: { key: 'r1', name: 'Refunds', builtIn: false, permissions: [] } },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    const seeOrders = await screen.findByRole('checkbox', { name: 'See orders' });
    expect(seeOrders).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Refund orders' }));
    await user.click(screen.getByRole('checkbox', { name: 'Write notes on orders' }));
    expect(seeOrders).toBeChecked();
    expect(seeOrders).toBeDisabled();
    expect(seeOrders).toHaveAccessibleDescription('Kept on for Refund orders and Write notes on orders');
    expect(screen.getByRole('checkbox', { name: 'See customers' })).toBeEnabled();

    await user.type(screen.getByRole('textbox', { name: 'Role name' }), 'Refunds');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({ body: { name: 'Refunds', permissions: ['orders.refund', 'orders.note'] } }),
      ]),
    );
    // Neither left needs it: it is a choice again.
    await waitFor(() => expect(seeOrders).toBeEnabled());
    expect(seeOrders).not.toBeChecked();
  });
});
