import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductList } from '@shop/contracts';
import { aProduct } from '../../../test/products';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { paths } from '../../../lib/paths';
import { ProductsAdminPage } from './ProductsAdminPage';

const product = aProduct({ _id: '66666666-6666-4666-8666-666666666666', name: 'Galaxy A55', stock: 2 });
const PAGE: ProductList = { products: [product], pages: 3 };

/** The query of each list request the page made, as a plain object. */
const listQueries = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/api/admin/products?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])));

const renderPage = (url: string = paths.dashProducts) =>
  renderRoute(<ProductsAdminPage />, { path: paths.dashProducts, url, preloadedState: { session: adminSession } });

const lowStockSwitch = () => screen.getByRole('switch', { name: 'Low on stock only (5 or fewer)' });

describe('the products screen', () => {
  it('shows only the products low on stock when the switch is on, back on the first page, and all again when off', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/admin/products': { body: PAGE } });
    const { router } = renderPage(`${paths.dashProducts}?q=galaxy&page=2`);
    await screen.findByText('Galaxy A55');
    expect(lowStockSwitch()).not.toBeChecked();
    expect(listQueries(calls).at(-1)).not.toHaveProperty('lowStock');

    await user.click(lowStockSwitch());
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'galaxy',
        stock: 'low',
      }),
    );
    await waitFor(() => expect(listQueries(calls).at(-1)).toMatchObject({ q: 'galaxy', lowStock: 'true', page: '1' }));
    expect(lowStockSwitch()).toBeChecked();

    await user.click(lowStockSwitch());
    await waitFor(() => expect(router.state.location.search).toBe('?q=galaxy'));
    expect(lowStockSwitch()).not.toBeChecked();
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ page: '1', limit: '20', q: 'galaxy' }));
  });

  it('opens on the products low on stock from the overview’s link, and says when none is', async () => {
    const { calls } = mockApi({ 'GET /api/admin/products': { body: { products: [], pages: 0 } } });
    renderPage(paths.dashProductsLowOnStock);
    expect(await screen.findByText('No product is low on stock.')).toBeInTheDocument();
    expect(lowStockSwitch()).toBeChecked();
    expect(listQueries(calls)).toEqual([{ page: '1', limit: '20', lowStock: 'true' }]);
  });

  it('names the stock of each product for a phone’s card, where the column’s header is hidden (admin.css)', async () => {
    const plenty = aProduct({ _id: '77777777-7777-4777-8777-777777777777', name: 'Galaxy S24', stock: 11 });
    mockApi({ 'GET /api/admin/products': { body: { products: [plenty], pages: 1 } } });
    renderPage();
    expect((await screen.findByText('11')).closest('td')).toHaveAttribute('data-label', 'Stock');
  });

  it('asks before deleting a product; once deleted, focus goes to the title, its row’s buttons gone with it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/products': { body: PAGE },
      [`DELETE /api/product/${product._id}`]: { body: { message: 'Deleted' } },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Galaxy A55' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/product/${product._id}`,
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toHaveFocus();
  });
});
