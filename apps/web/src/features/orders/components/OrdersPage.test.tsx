import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAID_BACK_WAYS, paidBackReason, type Order, type OrderStatus } from '@shop/contracts';
import { notify } from '../../../lib/notify';
import { renderCheckout } from '../../../test/checkout';
import { anOrder } from '../../../test/orders';
import { mockApi, shopperSession } from '../../../test/utils';
import { OrdersPage } from './OrdersPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function order(id: string, status: OrderStatus, history: Order['statusHistory'], extra: Partial<Order> = {}): Order {
  return anOrder({ _id: id, createdAt: history[0]?.at ?? daysAgo(30), status, statusHistory: history, ...extra });
}

const step = (status: OrderStatus, at: string, reason: string | null = null) => ({ status, at, reason });

const SHIPPED = order(
  'aaaaaaaa-0000-4000-8000-000000000001',
  'shipped',
  [step('confirmed', daysAgo(3)), step('shipped', daysAgo(2))],
  { trackingNumber: 'EG123', trackingUrl: 'https://courier.example/track/EG123' },
);
const DELIVERED = order(
  'bbbbbbbb-0000-4000-8000-000000000002',
  'delivered',
  [step('confirmed', daysAgo(6)), step('shipped', daysAgo(5)), step('delivered', daysAgo(4))],
  { trackingNumber: 'HAND-77' },
);
const DELIVERED_LONG_AGO = order('cccccccc-0000-4000-8000-000000000003', 'delivered', [
  step('confirmed', daysAgo(40)),
  step('delivered', daysAgo(30)),
]);
const CONFIRMED = order('dddddddd-0000-4000-8000-000000000004', 'confirmed', [step('confirmed', daysAgo(1))]);
const PAID = order(
  'eeeeeeee-0000-4000-8000-000000000005',
  'paid',
  [step('pending', daysAgo(1)), step('paid', daysAgo(1))],
  {
    paymentMethod: 'visa',
    codFee: 0,
    bill: 160,
  },
);
const CANCELLED = order('ffffffff-0000-4000-8000-000000000006', 'cancelled', [
  step('confirmed', daysAgo(9)),
  step('cancelled', daysAgo(8), 'Ordered the wrong size'),
]);

const renderOrders = () =>
  renderCheckout(<OrdersPage />, { path: '/Orders', preloadedState: { session: shopperSession } });

const card = async (ref: string) =>
  (await screen.findByRole('heading', { name: `Order #${ref}` })).closest('article') as HTMLElement;

describe('/Orders', { timeout: 30_000 }, () => {
  it('shows each order’s tracking number, its history with dates and reasons, and a link to its invoice', async () => {
    mockApi({ 'GET /api/order': { body: [SHIPPED, DELIVERED, CANCELLED] } });
    renderOrders();

    const shipped = await card('AAAAAAAA');
    const tracking = within(shipped).getByRole('link', { name: /EG123.*opens in a new tab/ });
    expect(tracking).toHaveAttribute('href', 'https://courier.example/track/EG123');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking).toHaveAttribute('rel', expect.stringContaining('noopener'));

    // A number the admin typed has no courier page: it is shown, not linked.
    const delivered = await card('BBBBBBBB');
    expect(within(delivered).getByText('HAND-77')).not.toHaveAttribute('href');
    expect(within(delivered).queryByRole('link', { name: /HAND-77/ })).not.toBeInTheDocument();

    const history = within(within(delivered).getByRole('region', { name: /Order history/ })).getAllByRole('listitem');
    expect(history.map((item) => item.querySelector('.order-timeline-status')?.textContent)).toEqual([
      'Confirmed',
      'Shipped',
      'Delivered',
    ]);
    const deliveredAt = history[2]?.querySelector('time');
    expect(deliveredAt).toHaveAttribute('datetime', DELIVERED.statusHistory[2]?.at);
    expect(deliveredAt?.textContent).toMatch(/\d{4}.*\d{1,2}:\d{2}/);
    expect(history[2]).toHaveAttribute('aria-current', 'step');

    const cancelled = await card('FFFFFFFF');
    expect(within(cancelled).getByRole('region', { name: /Order history/ })).toHaveTextContent(
      'Reason: Ordered the wrong size',
    );
    expect(within(cancelled).getByRole('link', { name: 'Invoice for order #FFFFFFFF' })).toHaveAttribute(
      'href',
      '/Orders/ffffffff-0000-4000-8000-000000000006/invoice',
    );
  });

  it('says the orders could not be loaded, with the error’s message, and loads them again on Try again', async () => {
    let fails = true;
    mockApi({
      'GET /api/order': () => (fails ? { status: 503, body: { message: 'Service unavailable' } } : { body: [SHIPPED] }),
    });
    const user = userEvent.setup();
    renderOrders();
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'We could not load your orders' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Service unavailable');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('AAAAAAAA')).toBeInTheDocument();
  });

  it('says why the shop itself moved an order in words the shopper reads, not those its history keeps', async () => {
    const paidBack = order('99999999-0000-4000-8000-000000000009', 'cancelled', [
      step('paid', daysAgo(3)),
      step('cancelled', daysAgo(2), paidBackReason(PAID_BACK_WAYS.cash)),
    ]);
    mockApi({ 'GET /api/order': { body: [paidBack] } });
    renderOrders();
    const history = within(await card('99999999')).getByRole('region', { name: /Order history/ });
    expect(history).toHaveTextContent('Reason: Paid back in cash');
  });

  it("offers to pay a card order, and a cash order's due deposit, from the list; not a cash order without one", async () => {
    const user = userEvent.setup();
    const pending = [step('pending', daysAgo(1))];
    const deposit = order('12345678-0000-4000-8000-000000000007', 'pending', pending, {
      deposit: { amount: 50, state: 'due' },
    });
    const byCard = order('23456789-0000-4000-8000-000000000008', 'pending', pending, { paymentMethod: 'visa' });
    const confirming = order('34567890-0000-4000-8000-000000000009', 'awaiting_confirmation', pending);
    mockApi({ 'GET /api/order': { body: [deposit, byCard, confirming] } });
    renderOrders();

    expect(within(await card('23456789')).getByText('Waiting for your card payment')).toBeInTheDocument();
    expect(within(await card('23456789')).getByRole('link', { name: 'Pay now' })).toBeInTheDocument();
    expect(within(await card('34567890')).queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    const cash = await card('12345678');
    expect(cash).toHaveTextContent('Waiting for the delivery fees, paid online before the order goes on');
    await user.click(within(cash).getByRole('link', { name: 'Pay now' }));
    expect(screen.getByText('page /Stripe')).toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent(JSON.stringify({ order_id: deposit._id }));
  });

  it('offers Cancel only before shipping and Return only within 14 days of delivery', async () => {
    mockApi({ 'GET /api/order': { body: [SHIPPED, DELIVERED, DELIVERED_LONG_AGO, CONFIRMED, PAID, CANCELLED] } });
    renderOrders();
    const buttonsOf = async (ref: string) =>
      within(await card(ref))
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent);

    expect(await buttonsOf('AAAAAAAA')).toEqual([]);
    expect(await buttonsOf('BBBBBBBB')).toEqual(['Return order #BBBBBBBB']);
    expect(await buttonsOf('CCCCCCCC')).toEqual([]);
    expect(await buttonsOf('DDDDDDDD')).toEqual(['Cancel order #DDDDDDDD']);
    expect(await buttonsOf('EEEEEEEE')).toEqual(['Cancel order #EEEEEEEE']);
    expect(await buttonsOf('FFFFFFFF')).toEqual([]);
  });

  it('cancels after asking, with the reason given, and shows the order as the server now has it', async () => {
    const user = userEvent.setup();
    let orders = [CONFIRMED];
    const { calls } = mockApi({
      'GET /api/order': () => ({ body: orders }),
      [`POST /api/order/${CONFIRMED._id}/cancel`]: () => {
        orders = [{ ...CONFIRMED, status: 'cancelled' }];
        return { body: orders[0] };
      },
    });
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Cancel order #DDDDDDDD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #DDDDDDDD?' });
    expect(dialog).toHaveTextContent('The order is cancelled and nothing is shipped.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    await waitFor(() => expect(reason).toHaveFocus());

    // Keeping the order sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order #DDDDDDDD' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reason (optional)' }), '  Found it cheaper ');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #DDDDDDDD was cancelled'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: `/api/order/${CONFIRMED._id}/cancel`, body: { reason: 'Found it cheaper' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await card('DDDDDDDD')).findByText('Cancelled', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order #DDDDDDDD' })).not.toBeInTheDocument();
  });

  it('confirms a cash order awaiting confirmation in one press, busy meanwhile, then shows it confirmed', async () => {
    const user = userEvent.setup();
    const awaiting = order('34567890-0000-4000-8000-00000000000a', 'awaiting_confirmation', [
      step('awaiting_confirmation', daysAgo(0)),
    ]);
    let orders = [awaiting];
    let answer: () => void = () => undefined;
    const { calls } = mockApi({
      'GET /api/order': () => ({ body: orders }),
      [`POST /api/order/${awaiting._id}/confirm`]: () =>
        new Promise((resolve) => {
          answer = () => {
            orders = [{ ...awaiting, status: 'confirmed' }];
            resolve({ body: orders[0] });
          };
        }),
    });
    renderOrders();

    const mine = await card('34567890');
    expect(mine).toHaveTextContent('Confirm it and we get it ready to ship');
    expect(
      within(mine)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Confirm order #34567890', 'Cancel order #34567890']);

    await user.click(within(mine).getByRole('button', { name: 'Confirm order #34567890' }));
    // While the server answers: one press only, and said so.
    const busy = await within(mine).findByRole('button', { name: 'Confirming order #34567890…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer();

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Order #34567890 is confirmed. We will tell you when it ships.'),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/order/${awaiting._id}/confirm`,
    ]);
    expect(await within(await card('34567890')).findByText('Confirmed', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm order/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a confirmation as is, and lets the shopper try again", async () => {
    const user = userEvent.setup();
    const awaiting = order('45678901-0000-4000-8000-00000000000b', 'awaiting_confirmation', [
      step('awaiting_confirmation', daysAgo(0)),
    ]);
    mockApi({
      'GET /api/order': { body: [awaiting] },
      [`POST /api/order/${awaiting._id}/confirm`]: {
        status: 409,
        body: { message: 'This order is no longer waiting for confirmation' },
      },
    });
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Confirm order #45678901' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('This order is no longer waiting for confirmation'));
    expect(await screen.findByRole('button', { name: 'Confirm order #45678901' })).toBeEnabled();
  });

  it('says a paid order’s payment will be refunded, and shows the server’s refusal as is', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/order': { body: [PAID] },
      [`POST /api/order/${PAID._id}/cancel`]: {
        status: 409,
        body: { message: 'An order cannot be cancelled once it has been shipped' },
      },
    });
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Cancel order #EEEEEEEE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #EEEEEEEE?' });
    expect(dialog).toHaveTextContent('You paid EGP 160 by card: the payment will be refunded to your card.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('An order cannot be cancelled once it has been shipped'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks for a return only with a reason, showing the window’s last day', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/order': { body: [DELIVERED] },
      [`POST /api/order/${DELIVERED._id}/return`]: { body: { ...DELIVERED, status: 'return_requested' } },
    });
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Return order #BBBBBBBB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return order #BBBBBBBB' });
    const lastDay = new Intl.DateTimeFormat('en-EG', { dateStyle: 'medium' }).format(
      new Date(Date.parse(DELIVERED.statusHistory[2]?.at ?? '') + 14 * DAY),
    );
    expect(dialog).toHaveTextContent(`You can ask to return this order until ${lastDay}.`);
    const reason = within(dialog).getByRole('textbox', { name: 'Why are you returning it?' });
    await waitFor(() => expect(reason).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Please tell us why'));
    expect(reason).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(reason, 'The screen is cracked');
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Return requested for order #BBBBBBBB'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: `/api/order/${DELIVERED._id}/return`,
        body: { reason: 'The screen is cracked' },
      }),
    ]);
    // The dialog closes with a transition whose timer must not outlive the test's document.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
