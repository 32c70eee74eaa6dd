import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute } from '../../../test/utils';
import { RefundButton } from './RefundButton';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const ORDER = 'abcdef12-3456-4789-8abc-def012345678';

describe('RefundButton', () => {
  it('asks first; cancelling sends nothing, confirming refunds the order and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'cancelled' } } });
    renderRoute(<RefundButton orderId={ORDER} bill={150.5} />);

    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    expect(await screen.findByRole('dialog', { name: 'Refund order #ABCDEF12?' })).toHaveTextContent(
      'the order is cancelled and its products return to stock',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 was refunded'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`POST /api/order/${ORDER}/refund`]);
  });

  it('records how a returned cash order’s money was paid back', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'refunded' } } });
    renderRoute(<RefundButton orderId={ORDER} bill={99} returned cash />);
    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    await user.selectOptions(await screen.findByLabelText('How was the money paid back?'), 'Bank transfer');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 was refunded'));
    expect(calls.map((call) => call.body)).toEqual([{ paidBackBy: 'bank transfer' }]);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    mockApi({
      [`POST /api/order/${ORDER}/refund`]: {
        status: 409,
        body: { message: 'Only a paid order that has not been shipped can be refunded' },
      },
    });
    renderRoute(<RefundButton orderId={ORDER} bill={20} />);
    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Only a paid order that has not been shipped can be refunded'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
