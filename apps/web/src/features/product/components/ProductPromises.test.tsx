import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDetail } from '@shop/contracts';
import { aProduct, tShirt } from '../../../test/products';
import { mockApi, renderRoute } from '../../../test/utils';
import { ProductPage } from './ProductPage';

/** The product page's promises: no delivery is promised for what cannot be bought. */
function open(product: ProductDetail, url = '/product/one/p1') {
  mockApi({
    'GET /api/product/one/p1': { body: product },
    'GET /api/review/product/p1': { body: [] },
    'GET /api/shipping/delivery-days': { body: { days: [{ governorate: 'Cairo', minDays: 1, maxDays: 2 }] } },
  });
  renderRoute(<ProductPage />, { path: '/product/one/:id', url });
}

describe("the product page's delivery promise", () => {
  it('says when an item in stock arrives in the chosen governorate', async () => {
    open(aProduct({ stock: 3 }));
    expect(await screen.findByText('Arrives in 1–2 days to')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Governorate to deliver to' })).toHaveValue('Cairo');
  });

  it('promises no delivery of a product out of stock, and still tells of returns', async () => {
    open(aProduct({ stock: 0 }));
    expect(await screen.findByText('out of stock')).toBeInTheDocument();
    expect(screen.getByText('Returns within 14 days')).toBeInTheDocument();
    expect(screen.queryByText(/Arrives in/)).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery to')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Governorate to deliver to' })).not.toBeInTheDocument();
  });

  it('follows the variant chosen: none for a sold-out one, the estimate again for one in stock', async () => {
    open(tShirt, '/product/one/p1?variant=v-m-blue');
    expect(await screen.findByText('TEE-M-BLUE')).toBeInTheDocument();
    expect(screen.queryByText(/Arrives in/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Red' }));
    expect(await screen.findByText('TEE-M-RED')).toBeInTheDocument();
    expect(await screen.findByText('Arrives in 1–2 days to')).toBeInTheDocument();
  });
});
