import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, Session } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { aDeliveryAddress, anOrder, anOrderLine } from '../../../test/orders';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { InvoicePage } from './InvoicePage';

const ID = 'abcdef12-0000-4000-8000-000000000001';
const ORDER = anOrder({
  _id: ID,
  // 2 × 55 + 1 × 12.25 = 122.25, + 50 shipping + 10.50 cash fee = 182.75; VAT inside = 182.75 × 14 / 114 = 22.443…
  bill: 182.75,
  itemsTotal: 122.25,
  discount: 0,
  shipping: 50,
  codFee: 10.5,
  deliveryAddress: aDeliveryAddress({ building: '12', street: 'Tahrir St' }),
  paymentMethod: 'cash',
  products: [
    anOrderLine({ name: 'Tea', nameAr: 'شاي', price: 55, quantity: 2 }),
    anOrderLine({ name: 'Sugar', nameAr: null, price: 12.25, quantity: 1 }),
  ],
});

const adminSession: Session = { ...shopperSession, user: { ...shopperSession.user, _id: 'a1', role: true } };

const renderInvoice = (session: Session | null = shopperSession) =>
  renderRoute(<InvoicePage />, {
    path: '/Orders/:id/invoice',
    url: `/Orders/${ID}/invoice`,
    preloadedState: session ? { session } : undefined,
  });

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    )
    .filter((cells) => cells.length);

describe('/Orders/:id/invoice', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('itemises the order and says the prices include 14% VAT, with the VAT amount to the piastre', async () => {
    const { calls } = mockApi({ [`GET /api/order/${ID}`]: { body: ORDER } });
    renderInvoice();

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice #ABCDEF12' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([`/api/order/${ID}`]);
    expect(rows(screen.getByRole('table', { name: 'Order lines' }))).toEqual([
      ['Tea', '2', 'EGP 55', 'EGP 110'],
      ['Sugar', '1', 'EGP 12.25', 'EGP 12.25'],
    ]);
    const totals = screen.getByText('Items total').closest('dl') as HTMLElement;
    expect(
      [...totals.children].map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\s/g, ' '))),
    ).toEqual([
      ['Items total', 'EGP 122.25'],
      ['Shipping', 'EGP 50'],
      ['Cash on delivery fee', 'EGP 10.50'],
      ['Total', 'EGP 182.75'],
      ['Prices include 14% VAT', 'EGP 22.44'],
    ]);
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent('Mariam Adel');
    expect(address).toHaveTextContent('12 Tahrir St');
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', '/Orders');
  });

  it('carries the e-receipt’s QR code, linking to the receipt at the Tax Authority', async () => {
    const uuid = 'a'.repeat(64);
    const qrContent = `https://preprod.invoicing.eta.gov.eg/receipts/search/${uuid}/share/2026-03-05T10:00:00Z#Total:182.75,IssuerRIN:100200300`;
    const qrImage = `/api/eta/receipts/${uuid}/qr.png`;
    mockApi({ [`GET /api/order/${ID}`]: { body: { ...ORDER, etaReceipt: { uuid, qrContent, qrImage } } } });
    renderInvoice();

    const qr = await screen.findByRole('img', {
      name: 'Electronic receipt at the Egyptian Tax Authority: scan to check it',
    });
    expect(qr).toHaveAttribute('src', qrImage);
    expect(qr.closest('a')).toHaveAttribute('href', qrContent);
  });

  it('tells a refused parcel’s delivery fees given back by hand as those fees, not a part of the bill', async () => {
    const givenBack: Order = {
      ...ORDER,
      status: 'returned',
      deposit: { amount: 60.5, state: 'refunded' },
      refund: { amount: 60.5, whole: false, at: '2026-03-09T10:00:00.000Z', method: 'cash', paidBackBy: 'InstaPay' },
    };
    mockApi({ [`GET /api/order/${ID}`]: { body: givenBack } });
    const { unmount } = renderInvoice();
    expect(await screen.findByTestId('refund-note')).toHaveTextContent(
      /^The delivery fees you paid online, EGP\s60\.50, were given back on .+\. Paid back to you: by InstaPay\.$/,
    );
    unmount();

    await changeLanguage('ar');
    renderInvoice();
    const note = await screen.findByTestId('refund-note');
    expect(note).toHaveTextContent('رُدّت إليك رسوم التوصيل التي دفعتها أونلاين');
    expect(note).toHaveTextContent('رُدّ إليك المبلغ عبر إنستاباي.');
  });

  const receipt = (uuid: string) => ({
    uuid,
    qrContent: `https://preprod.invoicing.eta.gov.eg/receipts/search/${uuid}/share/2026-03-06T10:00:00Z`,
    qrImage: `/api/eta/receipts/${uuid}/qr.png`,
  });

  it('carries the return receipt’s QR code too once money was given back, in either language', async () => {
    const [sale, back] = [receipt('a'.repeat(64)), receipt('b'.repeat(64))];
    const refunded = { ...ORDER, status: 'refunded', etaReceipt: sale, etaReturnReceipts: [back] };
    mockApi({ [`GET /api/order/${ID}`]: { body: refunded } });
    const { unmount } = renderInvoice();
    const qr = await screen.findByRole('img', {
      name: 'Electronic return receipt at the Egyptian Tax Authority: scan to check it',
    });
    expect(qr).toHaveAttribute('src', back.qrImage);
    expect(qr.closest('a')).toHaveAttribute('href', back.qrContent);
    expect(screen.getByText('Electronic return receipt at the Egyptian Tax Authority: scan to check it')).toBeVisible();
    expect(
      screen.getByRole('img', { name: 'Electronic receipt at the Egyptian Tax Authority: scan to check it' }),
    ).toHaveAttribute('src', sale.qrImage);
    unmount();

    await changeLanguage('ar');
    renderInvoice();
    expect(
      await screen.findByRole('img', { name: 'إيصال المرتجع الإلكتروني لدى مصلحة الضرائب المصرية: امسحه للتحقق منه' }),
    ).toHaveAttribute('src', back.qrImage);
  });

  it('carries a return receipt’s QR code for each part of the money given back, in the order it went back', async () => {
    const [part, rest] = [receipt('c'.repeat(64)), receipt('d'.repeat(64))];
    const cancelled = {
      ...ORDER,
      status: 'cancelled',
      etaReceipt: receipt('a'.repeat(64)),
      etaReturnReceipts: [part, rest],
    };
    mockApi({ [`GET /api/order/${ID}`]: { body: cancelled } });
    renderInvoice();
    const returns = await screen.findAllByRole('img', {
      name: 'Electronic return receipt at the Egyptian Tax Authority: scan to check it',
    });
    expect(returns.map((qr) => qr.getAttribute('src'))).toEqual([part.qrImage, rest.qrImage]);
  });

  it('prints from its Print button', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockApi({ [`GET /api/order/${ID}`]: { body: ORDER } });
    renderInvoice();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('is written in the shopper’s language', async () => {
    await changeLanguage('ar');
    mockApi({ [`GET /api/order/${ID}`]: { body: ORDER } });
    renderInvoice();
    expect(await screen.findByRole('heading', { level: 1, name: 'فاتورة #ABCDEF12' })).toBeInTheDocument();
    expect(screen.getByText('شاي')).toBeInTheDocument();
    // A product without an Arabic name keeps its English one, marked as English.
    expect(screen.getByText('Sugar')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('الأسعار شاملة ضريبة القيمة المضافة 14٪').nextSibling).toHaveTextContent('22.44');
  });

  it('serves admins any order, without the admin’s name on it', async () => {
    mockApi({ [`GET /api/order/${ID}`]: { body: ORDER } });
    renderInvoice(adminSession);
    expect(await screen.findByRole('region', { name: 'Delivery address' })).not.toHaveTextContent('Mariam Adel');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the server’s answer for an order that is not the shopper’s', async () => {
    mockApi({ [`GET /api/order/${ID}`]: { status: 404, body: { message: 'Order not found' } } });
    renderInvoice();
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('sends visitors to sign in, and from there back to the invoice', async () => {
    const { calls } = mockApi({});
    const { router } = renderInvoice(null);
    expect(await screen.findByText('page /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: `/Orders/${ID}/invoice` });
    expect(calls).toEqual([]);
  });
});
