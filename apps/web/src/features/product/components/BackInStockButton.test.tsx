import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { aProduct, tShirt } from '../../../test/products';
import { mockApi, renderRoute, adminSession, shopperSession } from '../../../test/utils';
import { reviewPages } from '../../../test/reviews';
import { ProductPage } from './ProductPage';

const kettle = aProduct({
  name: 'Tornado Kettle',
  nameAr: 'غلاية تورنادو',
  price: 1200,
  stock: 0,
  image_path: ['/uploads/a.webp'],
  category: { _id: 'c1', name: 'Kettles', nameAr: null },
  department: { _id: 'd1', name: 'Kitchen', nameAr: null },
  brand: 'Tornado',
  description: 'Boils.',
  weight: 1,
});

const page = (session?: Session) =>
  renderRoute(<ProductPage />, {
    path: '/product/one/:id',
    url: '/product/one/p1',
    ...(session ? { preloadedState: { session } } : {}),
  });

afterEach(() => changeLanguage('en'));

/** The reviews have loaded (their placeholder is a live region too): the one left is the alert's. */
const reviewsLoaded = () => waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(1));

describe('Notify me when it is back', () => {
  it('asks with one tap, says so, and cancels; the focus follows the control that replaced the one pressed', async () => {
    const { calls } = mockApi({
      'GET /api/product/one/p1': { body: kettle },
      'GET /api/review/product/p1/page': reviewPages(),
      'GET /api/back-in-stock/p1': { body: { waiting: [] } },
      'POST /api/back-in-stock/p1': {
        body: { waiting: [{ variant_id: null, reach: { channel: 'sms', to: '+20 10•••••678' } }] },
      },
      'DELETE /api/back-in-stock/p1': { body: { waiting: [] } },
    });
    page(shopperSession);
    const user = userEvent.setup();
    const ask = await screen.findByRole('button', { name: "Notify me when it's back" });
    expect(screen.getByText('out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
    await reviewsLoaded();
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(ask);
    const cancel = await screen.findByRole('button', { name: 'Cancel the alert' });
    // Says by which channel, and to which address, the alert will go: the server's answer, as its sender decides.
    expect(screen.getByRole('status')).toHaveTextContent("We'll text you at +20 10•••••678 when it's back");
    expect(screen.getByText("We'll text you at +20 10•••••678 when it's back", { selector: 'span' })).toBeVisible();
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/back-in-stock/p1', body: {} });

    await user.click(cancel);
    const again = await screen.findByRole('button', { name: "Notify me when it's back" });
    expect(screen.getByRole('status')).toHaveTextContent("Alert cancelled: we won't tell you");
    await waitFor(() => expect(again).toHaveFocus());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows a request already made, in Arabic, and a refusal in the words of the server', async () => {
    await act(() => changeLanguage('ar'));
    mockApi({
      'GET /api/product/one/p1': { body: kettle },
      'GET /api/review/product/p1/page': reviewPages(),
      'GET /api/back-in-stock/p1': {
        body: { waiting: [{ variant_id: null, reach: { channel: 'email', to: 'sa•••@example.com' } }] },
      },
      'DELETE /api/back-in-stock/p1': { status: 429, body: { message: 'طلبات كثيرة، حاول بعد دقيقة' } },
    });
    page(shopperSession);
    const cancel = await screen.findByRole('button', { name: 'إلغاء التنبيه' });
    await reviewsLoaded();
    // The address keeps its own left-to-right order inside the Arabic sentence.
    expect(screen.getByRole('status')).toHaveTextContent(
      'سنراسلك بالبريد الإلكتروني على \u2066sa•••@example.com\u2069 عند توفره',
    );
    await userEvent.click(cancel);
    expect(await screen.findByRole('alert')).toHaveTextContent('طلبات كثيرة، حاول بعد دقيقة');
    expect(screen.getByRole('button', { name: 'إلغاء التنبيه' })).toBeInTheDocument();
  });

  it('names WhatsApp, and says only that it will tell when the shopper has no address on their channel', async () => {
    const waiting = (reach: unknown) => ({ body: { waiting: [{ variant_id: null, reach }] } });
    mockApi({
      'GET /api/product/one/p1': { body: kettle },
      'GET /api/review/product/p1/page': reviewPages(),
      'GET /api/back-in-stock/p1': waiting({ channel: 'whatsapp', to: '+20 12•••••345' }),
    });
    const byWhatsapp = page(shopperSession);
    const line = "We'll message you on WhatsApp at +20 12•••••345 when it's back";
    expect(await screen.findByText(line, { selector: 'span' })).toBeVisible();
    byWhatsapp.unmount();

    mockApi({
      'GET /api/product/one/p1': { body: kettle },
      'GET /api/review/product/p1/page': reviewPages(),
      'GET /api/back-in-stock/p1': waiting(null),
    });
    page(shopperSession);
    expect(await screen.findByText("We'll tell you when it's back", { selector: 'span' })).toBeVisible();
  });

  it('is offered in Arabic, and sends a visitor to sign in and back to the product', async () => {
    await act(() => changeLanguage('ar'));
    const { calls } = mockApi({
      'GET /api/product/one/p1': { body: kettle },
      'GET /api/review/product/p1/page': reviewPages(),
    });
    const { router } = page();
    await userEvent.click(await screen.findByRole('button', { name: 'أبلغني عند التوفر' }));
    expect(await screen.findByText('page /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/product/one/p1' });
    expect(calls.filter((call) => call.path.startsWith('/api/back-in-stock'))).toEqual([]);
  });

  it('shows and cancels a request asked for the whole product before it had options, whatever is chosen', async () => {
    const soldOut = { ...tShirt, stock: 0, variants: (tShirt.variants ?? []).map((v) => ({ ...v, stock: 0 })) };
    const { calls } = mockApi({
      'GET /api/product/one/p1': { body: soldOut },
      'GET /api/review/product/p1/page': reviewPages(),
      'GET /api/back-in-stock/p1': {
        body: { waiting: [{ variant_id: null, reach: { channel: 'sms', to: '+20 10•••••678' } }] },
      },
      'DELETE /api/back-in-stock/p1': { body: { waiting: [] } },
    });
    page(shopperSession);
    // No option chosen yet, so there is no variant's button: the earlier request is there all the same.
    expect(await screen.findByText("We'll text you at +20 10•••••678 when it's back")).toBeVisible();
    expect(screen.getByText('(any option: you asked before it had options)')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the alert' }));
    const said = await screen.findByText("Alert cancelled: we won't tell you");
    await waitFor(() => expect(said).toHaveFocus());
    // The product's own request, named by no variant.
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/back-in-stock/p1',
    ]);
    expect(screen.queryByText(/any option/)).not.toBeInTheDocument();
  });

  it('is not offered for what is in stock, nor to staff', async () => {
    mockApi({
      'GET /api/product/one/p1': { body: { ...kettle, stock: 4 } },
      'GET /api/review/product/p1/page': reviewPages(),
    });
    const inStock = page(shopperSession);
    expect(await screen.findByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: "Notify me when it's back" })).not.toBeInTheDocument();
    inStock.unmount();

    mockApi({ 'GET /api/product/one/p1': { body: kettle }, 'GET /api/review/product/p1/page': reviewPages() });
    page(adminSession);
    expect(await screen.findByText('out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Notify me when it's back" })).not.toBeInTheDocument();
  });
});
