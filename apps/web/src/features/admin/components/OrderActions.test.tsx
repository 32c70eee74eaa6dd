import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { BUILT_IN_ROLES, type OrderForStaff, type Permission } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { formatDateTime } from '../format';
import { OrderActions } from './OrderActions';

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
});
