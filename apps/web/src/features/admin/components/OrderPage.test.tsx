import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_ROLES, NOT_CONFIRMED_IN_TIME, paidBackReason, type AdminOrderDetail } from '@shop/contracts';
import { aDeliveryAddress, anAdminOrderDetail, anOrderLine } from '../../../test/orders';
import { adminSession, mockApi, renderRoute, wholeText } from '../../../test/utils';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { OrderPage } from './OrderPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const ID = 'abcdef12-3456-4789-8abc-def012345678';

/** A paid card order taken by phone, in Arabic, with no notes yet; the message saying it was paid did not reach the customer. */
const ORDER = anAdminOrderDetail({
  _id: ID,
  bill: 630,
  itemsTotal: 600,
  status: 'paid',
  refundable: { of: 'bill', amount: 630 },
  statusHistory: [
    { status: 'pending', at: '2025-03-05T10:00:00.000Z', reason: null, actor: 'shopper' },
    { status: 'paid', at: '2025-03-05T10:02:00.000Z', reason: null, actor: 'provider' },
  ],
  deliveryAddress: aDeliveryAddress({ phone: '01122222222', landmark: 'the green mosque' }),
  paymentMethod: 'visa',
  products: [
    anOrderLine({
      name: 'Cotton Tee',
      nameAr: 'تيشيرت قطن',
      price: 300,
      quantity: 2,
      variant: {
        _id: 'v1',
        sku: 'TEE-M-RED',
        options: [{ name: 'Size', nameAr: 'المقاس', value: 'M', valueAr: null }],
      },
    }),
  ],
  customer: { _id: 'u1', name: 'Mona Ali', email: 'mona@example.com', phone: '01011111111' },
  language: 'ar',
  source: 'phone',
  messages: [
    {
      _id: '1',
      kind: 'paid',
      channel: 'whatsapp',
      to: '+201011111111',
      status: 'failed',
      createdAt: '2025-03-05T10:02:00.000Z',
      statusAt: '2025-03-05T10:03:00.000Z',
      lastError: 'Number not on WhatsApp',
    },
  ],
  notes: [],
});

const NOTE = {
  _id: 'n1',
  text: 'Called her: deliver after 5 pm',
  authorName: 'Salma',
  authorRole: 'support',
  createdAt: '2025-03-05T11:00:00.000Z',
};

const renderPage = () =>
  renderRoute(<OrderPage />, {
    path: '/dashboard/orders/:id',
    url: `/dashboard/orders/${ID}`,
    preloadedState: { session: adminSession },
  });

describe('the order page', () => {
  it('shows what to pack, for whom and where, what happened and what the customer was told', async () => {
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: ORDER },
      'GET /api/admin/phone-records/01122222222': {
        body: { placed: 4, confirmed: 3, delivered: 1, refused: 2, cancelledAfterConfirming: 0 },
      },
    });
    renderPage();

    const items = within(await screen.findByRole('table', { name: 'Items' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Order #ABCDEF12' })).toBeInTheDocument();
    expect(items.getByText('Cotton Tee')).toBeInTheDocument();
    expect(items.getByText('Size: M')).toBeInTheDocument();
    expect(items.getByText('SKU TEE-M-RED')).toBeInTheDocument();
    expect(items.getByRole('cell', { name: '2' })).toBeInTheDocument();

    // Taken by phone: the agents see where it came from.
    expect(screen.getByText('Source: Phone call')).toBeInTheDocument();
    const address = within(screen.getByRole('region', { name: 'Delivery address' }));
    expect(address.getByText(wholeText('Near the green mosque'))).toBeInTheDocument();
    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByRole('link', { name: '01011111111' })).toHaveAttribute('href', 'tel:01011111111');
    const email = customer.getByRole('link', { name: 'mona@example.com' });
    // A narrow column breaks the address before its @ or a dot, never inside a word ("example.co" / "m").
    expect(email.innerHTML).toBe('mona<wbr>@example<wbr>.com');
    // The record is the delivery phone's, the number the courier calls; its refusals stand out.
    const record = await customer.findByText(/Record of 01122222222/);
    expect(record.closest('p')).toHaveTextContent(
      'Record of 01122222222: Placed 4 · Confirmed 3 · Delivered 1 · ⚠ Refused 2',
    );
    expect(customer.getByText('Refused').closest('.phone-record-refused')).toHaveTextContent('Refused 2');

    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getByText('by the payment provider')).toBeInTheDocument();
    const messages = within(screen.getByRole('region', { name: 'Messages to the customer' }));
    expect(messages.getByText('Payment received')).toBeInTheDocument();
    expect(messages.getByText('Failed')).toBeInTheDocument();
    expect(messages.getByText(/WhatsApp to \+201011111111/)).toBeInTheDocument();
    expect(messages.getByText('Why: Number not on WhatsApp')).toBeInTheDocument();

    // A paid order: an owner may move it and refund it.
    expect(await screen.findByRole('combobox', { name: 'Next status of order #ABCDEF12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund order #ABCDEF12' })).toBeInTheDocument();
  });

  it('shows the customer’s instructions for the courier, and that the parcel opens at the door where it does', async () => {
    const told = {
      ...ORDER,
      deliveryAddress: { ...ORDER.deliveryAddress, instructions: 'Call before you come' },
      openBeforeAccepting: true,
    };
    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: told } });
    const { unmount } = renderPage();
    const address = within(await screen.findByRole('region', { name: 'Delivery address' }));
    expect(address.getByText(wholeText('For the courier: Call before you come'))).toBeInTheDocument();
    expect(address.getByText('The customer may open the parcel and check it before accepting it.')).toBeInTheDocument();
    unmount();

    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: ORDER } });
    renderPage();
    const untold = within(await screen.findByRole('region', { name: 'Delivery address' }));
    expect(untold.getByText(wholeText('Near the green mosque'))).toBeInTheDocument();
    expect(untold.queryByText(/may open the parcel/)).not.toBeInTheDocument();
    expect(untold.queryByText(/For the courier/)).not.toBeInTheDocument();
  });

  it('shows a national ID asked for the e-receipt by its last four digits only', async () => {
    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: { ...ORDER, nationalIdEnding: '0015' } } });
    renderPage();
    const customer = within(await screen.findByRole('region', { name: 'Customer' }));
    const id = customer.getByText('National ID').nextElementSibling;
    expect(id).toHaveTextContent('••••••••••0015');
    expect(customer.getByText('ending in 0015')).toHaveClass('visually-hidden');
  });

  it('prints the packing slip in the order’s language, whatever the page’s', async () => {
    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: ORDER } });
    renderPage();

    // Hidden on screen (printed only), so looked up by its markup.
    await screen.findByRole('heading', { level: 1, name: 'Order #ABCDEF12' });
    const slip = document.querySelector('.packing-slip') as HTMLElement;
    expect(slip).toHaveAttribute('lang', 'ar');
    expect(slip).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(within(slip).getByText('قائمة التعبئة')).toBeInTheDocument());
    expect(within(slip).getByText('تيشيرت قطن')).toBeInTheDocument();
    expect(within(slip).getByText('المقاس: M')).toBeInTheDocument();
    expect(within(slip).getByText(wholeText('بجوار the green mosque'))).toBeInTheDocument();
    expect(within(slip).getByText('مدفوع إلكترونيًا: لا يُحصَّل شيء')).toBeInTheDocument();
    // The page around it stays English.
    expect(screen.getByRole('button', { name: 'Print the packing slip' })).toBeInTheDocument();
  });

  it('offers no moves to a member whose role only reads orders', async () => {
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: ORDER },
      'GET /api/staff/me': { body: { role: 'support', permissions: [...BUILT_IN_ROLES.support] } },
    });
    renderPage();

    expect(await screen.findByRole('region', { name: 'Customer' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'All their orders' });
    expect(screen.queryByRole('combobox', { name: 'Next status of order #ABCDEF12' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund order #ABCDEF12' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the address' })).not.toBeInTheDocument();
  });

  it('corrects the delivery address in the checkout’s form, saying the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const corrected = { ...ORDER.deliveryAddress, landmark: 'Above the pharmacy', instructions: '' };
    const { calls } = mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: ORDER },
      [`PUT /api/admin/orders/${ID}/address`]: () =>
        refuse
          ? { status: 409, body: { message: 'This order’s parcel is being booked with the courier' } }
          : { body: { ...ORDER, deliveryAddress: corrected } },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Change the address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delivery address of order #ABCDEF12' }));
    expect(dialog.getByText(/^The governorate stays Giza: the shipping fee was billed for it\./)).toBeInTheDocument();
    expect(dialog.getByLabelText('Street')).toHaveValue('Tahrir St');
    // Where it goes is shown, not asked.
    expect(dialog.queryByRole('combobox', { name: 'Governorate' })).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Governorate')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Governorate')).toHaveValue('Giza');
    expect(dialog.getByLabelText('Country')).toHaveAttribute('readonly');
    const landmark = dialog.getByLabelText('Landmark (optional)');
    await user.clear(landmark);
    await user.type(landmark, 'Above the pharmacy');
    await user.click(dialog.getByRole('button', { name: 'Save the address' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This order’s parcel is being booked with the courier');
    // Said where the eye and the keyboard are, and what was typed stays for another try.
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveFocus());
    expect(landmark).toHaveValue('Above the pharmacy');

    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Save the address' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('The delivery address of order #ABCDEF12 was changed'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((put) => put.body)).toEqual([
      { address: { ...corrected, apartment: '', floor: '' } },
      { address: { ...corrected, apartment: '', floor: '' } },
    ]);
  });

  it('keeps the dialog to say why when the order shipped meanwhile, and then offers no correction', async () => {
    const user = userEvent.setup();
    let shipped = false;
    mockApi({
      [`GET /api/admin/orders/${ID}`]: () => ({ body: shipped ? { ...ORDER, status: 'shipped' } : ORDER }),
      [`PUT /api/admin/orders/${ID}/address`]: () => {
        shipped = true;
        return { status: 409, body: { message: 'An order’s address cannot change once it has been shipped' } };
      },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Change the address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delivery address of order #ABCDEF12' }));
    await user.click(dialog.getByRole('button', { name: 'Save the address' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('cannot change once it has been shipped');
    // The order read again: shipped, it offers no correction, and the dialog stays until it is closed.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Change the address' })).not.toBeInTheDocument());
    expect(dialog.getByRole('alert')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no correction of the address once the order has shipped', async () => {
    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: { ...ORDER, status: 'shipped', trackingNumber: 'EG-1' } } });
    renderPage();
    await screen.findByRole('combobox', { name: 'Next status of order #ABCDEF12' });
    expect(screen.queryByRole('button', { name: 'Change the address' })).not.toBeInTheDocument();
  });

  it('does not offer cancelling a paid order to a role that gives no refunds, and says why', async () => {
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: ORDER },
      'GET /api/staff/me': { body: { role: 'orders', permissions: [...BUILT_IN_ROLES.orders] } },
    });
    renderPage();

    const select = await screen.findByRole('combobox', { name: 'Next status of order #ABCDEF12' });
    // Cancelling would give the bill back, which the server refuses this role: it is not offered.
    await waitFor(() =>
      expect(select).toHaveAccessibleDescription(
        'Cancelling this paid order gives its money back, which your role does not allow: a member who gives refunds can cancel it.',
      ),
    );
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Move to…', 'Shipped']);
    expect(screen.queryByRole('button', { name: 'Refund order #ABCDEF12' })).not.toBeInTheDocument();
  });

  it('offers cancelling a paid order to a role that gives refunds', async () => {
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: ORDER },
      'GET /api/staff/me': { body: { role: 'manager', permissions: [...BUILT_IN_ROLES.manager] } },
    });
    renderPage();

    await screen.findByRole('button', { name: 'Refund order #ABCDEF12' });
    const select = screen.getByRole('combobox', { name: 'Next status of order #ABCDEF12' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Move to…', 'Shipped', 'Cancelled']);
    expect(select).not.toHaveAccessibleDescription();
  });

  it('offers on a parcel refused at the door what the server says its refund gives back, not what the history suggests', async () => {
    const refused: AdminOrderDetail = {
      ...ORDER,
      status: 'returned',
      paymentMethod: 'cash',
      deposit: { amount: 30, state: 'paid' },
      statusHistory: [
        ...ORDER.statusHistory,
        { status: 'shipped', at: '2025-03-06T10:00:00.000Z', reason: null, actor: 'admin' },
        { status: 'returned', at: '2025-03-07T10:00:00.000Z', reason: null, actor: 'courier' },
      ],
      refundable: { of: 'deposit', amount: 30 },
    };
    const manager = { body: { role: 'manager', permissions: [...BUILT_IN_ROLES.manager] } };
    const user = userEvent.setup();
    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: refused }, 'GET /api/staff/me': manager });
    const first = renderPage();
    // The kept fees, up to the amount the server gives.
    await user.click(await screen.findByRole('button', { name: 'Record the deposit of order #ABCDEF12 given back' }));
    expect(await screen.findByLabelText('Amount to give back (EGP)')).toHaveAttribute('placeholder', '30');
    expect(screen.queryByRole('button', { name: 'Refund order #ABCDEF12' })).not.toBeInTheDocument();
    first.unmount();

    // The same history, and the server's refund would give the bill back: the page offers that, deriving nothing.
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: { ...refused, refundable: { of: 'bill', amount: 630 } } },
      'GET /api/staff/me': manager,
    });
    const second = renderPage();
    await screen.findByRole('button', { name: 'Refund order #ABCDEF12' });
    expect(screen.queryByRole('button', { name: /Record the deposit/ })).not.toBeInTheDocument();
    second.unmount();

    // Nothing to give back (its fees given back already): no refund offered to fail.
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: { ...refused, refundable: null } },
      'GET /api/staff/me': manager,
    });
    renderPage();
    // The member's permissions known (their note field drawn), before what they are not offered is looked for.
    await screen.findByRole('textbox', { name: 'New note' });
    expect(screen.queryByRole('button', { name: /Refund order|Record the deposit/ })).not.toBeInTheDocument();
  });

  it('shows money owed back that the provider refused to give back, and lets a role that gives refunds record it', async () => {
    const owed = {
      ...ORDER,
      status: 'cancelled' as const,
      refundable: null,
      owedBack: [{ _id: 'pi_second', amount: 630, paidAt: '2025-03-05T10:05:00.000Z' }],
    };
    const { calls } = mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: owed },
      [`POST /api/admin/orders/${ID}/owed/pi_second/paid-back`]: { status: 204, body: undefined },
      'GET /api/staff/me': { body: { role: 'manager', permissions: [...BUILT_IN_ROLES.manager] } },
    });
    const user = userEvent.setup();
    renderPage();

    const card = await screen.findByRole('region', { name: 'Money owed back' });
    expect(card).toHaveTextContent('the payment provider did not give the payment back');
    expect(card).toHaveTextContent(/EGP.630 paid Mar 5, 2025/);
    // Offered once the member's permissions are in, which may come after the order.
    await user.click(await within(card).findByRole('button', { name: 'Record it given back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this payment as given back?' });
    await user.selectOptions(within(dialog).getByLabelText('How was the money paid back?'), 'Bank transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Record it given back' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { paidBackBy: 'bank transfer' },
      ]),
    );
  });

  it('shows money owed back to a role that gives no refunds, without the record', async () => {
    const owed = { ...ORDER, owedBack: [{ _id: 'pi_second', amount: 630, paidAt: null }] };
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: owed },
      'GET /api/staff/me': { body: { role: 'support', permissions: [...BUILT_IN_ROLES.support] } },
    });
    renderPage();

    const card = await screen.findByRole('region', { name: 'Money owed back' });
    await screen.findByRole('link', { name: 'All their orders' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the staff’s notes with who wrote them, and lets a member who may write notes add one', async () => {
    let notes = [NOTE];
    const { calls } = mockApi({
      [`GET /api/admin/orders/${ID}`]: () => ({ body: { ...ORDER, notes } }),
      [`POST /api/admin/orders/${ID}/notes`]: async (request) => {
        const { text } = (await request.json()) as { text: string };
        const note = { ...NOTE, _id: 'n2', text, authorName: 'Admin', authorRole: 'owner' };
        notes = [...notes, note];
        return { status: 201, body: note };
      },
      'GET /api/staff/me': { body: { role: 'support', permissions: [...BUILT_IN_ROLES.support] } },
    });
    const user = userEvent.setup();
    renderPage();

    const region = within(await screen.findByRole('region', { name: 'Notes' }));
    expect(region.getByText('Called her: deliver after 5 pm')).toBeInTheDocument();
    expect(region.getByText(/Salma · Support/)).toBeInTheDocument();
    expect(
      region.getByText('Called her: deliver after 5 pm').nextElementSibling?.querySelector('time'),
    ).toHaveAttribute('datetime', NOTE.createdAt);

    const field = await region.findByRole('textbox', { name: 'New note' });
    const add = region.getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await user.type(field, 'Gift wrap, please');
    await user.click(add);

    await waitFor(() => expect(region.getByText('Gift wrap, please')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Gift wrap, please' });
    expect(region.getByText(/Admin · Owner/)).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('says the server’s reason under the note', async () => {
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: ORDER },
      [`POST /api/admin/orders/${ID}/notes`]: { status: 400, body: { message: 'At most 1000 characters' } },
    });
    const user = userEvent.setup();
    renderPage();
    const region = within(await screen.findByRole('region', { name: 'Notes' }));
    expect(region.getByText('No notes yet.')).toBeInTheDocument();
    const field = await region.findByRole('textbox', { name: 'New note' });
    await user.type(field, 'Too long, the server says');
    await user.click(region.getByRole('button', { name: 'Add note' }));
    expect(await region.findByText('At most 1000 characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('Too long, the server says');
  });

  it('shows a catalogue member the notes but no form to write one', async () => {
    mockApi({
      [`GET /api/admin/orders/${ID}`]: { body: { ...ORDER, notes: [NOTE] } },
      'GET /api/staff/me': { body: { role: 'catalogue', permissions: [...BUILT_IN_ROLES.catalogue] } },
    });
    const { store } = renderPage();
    const region = within(await screen.findByRole('region', { name: 'Notes' }));
    expect(region.getByText('Called her: deliver after 5 pm')).toBeInTheDocument();
    // Only once the member's permissions are known is the form's absence their role's doing.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getStaffSelf' && query.data !== undefined,
        ),
      ).toBe(true),
    );
    expect(region.queryByRole('textbox', { name: 'New note' })).not.toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it("says the shop's own reasons in the reader's language, a person's as they wrote it", async () => {
    const history: AdminOrderDetail['statusHistory'] = [
      { status: 'cancelled', at: '2025-03-06T10:00:00.000Z', reason: NOT_CONFIRMED_IN_TIME, actor: 'system' },
      { status: 'returned', at: '2025-03-07T10:00:00.000Z', reason: 'Box arrived crushed', actor: 'admin' },
      { status: 'refunded', at: '2025-03-08T10:00:00.000Z', reason: paidBackReason('InstaPay'), actor: 'admin' },
    ];
    mockApi({ [`GET /api/admin/orders/${ID}`]: { body: { ...ORDER, statusHistory: history } } });
    renderPage();
    const reasons = async () =>
      (await screen.findByRole('region', { name: /^(History|السجل)$/ })).querySelectorAll('li > .d-block');
    expect([...(await reasons())].map((line) => line.textContent)).toEqual([
      'Reason: Not confirmed in time',
      'Reason: Box arrived crushed',
      'Reason: Paid back by InstaPay',
    ]);
    try {
      await act(() => changeLanguage('ar'));
      expect([...(await reasons())].map((line) => line.textContent)).toEqual([
        'السبب: لم يُؤكَّد في الوقت المحدد',
        'السبب: Box arrived crushed',
        'السبب: رُدّ المبلغ عبر إنستاباي',
      ]);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('says so when the order does not exist', async () => {
    mockApi({ [`GET /api/admin/orders/${ID}`]: { status: 404, body: { message: 'Order not found' } } });
    renderPage();
    expect(await screen.findByText('This order does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // Still named, by the number asked for: the tab, and the heading a screen reader starts from.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order #ABCDEF12');
    await waitFor(() => expect(document.title).toBe('Order #ABCDEF12 – Dashboard – EGP Shop'));
  });

  it('offers a retry when the order could not be read', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`GET /api/admin/orders/${ID}`]: { status: 500, body: { message: 'Down' } } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((call) => call.path === `/api/admin/orders/${ID}`)).toHaveLength(2));
  });
});
