import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { OrderStatusControl } from './OrderStatusControl';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const ORDER = 'abcdef12-3456-4789-8abc-def012345678';
const select = () => screen.getByRole('combobox', { name: 'Next status of order #ABCDEF12' });
/** The shop books Bosta unless a test says it has no courier. */
const BOSTA = { 'GET /api/courier': { body: { courier: 'bosta' } } };
const movesOf = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');
const choices = () =>
  within(select())
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => act(() => changeLanguage('en')));

// Rendering through the store and router takes seconds on a busy machine; the default 5 s is tight.
describe('OrderStatusControl', () => {
  it('offers only the moves the order state machine allows an admin', () => {
    const { unmount } = renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" />);
    expect(choices()).toEqual(['Move to…', 'Shipped', 'Cancelled']);
    unmount();

    // Only the payment provider marks an order paid.
    const pending = renderRoute(<OrderStatusControl orderId={ORDER} status="pending" />);
    expect(choices()).toEqual(['Move to…', 'Cancelled']);
    pending.unmount();

    const shipped = renderRoute(<OrderStatusControl orderId={ORDER} status="shipped" />);
    expect(choices()).toEqual(['Move to…', 'Delivered', 'Returned']);
    shipped.unmount();

    // A return request is answered: accepted (returned) or refused (delivered again).
    const asked = renderRoute(<OrderStatusControl orderId={ORDER} status="return_requested" />);
    expect(choices()).toEqual(['Move to…', 'Refuse the return', 'Accept the return']);
    asked.unmount();

    // Only the shopper asks for a return; cancelled and refunded orders are final; a returned order
    // is refunded by giving its money back (the Refund button), not by a change of status.
    for (const status of ['delivered', 'cancelled', 'refunded', 'returned'] as const) {
      const final = renderRoute(<OrderStatusControl orderId={ORDER} status={status} />);
      expect(screen.queryByRole('combobox'), status).not.toBeInTheDocument();
      final.unmount();
    }
  });

  it('offers cancelling a cash order whose delivery fees were paid online only to a role that gives refunds', async () => {
    const deposit = { amount: 30, state: 'paid' as const };
    const signedIn = {
      session: { ...shopperSession, user: { ...shopperSession.user, _id: 'agent', role: true }, token: 'agent-token' },
    };
    mockApi({
      ...BOSTA,
      'GET /api/staff/me': { body: { role: 'orders', permissions: [...BUILT_IN_ROLES.orders] } },
    });
    await act(() => changeLanguage('ar'));
    const view = renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" deposit={deposit} />, {
      preloadedState: signedIn,
    });
    // In the shop's other language too: the deposit would go back, which this role may not do.
    await waitFor(() =>
      expect(screen.getByRole('combobox')).toHaveAccessibleDescription(
        'رسوم التوصيل مدفوعة أونلاين، وإلغاء الطلب يردها، ودورك لا يسمح برد المبالغ: يمكن لموظف يرد المبالغ إلغاؤه.',
      ),
    );
    expect(
      within(screen.getByRole('combobox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['نقل إلى…', 'تم الشحن']);
    view.unmount();

    await act(() => changeLanguage('en'));
    // A deposit not paid gives nothing back: cancelling is this role's to do.
    renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" deposit={{ amount: 30, state: 'due' }} />, {
      preloadedState: signedIn,
    });
    expect(choices()).toEqual(['Move to…', 'Shipped', 'Cancelled']);
  });

  it('says why an order awaiting confirmation cannot be cancelled by a role that gives no refunds', async () => {
    mockApi({
      ...BOSTA,
      'GET /api/staff/me': { body: { role: 'orders', permissions: [...BUILT_IN_ROLES.orders] } },
    });
    renderRoute(
      <OrderStatusControl orderId={ORDER} status="awaiting_confirmation" deposit={{ amount: 30, state: 'paid' }} />,
      {
        preloadedState: {
          session: {
            ...shopperSession,
            user: { ...shopperSession.user, _id: 'agent', role: true },
            token: 'agent-token',
          },
        },
      },
    );
    // Cancelling is its only move, and it would give the deposit back: nothing to choose, only the reason.
    expect(await screen.findByText(/cancelling gives them back, which your role does not allow/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('cannot move before a status is chosen', () => {
    renderRoute(<OrderStatusControl orderId={ORDER} status="paid" />);
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
  });

  it('sends the chosen status and confirms once the server agreed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BOSTA,
      [`PUT /api/order/${ORDER}/status`]: { body: { _id: ORDER, status: 'delivered' } },
    });
    renderRoute(<OrderStatusControl orderId={ORDER} status="shipped" />);

    await user.selectOptions(select(), 'Delivered');
    // Only a cancellation or a return decision takes a reason.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 is now Delivered'));
    expect(movesOf(calls)).toEqual([
      { method: 'PUT', path: `/api/order/${ORDER}/status`, body: { status: 'delivered' }, token: null },
    ]);
    expect(select()).toHaveValue('');
  });

  it('ships with the tracking number typed, trimmed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BOSTA,
      [`PUT /api/order/${ORDER}/status`]: { body: { _id: ORDER, status: 'shipped' } },
    });
    renderRoute(<OrderStatusControl orderId={ORDER} status="paid" />);

    await user.selectOptions(select(), 'Shipped');
    await user.type(screen.getByRole('textbox', { name: 'Tracking number of order #ABCDEF12' }), ' EG123 ');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 is now Shipped'));
    expect(movesOf(calls)[0]).toMatchObject({ body: { status: 'shipped', trackingNumber: 'EG123' } });
  });

  it("ships without a number through the shop's courier, which the hint names, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BOSTA,
      [`PUT /api/order/${ORDER}/status`]: { status: 400, body: { message: 'Bosta is not answering' } },
    });
    renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" />);

    await user.selectOptions(select(), 'Shipped');
    const number = screen.getByRole('textbox', { name: 'Tracking number of order #ABCDEF12' });
    await waitFor(() => expect(number).toHaveAttribute('placeholder', 'Tracking number (blank: book Bosta)'));
    await user.type(number, '   ');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Bosta is not answering'));
    expect(movesOf(calls)[0]).toMatchObject({ body: { status: 'shipped' } });
    expect(select()).toHaveValue('shipped');
  });

  it('asks for the tracking number when the shop has no courier to book', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courier': { body: { courier: null } } });
    renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" />);

    await user.selectOptions(select(), 'Shipped');
    const number = screen.getByRole('textbox', { name: 'Tracking number of order #ABCDEF12' });
    await waitFor(() =>
      expect(number).toHaveAttribute('placeholder', 'Tracking number (required: no courier is set up)'),
    );
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    await user.type(number, 'EG9');
    expect(screen.getByRole('button', { name: 'Move' })).toBeEnabled();
  });

  it('sends the reason of a refused return, and none when left empty', async () => {
    const user = userEvent.setup();
    const { calls: all } = mockApi({
      ...BOSTA,
      [`PUT /api/order/${ORDER}/status`]: { body: { _id: ORDER, status: 'delivered' } },
    });
    renderRoute(<OrderStatusControl orderId={ORDER} status="return_requested" />);

    await user.selectOptions(select(), 'Refuse the return');
    await user.type(screen.getByRole('textbox', { name: 'Reason for order #ABCDEF12' }), 'Seal broken by use');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(movesOf(all)).toHaveLength(1));
    expect(movesOf(all)[0]).toMatchObject({ body: { status: 'delivered', reason: 'Seal broken by use' } });

    await waitFor(() => expect(select()).toHaveValue(''));
    await user.selectOptions(select(), 'Accept the return');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(movesOf(all)).toHaveLength(2));
    expect(movesOf(all)[1]).toMatchObject({ body: { status: 'returned' } });
  });

  it("shows the server's refusal word for word", async () => {
    const user = userEvent.setup();
    mockApi({
      [`PUT /api/order/${ORDER}/status`]: {
        status: 409,
        body: { message: 'An order that is shipped cannot become cancelled' },
      },
    });
    renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" />);

    await user.selectOptions(select(), 'Cancelled');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('An order that is shipped cannot become cancelled'));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
