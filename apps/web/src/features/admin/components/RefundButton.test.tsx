import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute } from '../../../test/utils';
import { formatDateTime } from '../format';
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
  refundPending: null,
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

  it('says, in place of the button, that a refund waits on the payment provider, in English and Arabic', async () => {
    const asked = '2025-03-05T10:02:00.000Z';
    const pending = order({ refundable: null, refundPending: asked });
    const view = renderRoute(<RefundButton order={pending} />);
    expect(view.container).toHaveTextContent(
      `Refund asked of the payment provider on ${formatDateTime(asked, 'en-EG')}; the order changes when it confirms.`,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    view.unmount();

    await act(() => changeLanguage('ar'));
    try {
      const { container } = renderRoute(<RefundButton order={pending} />);
      expect(container).toHaveTextContent(
        `طُلب رد المبلغ من مزود الدفع في ${formatDateTime(asked, 'ar-EG-u-nu-latn')}، وسيتغير الطلب عندما يؤكده المزود.`,
      );
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('offers nothing on an order with nothing to give back', () => {
    const { container } = renderRoute(
      <RefundButton order={order({ status: 'returned', paymentMethod: 'cash', refundable: null })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
