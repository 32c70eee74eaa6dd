import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { anAdminOrder, anOrderLine } from '../../../test/orders';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { UserOrdersPage } from './UserOrdersPage';

const ID = 'abcdef12-3456-4789-8abc-def012345678';

/** A cash order of two products, 2 of the first and 3 of the second. */
const ORDER = anAdminOrder({
  _id: ID,
  products: [anOrderLine({ name: 'Cotton Tee', quantity: 2 }), anOrderLine({ name: 'Linen Shirt', quantity: 3 })],
});

describe('a user’s orders', () => {
  it('has the spec’s columns, and each order’s number opens its page', async () => {
    mockApi({
      'GET /api/order/admin/u1': { body: [ORDER] },
      'GET /api/user/allUsers': { body: { count: 0, users: [] } },
    });
    renderRoute(<UserOrdersPage />, {
      path: '/dashboard/UserOrder/:userID',
      url: '/dashboard/UserOrder/u1',
      preloadedState: { session: adminSession },
    });

    const number = await screen.findByRole('link', { name: 'Open order #ABCDEF12' });
    expect(number).toHaveAttribute('href', `/dashboard/orders/${ID}`);
    // The spec names the columns, the last one (the status) 'User Name', and has Quantity the first product's.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Order Id',
      'Product Name',
      'Quantity',
      'User bill',
      'Payment Method',
      'User Name',
    ]);
    const row = number.closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^2$/);
  });
});
