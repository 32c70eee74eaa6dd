import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { couponInputSchema, type Coupon, type CouponUse } from '@shop/contracts';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { CouponsAdminPage } from './CouponsAdminPage';

// A coupon as the API lists it: what the admin wrote (the rest as the contract fills it in), and its uses.
const coupon: Coupon = {
  ...couponInputSchema.parse({ code: 'RAMADAN10', kind: 'percent', value: 10 }),
  _id: '77777777-7777-4777-8777-777777777777',
  paused: false,
  uses: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const use = (orderId: string, userEmail: string | null, userPhone: string | null): CouponUse => ({
  orderId,
  userEmail,
  userPhone,
  discount: 50,
  status: 'delivered',
  createdAt: '2026-11-30T10:00:00.000Z',
});

describe('a coupon’s uses', () => {
  it('name each shopper by e-mail, by phone for an account made by phone, and say which account is gone', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/coupons': { body: [coupon] },
      [`GET /api/admin/coupons/${coupon._id}/uses`]: {
        body: [
          use('a1111111-1111-4111-8111-111111111111', 'mona@example.com', '01011111111'),
          use('a2222222-2222-4222-8222-222222222222', null, '01022222222'),
          use('a3333333-3333-4333-8333-333333333333', null, null),
        ],
      },
    });
    renderRoute(<CouponsAdminPage />, { path: '/coupons', url: '/coupons', preloadedState: { session: adminSession } });
    await user.click(await screen.findByRole('button', { name: 'Uses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Orders with coupon RAMADAN10' });
    const rows = (await within(dialog).findAllByRole('row')) as HTMLTableRowElement[];
    const shoppers = rows.slice(1).map((row) => row.cells[1]?.textContent);
    expect(shoppers).toEqual(['mona@example.com', '01022222222', 'Deleted account']);
  });
});
