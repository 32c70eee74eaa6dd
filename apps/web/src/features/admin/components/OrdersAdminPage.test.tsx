import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder, AdminOrdersPage } from '@shop/contracts';
import { anAdminOrder } from '../../../test/orders';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { adminApi } from '../api/adminApi';
import { staffApi } from '../api/staffApi';
import { OrdersAdminPage } from './OrdersAdminPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const CONFIRMED = 'abcdef12-3456-4789-8abc-def012345678';
const SHIPPED = '12345678-aaaa-4bbb-8ccc-dddddddddddd';

const order = (id: string, overrides: Partial<AdminOrder>): AdminOrder => anAdminOrder({ _id: id, ...overrides });

const PAGE: AdminOrdersPage = {
  orders: [
    order(CONFIRMED, {}),
    order(SHIPPED, { status: 'shipped', trackingNumber: 'EG-998877', customer: null, paymentMethod: 'visa' }),
  ],
  pages: 1,
  total: 2,
};

/** The query of each list request the page made, as a plain object. */
const listQueries = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/api/admin/orders?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])));

const renderPage = (url = '/dashboard/orders') =>
  renderRoute(<OrdersAdminPage />, { path: '/dashboard/orders', url, preloadedState: { session: adminSession } });

const rowOf = async (ref: string) => (await screen.findByText(ref)).closest('tr') as HTMLElement;

// Rendering through the store and router takes seconds on a busy machine; the default 5 s is tight.
describe('the all-orders screen', () => {
  it('lists each order with its reference, buyer, governorate, bill, status and tracking number', async () => {
    mockApi({ 'GET /api/admin/orders': { body: PAGE } });
    renderPage();

    const confirmed = within(await rowOf('#ABCDEF12'));
    // A code: left to right with its # in front on Arabic pages too, and never translated.
    expect(confirmed.getByText('#ABCDEF12')).toHaveAttribute('dir', 'ltr');
    expect(confirmed.getByText('#ABCDEF12')).toHaveAttribute('translate', 'no');
    expect(confirmed.getByText('Mona Ali')).toBeInTheDocument();
    expect(confirmed.getByText('Giza')).toBeInTheDocument();
    expect(confirmed.getByText('Confirmed')).toBeInTheDocument();
    expect(confirmed.getByText('Cash on delivery')).toBeInTheDocument();
    // The moves come once the member's permissions are in, which may be after the list.
    expect(await confirmed.findByRole('combobox', { name: 'Next status of order #ABCDEF12' })).toBeInTheDocument();

    const shipped = within(await rowOf('#12345678'));
    expect(shipped.getByText('Deleted account')).toBeInTheDocument();
    expect(shipped.getByText('EG-998877')).toBeInTheDocument();
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  it('writes no empty e-mail line for a customer who signed in by phone', async () => {
    const byPhone = order(CONFIRMED, { customer: { _id: 'u2', name: 'Karim Phone', email: '' } });
    mockApi({ 'GET /api/admin/orders': { body: { ...PAGE, orders: [byPhone] } } });
    renderPage();
    const row = await rowOf('#ABCDEF12');
    expect(within(row).getByText('Karim Phone')).toBeInTheDocument();
    expect(row.querySelector('.order-email')).toBeNull();
  });

  it('offers on each order what its refund gives back: a kept deposit’s record, the bill, or nothing', async () => {
    const KEPT = 'abcdef12-3456-4789-8abc-def012345678';
    const GIVEN_BACK = '22222222-aaaa-4bbb-8ccc-dddddddddddd';
    const CARD = '12345678-aaaa-4bbb-8ccc-dddddddddddd';
    // Two cash parcels refused at the door, one keeping its fees paid online and one whose fees went back already.
    const refused = { status: 'returned' as const, paymentMethod: 'cash' as const };
    mockApi({
      'GET /api/admin/orders': {
        body: {
          orders: [
            order(KEPT, {
              ...refused,
              deposit: { amount: 30, state: 'paid' },
              refundable: { of: 'deposit', amount: 30 },
            }),
            order(GIVEN_BACK, { ...refused, deposit: { amount: 30, state: 'refunded' }, refundable: null }),
            order(CARD, { status: 'returned', paymentMethod: 'visa', refundable: { of: 'bill', amount: 130 } }),
          ],
          pages: 1,
          total: 3,
        },
      },
    });
    renderPage();

    // The refund comes once the member's permissions are in, which may be after the list.
    await within(await rowOf('#12345678')).findByRole('button', { name: 'Refund order #12345678' });
    const kept = within(await rowOf('#ABCDEF12'));
    expect(kept.getByRole('button', { name: 'Record the deposit of order #ABCDEF12 given back' })).toBeInTheDocument();
    expect(kept.queryByRole('button', { name: 'Refund order #ABCDEF12' })).not.toBeInTheDocument();
    expect(within(await rowOf('#22222222')).queryByRole('button', { name: /Refund|Record/ })).not.toBeInTheDocument();
  });

  it('reads its filters from the address and asks the API for them', async () => {
    const { calls } = mockApi({ 'GET /api/admin/orders': { body: PAGE } });
    renderPage('/dashboard/orders?status=paid&governorate=Giza&from=2025-03-01&q=0112&page=2&to=2025-02-31');

    await screen.findByText('#ABCDEF12');
    // 31 February is no day: dropped rather than sent.
    expect(listQueries(calls)).toEqual([
      { status: 'paid', governorate: 'Giza', from: '2025-03-01', q: '0112', page: '2' },
    ]);
    const filters = within(screen.getByRole('form', { name: 'Filter the orders' }));
    expect(filters.getByLabelText('Status')).toHaveValue('paid');
    expect(filters.getByLabelText('Governorate')).toHaveValue('Giza');
    expect(filters.getByLabelText('From')).toHaveValue('2025-03-01');
    expect(filters.getByLabelText('Order number or phone')).toHaveValue('0112');
  });

  it('puts the chosen filters in the address, back on the first page, and clears them', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/admin/orders': { body: PAGE } });
    const { router } = renderPage('/dashboard/orders?page=3');
    const filters = within(await screen.findByRole('form', { name: 'Filter the orders' }));

    await user.selectOptions(filters.getByLabelText('Payment method'), 'Card (visa)');
    await user.selectOptions(filters.getByLabelText('Governorate'), 'Alexandria');
    await user.type(filters.getByLabelText('Order number or phone'), '#ABCDEF12');
    await user.click(filters.getByRole('button', { name: 'Filter' }));

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        paymentMethod: 'visa',
        governorate: 'Alexandria',
        q: '#ABCDEF12',
      }),
    );
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toEqual({
        paymentMethod: 'visa',
        governorate: 'Alexandria',
        q: '#ABCDEF12',
        page: '1',
      }),
    );

    // The form is drawn afresh for the filters now in the address.
    const applied = within(screen.getByRole('form', { name: 'Filter the orders' }));
    expect(applied.getByLabelText('Payment method')).toHaveValue('visa');
    await user.click(applied.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when no order matches the filters', async () => {
    mockApi({ 'GET /api/admin/orders': { body: { orders: [], pages: 1, total: 0 } } });
    renderPage('/dashboard/orders?status=refunded');
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
  });

  it('offers a tracking number field when shipping, and sends the number typed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/orders': { body: PAGE },
      [`PUT /api/order/${CONFIRMED}/status`]: { body: { ...PAGE.orders[0], status: 'shipped' } },
    });
    renderPage();
    const row = within(await rowOf('#ABCDEF12'));

    expect(row.queryByLabelText('Tracking number of order #ABCDEF12')).not.toBeInTheDocument();
    await user.selectOptions(await row.findByRole('combobox', { name: 'Next status of order #ABCDEF12' }), 'Shipped');
    await user.type(row.getByLabelText('Tracking number of order #ABCDEF12'), ' EG-123456 ');
    await user.click(row.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/order/${CONFIRMED}/status`,
      body: { status: 'shipped', trackingNumber: 'EG-123456' },
      token: 'admin-token',
    });
  });

  it('exports the filtered list with the session token', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/orders': { body: PAGE },
      'GET /api/admin/orders/export': { body: 'id,createdAt' },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/dashboard/orders?status=shipped&paymentMethod=cash');

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = calls.find((call) => call.path.startsWith('/api/admin/orders/export'));
    expect(exported?.token).toBe('admin-token');
    expect(Object.fromEntries(new URLSearchParams(exported?.path.split('?')[1]))).toEqual({
      status: 'shipped',
      paymentMethod: 'cash',
    });
  });

  it('chooses orders one by one or the whole page, and prints their packing slips together', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/admin/orders': { body: PAGE }, 'GET /api/courier': { body: { courier: null } } });
    const { router, store } = renderPage();
    const all = await screen.findByRole('checkbox', { name: 'Select every order on this page' });
    const selection = within(screen.getByRole('region', { name: 'Choosing orders on this page' }));

    await user.click(within(await rowOf('#12345678')).getByRole('checkbox', { name: 'Select order #12345678' }));
    expect(selection.getByText('1 order selected')).toBeInTheDocument();
    expect(all).toHaveProperty('indeterminate', true);
    expect(selection.getByRole('link', { name: 'Print packing slips' })).toHaveAttribute(
      'href',
      `/dashboard/orders/packing-slips?order=${SHIPPED}`,
    );

    await user.click(all);
    expect(all).toBeChecked();
    expect(all).toHaveProperty('indeterminate', false);
    expect(selection.getByText('2 orders selected')).toBeInTheDocument();
    // Without a courier to book, the slips are what the chosen orders are given.
    await waitFor(() => expect(adminApi.endpoints.getCourierSetting.select()(store.getState()).isSuccess).toBe(true));
    expect(selection.queryByRole('button', { name: /Ship with/ })).not.toBeInTheDocument();
    await user.click(selection.getByRole('link', { name: 'Print packing slips' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders/packing-slips'));
    expect(new URLSearchParams(router.state.location.search).getAll('order')).toEqual([CONFIRMED, SHIPPED]);
  });

  it('forgets the orders chosen when another page or other filters are shown', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/orders': { body: { ...PAGE, pages: 2 } },
      'GET /api/courier': { body: { courier: null } },
    });
    const { router } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select every order on this page' }));
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();

    await router.navigate('/dashboard/orders?page=2');
    await screen.findByText('Page 2 of 2');
    expect(screen.getByRole('checkbox', { name: 'Select order #ABCDEF12' })).not.toBeChecked();
    expect(screen.queryByText(/orders? selected/)).not.toBeInTheDocument();
    // Nor does coming back to the first page bring them back.
    await router.navigate('/dashboard/orders');
    await screen.findByText('Page 1 of 2');
    expect(screen.getByRole('checkbox', { name: 'Select order #ABCDEF12' })).not.toBeChecked();
    expect(screen.queryByText(/orders? selected/)).not.toBeInTheDocument();
  });

  it('ships the chosen orders with the courier one after another, and says which the server refused and why', async () => {
    const user = userEvent.setup();
    const REFUSED = '22222222-aaaa-4bbb-8ccc-dddddddddddd';
    const asked: string[] = [];
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const { calls } = mockApi({
      'GET /api/admin/orders': {
        body: {
          orders: [...PAGE.orders, order(REFUSED, { status: 'paid', paymentMethod: 'visa' })],
          pages: 1,
          total: 3,
        },
      },
      'GET /api/courier': { body: { courier: 'bosta' } },
      [`PUT /api/order/${CONFIRMED}/status`]: async () => {
        asked.push(CONFIRMED);
        await firstAnswered;
        return { body: { ...PAGE.orders[0], status: 'shipped' } };
      },
      [`PUT /api/order/${REFUSED}/status`]: () => {
        asked.push(REFUSED);
        return { status: 400, body: { message: 'Bosta is not answering' } };
      },
    });
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select every order on this page' }));
    const selection = within(screen.getByRole('region', { name: 'Choosing orders on this page' }));

    // The order shipped already is chosen but not sent again.
    expect(
      await selection.findByText(
        '1 of them is not confirmed or paid yet, or waits on a refund: it stays out of shipping.',
      ),
    ).toBeInTheDocument();
    await user.click(await selection.findByRole('button', { name: 'Ship with Bosta (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship 2 orders with Bosta?' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, ship them' }));

    // One at a time: the second is not asked while the courier still books the first.
    const progress = selection.getByRole('status');
    await waitFor(() => expect(progress).toHaveTextContent('Shipping: 0 of 2 done…'));
    expect(asked).toEqual([CONFIRMED]);
    // The button that opened the dialog is disabled now: focus goes to what is said instead.
    await waitFor(() => expect(progress).toHaveFocus());
    answerFirst();

    await selection.findByText('1 order shipped with Bosta.');
    const outcome = within(progress);
    expect(outcome.getByText('1 was not shipped:')).toBeInTheDocument();
    expect(outcome.getByRole('listitem')).toHaveTextContent('#22222222: Bosta is not answering');
    expect(outcome.getByRole('link', { name: '#22222222' })).toHaveAttribute('href', `/dashboard/orders/${REFUSED}`);
    // Each as its own Move would ask, with no tracking number: the courier gives one.
    expect(asked).toEqual([CONFIRMED, REFUSED]);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { status: 'shipped' },
      { status: 'shipped' },
    ]);
  });

  it('offers no shipping to a member whose role does not move orders', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/orders': { body: PAGE },
      'GET /api/courier': { body: { courier: 'bosta' } },
      'GET /api/staff/me': { body: { role: 'desk', permissions: ['orders.read'] } },
    });
    const { store } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select every order on this page' }));
    // Both answers in: the role's and the courier's, either of which would offer the shipping.
    const self = staffApi.endpoints.getStaffSelf.select(adminSession.user._id);
    await waitFor(() => expect(self(store.getState()).isSuccess).toBe(true));
    await waitFor(() => expect(adminApi.endpoints.getCourierSetting.select()(store.getState()).isSuccess).toBe(true));
    const selection = within(screen.getByRole('region', { name: 'Choosing orders on this page' }));
    expect(selection.getByRole('link', { name: 'Print packing slips' })).toBeInTheDocument();
    expect(selection.queryByRole('button', { name: /Ship with/ })).not.toBeInTheDocument();
  });

  it('says a failed load failed, never that no order matches the filters', async () => {
    mockApi({ 'GET /api/admin/orders': { status: 503, body: { message: 'Down' } } });
    renderPage('/dashboard/orders?status=paid');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('No orders match these filters')).not.toBeInTheDocument();
  });
});
