import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct } from '../../../test/products';
import { mockApi, renderRoute } from '../../../test/utils';
import { CategoryProductsPage } from './CategoryProductsPage';

describe('CategoryProductsPage', () => {
  it('says its products could not be loaded, with a retry, and offers no sorting or filters meanwhile', async () => {
    let fails = true;
    const failed = { status: 500, body: { message: 'boom' } };
    mockApi({
      'GET /api/product': () => (fails ? failed : { body: { products: [aProduct()], pages: 1 } }),
      'GET /api/category': failed,
      'GET /api/department': failed,
    });
    const user = userEvent.setup();
    renderRoute(<CategoryProductsPage />, { path: '/product/category/:id', url: '/product/category/c1' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now. Please try again in a moment.');
    // Neither the stand-in heading for a name it does not know, nor controls for a list it does not have.
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sort By' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'T-shirts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Cotton T-shirt/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
