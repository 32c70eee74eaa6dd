import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute } from '../../../test/utils';
import { OrderStatusControl } from './OrderStatusControl';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const ORDER = 'abcdef12-3456-4789-8abc-def012345678';
const select = () => screen.getByRole('combobox', { name: 'Next status of order #ABCDEF12' });
const choices = () =>
  within(select())
    .getAllByRole('option')
    .map((o) => o.textContent);

// Rendering through the store and router takes seconds on a busy machine; the default 5 s is tight.
describe('OrderStatusControl', { timeout: 20_000 }, () => {
  it('offers only the moves the order state machine allows', () => {
    const { unmount } = renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" />);
    expect(choices()).toEqual(['Move to…', 'Shipped', 'Cancelled']);
    unmount();

    const pending = renderRoute(<OrderStatusControl orderId={ORDER} status="pending" />);
    expect(choices()).toEqual(['Move to…', 'Paid', 'Cancelled']);
    pending.unmount();

    const shipped = renderRoute(<OrderStatusControl orderId={ORDER} status="shipped" />);
    expect(choices()).toEqual(['Move to…', 'Delivered']);
    shipped.unmount();

    // Delivered and cancelled orders are final: nothing to offer.
    renderRoute(<OrderStatusControl orderId={ORDER} status="delivered" />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('cannot move before a status is chosen', () => {
    renderRoute(<OrderStatusControl orderId={ORDER} status="paid" />);
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
  });

  it('sends the chosen status and confirms once the server agreed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`PUT /api/order/${ORDER}/status`]: { body: { _id: ORDER, status: 'shipped' } } });
    renderRoute(<OrderStatusControl orderId={ORDER} status="paid" />);

    await user.selectOptions(select(), 'Shipped');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 is now Shipped'));
    expect(calls).toEqual([
      { method: 'PUT', path: `/api/order/${ORDER}/status`, body: { status: 'shipped' }, token: null },
    ]);
    expect(select()).toHaveValue('');
  });

  it("shows the server's refusal word for word", async () => {
    const user = userEvent.setup();
    mockApi({
      [`PUT /api/order/${ORDER}/status`]: {
        status: 409,
        body: { message: 'An order that is cancelled cannot become shipped' },
      },
    });
    renderRoute(<OrderStatusControl orderId={ORDER} status="confirmed" />);

    await user.selectOptions(select(), 'Shipped');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('An order that is cancelled cannot become shipped'));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
