import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES, type ConfirmationQueue, type Session } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { aDeliveryAddress, aQueuedOrder } from '../../../test/orders';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { ConfirmationsPage } from './ConfirmationsPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const agentSession: Session = {
  ...shopperSession,
  user: { ...shopperSession.user, _id: 'a1', name: 'Salma', role: true },
  token: 'agent-token',
};

const ID = 'abcdef12-3456-4789-8abc-def012345678';

/** One cash order, held by the signed-in agent, whose delivery fees were paid online first. */
const QUEUE: ConfirmationQueue = {
  items: [
    {
      order: aQueuedOrder({
        _id: ID,
        deliveryAddress: aDeliveryAddress({ city: 'Dokki', state: 'Giza' }),
        deposit: { amount: 30, state: 'paid' },
      }),
      customerName: 'Mona Ali',
      phone: '01122222222',
      record: { placed: 3, confirmed: 2, delivered: 0, refused: 2, cancelledAfterConfirming: 0 },
      attempts: 0,
      windowEnded: false,
      claim: { agentId: 'a1', agentName: 'Salma', until: '2025-03-05T10:10:00.000Z' },
    },
  ],
};

const renderPage = () =>
  renderRoute(<ConfirmationsPage />, {
    path: '/dashboard/confirmations',
    preloadedState: { session: agentSession },
  });

const outcomes = async () =>
  within(await screen.findByRole('group', { name: 'What the call gave' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

afterEach(() => act(() => changeLanguage('en')));

describe('the confirmation desk', () => {
  it('names where the order goes in the dashboard’s language', async () => {
    mockApi({
      'GET /api/admin/confirmations': { body: QUEUE },
      'GET /api/staff/me': { body: { role: 'orders', permissions: [...BUILT_IN_ROLES.orders] } },
    });
    await act(() => changeLanguage('ar'));
    renderPage();

    // The governorate in Arabic and the Arabic comma; the city as the shopper typed it, set apart so that a Latin one
    // keeps its place first in the right-to-left line.
    const city = await screen.findByText('Dokki');
    expect(city.tagName).toBe('BDI');
    expect(city.parentElement?.textContent).toMatch(/ · Dokki، الجيزة$/);
  });

  it('shows the customer’s instructions for the courier, to go over on the call, and nothing for an order without', async () => {
    const told = { ...QUEUE.items[0]!, order: { ...QUEUE.items[0]!.order } };
    told.order.deliveryAddress = { ...told.order.deliveryAddress, instructions: 'اتصل قبل الوصول' };
    mockApi({
      'GET /api/admin/confirmations': { body: { items: [told, { ...QUEUE.items[0]!, order: aQueuedOrder() }] } },
      'GET /api/staff/me': { body: { role: 'orders', permissions: [...BUILT_IN_ROLES.orders] } },
    });
    renderPage();

    const instructions = await screen.findByText('اتصل قبل الوصول');
    expect(instructions.tagName).toBe('BDI');
    expect(instructions.parentElement).toHaveTextContent(/^For the courier: اتصل قبل الوصول$/);
    expect(screen.getAllByText(/^For the courier:/)).toHaveLength(1);
  });

  it('does not offer to cancel an order whose deposit was paid to an agent whose role gives no refunds, and says why', async () => {
    mockApi({
      'GET /api/admin/confirmations': { body: QUEUE },
      'GET /api/staff/me': { body: { role: 'orders', permissions: [...BUILT_IN_ROLES.orders] } },
    });
    renderPage();

    expect(await screen.findByText('Delivery fees paid online')).toBeInTheDocument();
    expect(await screen.findByText(/cancelling gives them back, which your role does not allow/)).toBeInTheDocument();
    expect(await outcomes()).toEqual(['Confirmed', 'No answer']);
  });

  it('offers every outcome to a role that gives refunds, and shows the server’s refusal should the role change', async () => {
    const refusal =
      'This order’s delivery fees were paid online and cancelling it gives them back, which your role does not allow: ask a member who gives refunds to cancel it';
    let selfReads = 0;
    const { calls } = mockApi({
      'GET /api/admin/confirmations': { body: QUEUE },
      'GET /api/staff/me': () => {
        selfReads++;
        return { body: { role: 'manager', permissions: [...BUILT_IN_ROLES.manager] } };
      },
      [`POST /api/admin/confirmations/${ID}/outcome`]: { status: 403, body: { message: refusal } },
    });
    const user = userEvent.setup();
    renderPage();

    await waitFor(async () =>
      expect(await outcomes()).toEqual(['Confirmed', 'No answer', 'Wrong number', 'Cancelled']),
    );
    expect(screen.queryByText(/which your role does not allow/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wrong number' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel the order' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal));
    expect(notify.success).not.toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'wrong_number' });
    // What the role allows is read again, so the desk shows what it allows now.
    await waitFor(() => expect(selfReads).toBe(2));
  });

  it('asks before an outcome that cancels the order, and records nothing when told not to', async () => {
    const { calls } = mockApi({
      'GET /api/admin/confirmations': { body: QUEUE },
      'GET /api/staff/me': { body: { role: 'manager', permissions: [...BUILT_IN_ROLES.manager] } },
      [`POST /api/admin/confirmations/${ID}/outcome`]: { body: null },
    });
    const posted = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Cancelled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #ABCDEF12?' });
    expect(dialog).toHaveTextContent('The call is recorded as “Cancelled” and the order is cancelled.');
    // Its way out says what it keeps: "Cancel" beside "Yes, cancel the order" would read as the same answer.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const keep = within(dialog).getByRole('button', { name: 'Keep the order' });
    expect(keep).toHaveFocus();
    await user.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancelled' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order cancelled'));
    expect(posted()).toEqual([{ outcome: 'cancelled' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
