import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { tShirt } from '../../../test/products';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { reviewPages } from '../../../test/reviews';
import { ProductPage } from './ProductPage';

/** The server's cart once L/Red is in it: its line carries the variant, which the local mirror keeps. */
const serverCart = {
  products: [
    {
      product_id: { ...tShirt, price: 270, stock: 5 },
      variant: {
        _id: 'v-l-red',
        sku: 'TEE-L-RED',
        options: [
          { name: 'Size', nameAr: 'المقاس', value: 'L', valueAr: 'كبير' },
          { name: 'Colour', nameAr: 'اللون', value: 'Red', valueAr: 'أحمر' },
        ],
      },
      quantity: 1,
    },
  ],
  bill: 270,
};

function open(url: string) {
  const api = mockApi({
    'GET /api/product/one/p1': { body: tShirt },
    'GET /api/review/product/p1/page': reviewPages(),
    'PUT /api/cart/incItem': { body: serverCart },
  });
  const view = renderRoute(<ProductPage />, {
    path: '/product/one/:id',
    url,
    preloadedState: { session: shopperSession },
  });
  return { ...api, ...view };
}
const option = (name: RegExp) => screen.getByRole('group', { name });

describe('choosing a variant on the product page', () => {
  afterEach(() => changeLanguage('en'));

  it('starts from the lowest price with nothing chosen, and cannot add to the cart until a variant is', async () => {
    open('/product/one/p1');
    expect(await screen.findByRole('heading', { name: 'Cotton T-shirt' })).toBeInTheDocument();
    expect(screen.getByText('From')).toBeInTheDocument();
    expect(option(/Choose Size/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
  });

  it('says beside the greyed Add to Cart which options are still to choose, until none is', async () => {
    open('/product/one/p1');
    await screen.findByRole('heading', { name: 'Cotton T-shirt' });
    const addToCart = screen.getByRole('button', { name: /Add to Cart/ });
    expect(addToCart).toHaveAccessibleDescription('Choose Size and Colour to add it to your cart.');
    await userEvent.click(within(option(/Size/)).getByRole('button', { name: 'M' }));
    expect(addToCart).toHaveAccessibleDescription('Choose Colour to add it to your cart.');
    await userEvent.click(within(option(/Colour/)).getByRole('button', { name: 'Red' }));
    expect(addToCart).toBeEnabled();
    expect(addToCart).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/to add it to your cart/)).not.toBeInTheDocument();
  });

  it('names the options still to choose in Arabic', async () => {
    await changeLanguage('ar');
    open('/product/one/p1');
    await screen.findByRole('heading', { name: 'تيشيرت قطن' });
    expect(screen.getByRole('button', { name: /أضف إلى السلة/ })).toHaveAccessibleDescription(
      'اختر المقاس واللون لإضافته إلى السلة.',
    );
  });

  it('disables values no variant in stock has, updates price, stock, picture and address, and adds the variant', async () => {
    const { calls, router, store } = open('/product/one/p1');
    await screen.findByRole('heading', { name: 'Cotton T-shirt' });
    await userEvent.click(within(option(/Size/)).getByRole('button', { name: 'M' }));
    // With M chosen: Blue is sold out, chosen only to be told when it is back; Red can be bought.
    await userEvent.click(within(option(/Colour/)).getByRole('button', { name: 'Blue, sold out' }));
    expect(screen.getByText('out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Notify me when it's back" })).toBeInTheDocument();
    await userEvent.click(within(option(/Colour/)).getByRole('button', { name: 'Red' }));
    expect(option(/Colour: Red/)).toBeInTheDocument();
    expect(screen.queryByText('From')).not.toBeInTheDocument();
    expect(screen.getByText('TEE-M-RED')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?variant=v-m-red');
    expect(screen.getByRole('img', { name: 'Cotton T-shirt' })).toHaveAttribute('src', expect.stringContaining('red'));
    // L is sold in red only: with Red chosen it can be; Blue with L would be a combination not sold.
    await userEvent.click(within(option(/Size/)).getByRole('button', { name: 'L' }));
    expect(within(option(/Colour/)).getByRole('button', { name: 'Blue, not available' })).toBeDisabled();
    expect(router.state.location.search).toBe('?variant=v-l-red');

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(calls.find((call) => call.path === '/api/cart/incItem')?.body).toEqual({
      product_id: 'p1',
      variant_id: 'v-l-red',
      flag: 1,
    });
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({
        _id: 'p1',
        price: 270,
        stock: 5,
        variant: expect.objectContaining({ _id: 'v-l-red', sku: 'TEE-L-RED' }),
      }),
    ]);
  });

  it('shows the chosen variant’s own sale: its price before the sale struck through and the saving', async () => {
    open('/product/one/p1?variant=v-l-red');
    await screen.findByRole('heading', { name: 'Cotton T-shirt' });
    const was = screen.getByText('Was', { exact: false }).closest('s');
    expect(was).toHaveTextContent(/300/);
    expect(screen.getByText(/^Save .*30.*\(10%\)$/)).toBeInTheDocument();
    // M/Red is not on sale: no old price, no saving.
    await userEvent.click(within(option(/Size/)).getByRole('button', { name: 'M' }));
    expect(screen.queryByText('Was', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
  });

  it('opens with the variant the address names', async () => {
    open('/product/one/p1?variant=v-m-blue');
    await screen.findByRole('heading', { name: 'Cotton T-shirt' });
    expect(option(/Size: M/)).toBeInTheDocument();
    expect(option(/Colour: Blue/)).toBeInTheDocument();
    expect(screen.getByText('out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
  });
});
