import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aDeliveryAddress, anAdminOrderDetail, anOrderLine } from '../../../test/orders';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { PackingSlipsPage } from './PackingSlipsPage';

const ARABIC = 'abcdef12-3456-4789-8abc-def012345678';
const ENGLISH = '12345678-aaaa-4bbb-8ccc-dddddddddddd';
const GONE = '33333333-aaaa-4bbb-8ccc-dddddddddddd';

const lines = [anOrderLine({ name: 'Cotton Tee', nameAr: 'تيشيرت قطن', quantity: 2 })];

const renderPage = (...ids: string[]) =>
  renderRoute(<PackingSlipsPage />, {
    path: '/dashboard/orders/packing-slips',
    url: `/dashboard/orders/packing-slips?${ids.map((id) => `order=${id}`).join('&')}`,
    preloadedState: { session: adminSession },
  });

describe('the packing slips of several orders', () => {
  it('shows each order’s slip in its own language, and says which order could not be found', async () => {
    mockApi({
      [`GET /api/admin/orders/${ARABIC}`]: {
        body: anAdminOrderDetail({ _id: ARABIC, language: 'ar', products: lines }),
      },
      [`GET /api/admin/orders/${ENGLISH}`]: {
        body: anAdminOrderDetail({ _id: ENGLISH, language: 'en', products: lines }),
      },
      [`GET /api/admin/orders/${GONE}`]: { status: 404, body: { message: 'Order not found' } },
    });
    // The same order twice in the address is one slip.
    renderPage(ARABIC, ENGLISH, GONE, ENGLISH);

    expect(screen.getByRole('heading', { level: 1, name: 'Packing slips' })).toBeInTheDocument();
    const arabic = await screen.findByRole('article', { name: 'قائمة التعبئة #ABCDEF12' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(within(arabic).getByText('تيشيرت قطن')).toBeInTheDocument();
    const english = screen.getByRole('article', { name: 'Packing slip #12345678' });
    expect(english).toHaveAttribute('dir', 'ltr');
    expect(within(english).getByText('Cotton Tee')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(await screen.findByText('Order #33333333 could not be found: it is left out.')).toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print them all' })).toBeEnabled();
  });

  it('prints the shopper’s instructions under the address, and that the parcel opens where the order was told so', async () => {
    mockApi({
      [`GET /api/admin/orders/${ARABIC}`]: {
        body: anAdminOrderDetail({
          _id: ARABIC,
          language: 'ar',
          products: lines,
          deliveryAddress: aDeliveryAddress({ instructions: 'اتصل قبل الوصول' }),
          openBeforeAccepting: true,
        }),
      },
      [`GET /api/admin/orders/${ENGLISH}`]: {
        body: anAdminOrderDetail({
          _id: ENGLISH,
          language: 'en',
          products: lines,
          deliveryAddress: aDeliveryAddress({ instructions: 'Leave it with the doorman' }),
        }),
      },
    });
    renderPage(ARABIC, ENGLISH);
    const arabic = await screen.findByRole('article', { name: 'قائمة التعبئة #ABCDEF12' });
    expect(within(arabic).getByText('اتصل قبل الوصول').parentElement).toHaveTextContent('للمندوب: اتصل قبل الوصول');
    expect(within(arabic).getByText('يحق للمستلم فتح هذه الشحنة ومعاينتها قبل استلامها.')).toBeInTheDocument();
    const english = screen.getByRole('article', { name: 'Packing slip #12345678' });
    expect(within(english).getByText('Leave it with the doorman').parentElement).toHaveTextContent(
      'For the courier: Leave it with the doorman',
    );
    // Placed before the shop let parcels be opened: its slip does not say so.
    expect(within(english).queryByText(/may open this parcel/)).not.toBeInTheDocument();
  });

  it('prints only once every slip is in', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const late = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      [`GET /api/admin/orders/${ARABIC}`]: { body: anAdminOrderDetail({ _id: ARABIC, products: lines }) },
      [`GET /api/admin/orders/${ENGLISH}`]: async () => {
        await late;
        return { body: anAdminOrderDetail({ _id: ENGLISH, products: lines }) };
      },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage(ARABIC, ENGLISH);

    await screen.findByRole('article', { name: 'Packing slip #ABCDEF12' });
    const button = screen.getByRole('button', { name: 'Print them all' });
    expect(button).toBeDisabled();
    answer();
    await screen.findByRole('article', { name: 'Packing slip #12345678' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(print).toHaveBeenCalledOnce();
  });

  it('does not print without a slip whose load failed, until it is tried again', async () => {
    const user = userEvent.setup();
    let down = true;
    mockApi({
      [`GET /api/admin/orders/${ARABIC}`]: { body: anAdminOrderDetail({ _id: ARABIC, products: lines }) },
      [`GET /api/admin/orders/${ENGLISH}`]: () =>
        down
          ? { status: 503, body: { message: 'Down' } }
          : { body: anAdminOrderDetail({ _id: ENGLISH, products: lines }) },
    });
    renderPage(ARABIC, ENGLISH);

    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Print them all' })).toBeDisabled();
    down = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Packing slip #12345678' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print them all' })).toBeEnabled());
  });

  it('says so when no order is chosen', () => {
    mockApi({});
    renderPage();
    expect(screen.getByText('No orders are chosen: select them on the orders list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print them all' })).not.toBeInTheDocument();
  });
});
