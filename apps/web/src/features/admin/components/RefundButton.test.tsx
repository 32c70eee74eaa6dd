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

/** An order as the dashboard reads it, a paid card order unless told: what its refund gives back as the API says. */
const order = (overrides: Partial<Parameters<typeof RefundButton>[0]['order']> = {}) => ({
  _id: ORDER,
  status: 'paid' as const,
  paymentMethod: 'visa' as const,
  refundable: { of: 'bill' as const, amount: 150.5 },
  refund: null,
  ...overrides,
});

describe('RefundButton', () => {
  it('asks first; cancelling sends nothing, confirming refunds the order and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'cancelled' } } });
    renderRoute(<RefundButton order={order()} />);

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

  it('after a part refunded at the payment provider, offers the rest of the bill and says what went back', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'cancelled' } } });
    const part = {
      amount: 50,
      whole: false,
      at: '2026-12-01T10:00:00.000Z',
      method: 'card' as const,
      paidBackBy: null,
    };
    renderRoute(<RefundButton order={order({ refundable: { of: 'bill', amount: 100.5 }, refund: part })} />);

    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #ABCDEF12?' });
    expect(dialog).toHaveTextContent('EGP 100.50');
    expect(dialog).toHaveTextContent(
      'EGP 50 of the bill was given back at the payment provider already: blank gives back the rest.',
    );
    expect(dialog).not.toHaveTextContent('Blank: the whole bill');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 was refunded'));
    expect(calls.map((call) => call.body)).toEqual([{}]);
  });

  it('records how a returned cash order’s money was paid back', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'refunded' } } });
    renderRoute(
      <RefundButton
        order={order({ status: 'returned', paymentMethod: 'cash', refundable: { of: 'bill', amount: 99 } })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    await user.selectOptions(await screen.findByLabelText('How was the money paid back?'), 'Bank transfer');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #ABCDEF12 was refunded'));
    expect(calls.map((call) => call.body)).toEqual([{ paidBackBy: 'bank transfer' }]);
  });

  it('records the delivery fees a refused parcel kept as given back by hand, the deposit by default', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'returned' } } });
    renderRoute(
      <RefundButton
        order={order({ status: 'returned', paymentMethod: 'cash', refundable: { of: 'deposit', amount: 30 } })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Refund order #ABCDEF12' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record the deposit of order #ABCDEF12 given back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the deposit of order #ABCDEF12 given back?' });
    expect(dialog).toHaveTextContent('the order stays returned');
    // The deposit, not the bill, is what goes back: more than it is refused before anything is sent.
    const amount = screen.getByLabelText('Amount to give back (EGP)');
    expect(amount).toHaveAttribute('placeholder', '30');
    await user.type(amount, '31');
    await user.click(screen.getByRole('button', { name: 'Record the deposit given back' }));
    expect(screen.getByText('Give an amount above 0 and at most the deposit.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(amount);
    await user.selectOptions(screen.getByLabelText('How was the money paid back?'), 'InstaPay');
    await user.click(screen.getByRole('button', { name: 'Record the deposit given back' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('The deposit of order #ABCDEF12 is recorded as given back'),
    );
    // Said outright: the server never takes a refund of the bill for the deposit's.
    expect(calls.map((call) => call.body)).toEqual([{ paidBackBy: 'InstaPay', deposit: true }]);
  });

  it('records a cancelled order’s delivery fees its provider would not give back, and says the order stays cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`POST /api/order/${ORDER}/refund`]: { body: { _id: ORDER, status: 'cancelled' } } });
    renderRoute(
      <RefundButton
        order={order({ status: 'cancelled', paymentMethod: 'cash', refundable: { of: 'deposit', amount: 30 } })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Record the deposit of order #ABCDEF12 given back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the deposit of order #ABCDEF12 given back?' });
    expect(dialog).toHaveTextContent('did not give back the delivery fees paid online when the order was cancelled');
    expect(dialog).toHaveTextContent('the order stays cancelled');
    await user.selectOptions(screen.getByLabelText('How was the money paid back?'), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Record the deposit given back' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('The deposit of order #ABCDEF12 is recorded as given back'),
    );
    expect(calls.map((call) => call.body)).toEqual([{ paidBackBy: 'cash', deposit: true }]);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    mockApi({
      [`POST /api/order/${ORDER}/refund`]: {
        status: 409,
        body: { message: 'Only a paid order that has not been shipped can be refunded' },
      },
    });
    renderRoute(<RefundButton order={order({ refundable: { of: 'bill', amount: 20 } })} />);
    await user.click(screen.getByRole('button', { name: 'Refund order #ABCDEF12' }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Only a paid order that has not been shipped can be refunded'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers nothing on an order with nothing to give back', () => {
    const { container } = renderRoute(
      <RefundButton order={order({ status: 'returned', paymentMethod: 'cash', refundable: null })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
