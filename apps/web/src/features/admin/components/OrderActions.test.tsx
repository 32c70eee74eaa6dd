import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES, type OrderForStaff, type Permission } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { formatDateTime } from '../format';
import { OrderActions } from './OrderActions';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const ORDER = 'abcdef12-3456-4789-8abc-def012345678';
const ASKED = '2025-03-05T10:02:00.000Z';
/** Fifteen minutes later: until then the request holds the order (REFUND_SETTLE_MS). */
const UNTIL = '2025-03-05T10:17:00.000Z';

/** A paid card order as the staff's answers carry it: the parts OrderActions reads. */
const paid = (refundPending: string | null) =>
  ({
    _id: ORDER,
    status: 'paid',
    paymentMethod: 'visa',
    refundable: refundPending ? null : { of: 'bill', amount: 150.5 },
    refundPending,
  }) as OrderForStaff;

/** `paid`, whose refund asked at ASKED went unheard once it settled: the bill is offered again. */
const unheard = { ...paid(null), refundUnheard: { at: ASKED, amount: 150.5 } };

const asRole = (role: string, permissions: readonly Permission[]) =>
  mockApi({ 'GET /api/staff/me': { body: { role, permissions: [...permissions] } } });
const moveBox = () => screen.queryByRole('combobox', { name: 'Next status of order #ABCDEF12' });
const refundButton = () => screen.queryByRole('button', { name: 'Refund order #ABCDEF12' });

afterEach(() => act(() => changeLanguage('en')));

describe('OrderActions', () => {
  it('offers the moves and the refund the role allows', async () => {
    asRole('owner', BUILT_IN_ROLES.owner);
    renderRoute(<OrderActions order={paid(null)} />, { preloadedState: { session: adminSession } });
    await waitFor(() => expect(refundButton()).toBeInTheDocument());
    expect(moveBox()).toBeInTheDocument();
  });

  it('offers neither while a refund waits on its provider, and says until when, once, to each role that acts', async () => {
    const english = `Refund asked of the payment provider on ${formatDateTime(ASKED, 'en-EG')}. The order changes when the provider confirms it; if it has not by ${formatDateTime(UNTIL, 'en-EG')}, Refund is offered again.`;
    for (const [role, permissions] of [
      ['owner', BUILT_IN_ROLES.owner],
      ['orders', BUILT_IN_ROLES.orders],
    ] as const) {
      asRole(role, permissions);
      const view = renderRoute(<OrderActions order={paid(ASKED)} />, { preloadedState: { session: adminSession } });
      expect(await screen.findAllByText(english)).toHaveLength(1);
      expect(moveBox()).not.toBeInTheDocument();
      expect(refundButton()).not.toBeInTheDocument();
      view.unmount();
    }

    await act(() => changeLanguage('ar'));
    asRole('owner', BUILT_IN_ROLES.owner);
    renderRoute(<OrderActions order={paid(ASKED)} />, { preloadedState: { session: adminSession } });
    expect(
      await screen.findByText(
        `طُلب رد المبلغ من مزود الدفع في ${formatDateTime(ASKED, 'ar-EG-u-nu-latn')}. يتغير الطلب عندما يؤكده المزود، وإن لم يؤكده حتى ${formatDateTime(UNTIL, 'ar-EG-u-nu-latn')} يُعرض رد المبلغ من جديد.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows a refund that went unheard to those who refund, and records what they found at the provider once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/staff/me': { body: { role: 'owner', permissions: [...BUILT_IN_ROLES.owner] } },
      [`POST /api/order/${ORDER}/refund-checked`]: { body: { _id: ORDER, status: 'paid' } },
    });
    renderRoute(<OrderActions order={unheard} />, { preloadedState: { session: adminSession } });
    expect(
      await screen.findByText(
        `A refund of EGP 150.50 was asked of the payment provider on ${formatDateTime(ASKED, 'en-EG')}, and its answer never came. Shipping or refunding asks the provider first what became of it; if the provider cannot say, check the payment on its dashboard and record what you found.`,
      ),
    ).toBeInTheDocument();
    expect(moveBox()).toBeInTheDocument();
    expect(refundButton()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record that the money of order #ABCDEF12 went back' }));
    expect(await screen.findByRole('dialog', { name: 'The money of order #ABCDEF12 went back?' })).toHaveTextContent(
      'shows EGP 150.50 of the payment refunded or voided. Nothing is asked of the provider: the order is cancelled',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Record that nothing of order #ABCDEF12 went back' }));
    await screen.findByRole('dialog', { name: 'Nothing of order #ABCDEF12 went back?' });
    await user.click(screen.getByRole('button', { name: 'Nothing went back' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Recorded what the payment provider shows of order #ABCDEF12'),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ givenBack: false }]);
  });

  it('says a refund went unheard in Arabic, and not to a role that cannot refund', async () => {
    asRole('orders', BUILT_IN_ROLES.orders);
    const view = renderRoute(<OrderActions order={unheard} />, { preloadedState: { session: adminSession } });
    await waitFor(() => expect(moveBox()).toBeInTheDocument());
    expect(screen.queryByText(/its answer never came/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /went back/ })).not.toBeInTheDocument();
    view.unmount();

    await act(() => changeLanguage('ar'));
    asRole('owner', BUILT_IN_ROLES.owner);
    renderRoute(<OrderActions order={unheard} />, { preloadedState: { session: adminSession } });
    expect(await screen.findByText(/^طُلب رد .+ من مزود الدفع في .+، ولم يصل رده\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل أن مبلغ الطلب ⁦#ABCDEF12⁩ رُدّ' })).toBeInTheDocument();
  });

  it('says each in a line in a list of orders: the unheard refund leads to the order’s page to be checked', async () => {
    asRole('owner', BUILT_IN_ROLES.owner);
    const listed = renderRoute(<OrderActions order={unheard} inList />, { preloadedState: { session: adminSession } });
    const check = await screen.findByRole('link', {
      name: `Check the refund of order #ABCDEF12 asked on ${formatDateTime(ASKED, 'en-EG')}, never answered`,
    });
    expect(check).toHaveAttribute('href', `/dashboard/orders/${ORDER}`);
    expect(check).toHaveTextContent(`Refund asked on ${formatDateTime(ASKED, 'en-EG')}, never answered: check it`);
    expect(screen.queryByText(/its answer never came/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /went back/ })).not.toBeInTheDocument();
    expect(moveBox()).toBeInTheDocument();
    listed.unmount();

    renderRoute(<OrderActions order={paid(ASKED)} inList />, { preloadedState: { session: adminSession } });
    expect(
      await screen.findByText(`Refund waiting on the payment provider until ${formatDateTime(UNTIL, 'en-EG')}`),
    ).toBeInTheDocument();
    expect(refundButton()).not.toBeInTheDocument();
  });
});
