import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MSG, BUILT_IN_ROLES, type ListedStaffInvitation, type StaffRole } from '@shop/contracts';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { notify } from '../../../lib/notify';
import { StaffPage } from './StaffPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

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
    // Its row's buttons go with it: focus goes to the invitations' title.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Invitations' })).toHaveFocus();
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

  const custom = (key: string, name: string, permissions: StaffRole['permissions']): StaffRole => ({
    key,
    name,
    builtIn: false,
    permissions,
  });

  it('edits a custom role in the form that makes one; the built-in ones offer neither edit nor delete', async () => {
    const user = userEvent.setup();
    const packers = custom('r1', 'Packers', ['orders.read']);
    const { calls } = mockApi({
      'GET /api/admin/roles': { body: [...roles, packers] },
      'GET /api/admin/staff': { body: [] },
      'GET /api/admin/staff/invitations': { body: [] },
      'PUT /api/admin/roles/r1': { body: custom('r1', 'Packing desk', ['orders.read', 'orders.note']) },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    await user.click(await screen.findByRole('button', { name: 'Edit the role Packers' }));
    // Only the custom role: the built-in ones are fixed.
    expect(screen.getAllByRole('button', { name: /^(Edit|Delete) the role/ }).map((b) => b.textContent)).toEqual([
      'Edit',
      'Delete',
    ]);
    expect(screen.getByRole('heading', { name: 'Edit the role Packers' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Role name' });
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Packers');
    expect(screen.getByRole('checkbox', { name: 'See orders' })).toBeChecked();

    await user.clear(name);
    await user.type(name, 'Packing desk');
    await user.click(screen.getByRole('checkbox', { name: 'Write notes on orders' }));
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({
          path: '/api/admin/roles/r1',
          body: { name: 'Packing desk', permissions: ['orders.read', 'orders.note'] },
        }),
      ]),
    );
    // Saved: the form makes a new role again.
    expect(await screen.findByRole('heading', { name: 'New custom role' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Role name' })).toHaveValue('');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Cancelled, the form is a new role's again and focus is back where the editing began.
    await user.click(screen.getByRole('button', { name: 'Edit the role Packers' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'New custom role' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit the role Packers' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('deletes a role nobody holds after asking; one a member or an invitation holds says so instead', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/roles': {
        body: [
          ...roles,
          custom('r1', 'Packers', ['orders.read']),
          custom('r2', 'Night desk', ['orders.read']),
          custom('r3', 'Greeters', ['customers.read']),
        ],
      },
      'GET /api/admin/staff': {
        body: [
          { _id: 'm1', name: 'Huda', email: 'huda@example.com', phone: '01000000000', role: 'r1', suspended: false },
        ],
      },
      'GET /api/admin/staff/invitations': { body: [{ ...invitation('late@example.com', true), role: 'r3' }] },
      'DELETE /api/admin/roles/r2': { body: null },
    });
    const deleted = () => calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    await screen.findByRole('button', { name: 'Delete the role Night desk' });
    expect(screen.queryByRole('button', { name: 'Delete the role Packers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the role Greeters' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Held by members or invitations: it can be deleted once nobody holds it.')).toHaveLength(
      2,
    );
    // How many members hold each role; an invitation is not a member yet.
    const roleItem = (name: string) =>
      within(screen.getByRole('region', { name: 'Roles' }))
        .getByText(name)
        .closest('li');
    expect(roleItem('Packers')).toHaveTextContent(/^Packers · 1 member(?!s)/);
    expect(roleItem('Greeters')).toHaveTextContent(/^Greeters · 0 members/);

    await user.click(screen.getByRole('button', { name: 'Delete the role Night desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Night desk?' });
    expect(within(dialog).getByRole('button', { name: 'Keep the role' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete the role Night desk' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete the role' }));
    await waitFor(() => expect(deleted()).toEqual(['/api/admin/roles/r2']));
    // Its buttons are gone with it: focus goes to the roles' title.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Roles' })).toHaveFocus();
  });

  it('keeps the dialog open when the API refuses the deletion, saying why', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/roles': { body: [...roles, custom('r2', 'Night desk', ['orders.read'])] },
      'GET /api/admin/staff': { body: [] },
      'GET /api/admin/staff/invitations': { body: [] },
      'DELETE /api/admin/roles/r2': { status: 409, body: { message: API_MSG.roleHeld } },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    await user.click(await screen.findByRole('button', { name: 'Delete the role Night desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Night desk?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the role' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(API_MSG.roleHeld));
    expect(screen.getByRole('dialog', { name: 'Delete the role Night desk?' })).toBeInTheDocument();
  });

  it('says what a role saved before lacks, and saving it again as it is asks for it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/roles': { body: [...roles, custom('r1', 'Refunds', ['orders.refund'])] },
      'GET /api/admin/staff': { body: [] },
      'GET /api/admin/staff/invitations': { body: [] },
      'PUT /api/admin/roles/r1': { body: custom('r1', 'Refunds', ['orders.read', 'orders.refund']) },
    });
    renderRoute(<StaffPage />, { path: '/staff', url: '/staff', preloadedState: { session: adminSession } });
    expect(
      await screen.findByText(
        'Without See orders its members cannot reach the screens its permissions are used from: saving the role again adds what it lacks.',
      ),
    ).toBeInTheDocument();
    // Built-in roles hold what they need: nothing is said of them.
    expect(screen.getAllByText(/^Without /)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Edit the role Refunds' }));
    expect(screen.getByRole('checkbox', { name: 'See orders' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    // The API saves a role with what its permissions need.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ body: { name: 'Refunds', permissions: ['orders.refund'] } }),
      ]),
    );
  });
});
