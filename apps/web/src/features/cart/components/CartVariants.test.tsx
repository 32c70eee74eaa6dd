import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LineVariant } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { restoreCart } from '../cartSlice';
import { mockApi, shopperSession } from '../../../test/utils';
import { renderCheckout } from '../../../test/checkout';
import { CartPage } from './CartPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const sized = (id: string, value: string, valueAr: string): LineVariant => ({
  _id: id,
  sku: `TEE-${value}`,
  options: [{ name: 'Size', nameAr: 'المقاس', value, valueAr }],
});
const medium = sized('v-m', 'M', 'وسط');
const large = sized('v-l', 'L', 'كبير');
const line = (variant: LineVariant, price: number) => ({
  product_id: {
    _id: 'p1',
    name: 'Cotton T-shirt',
    nameAr: 'تيشيرت قطن',
    brand: 'Cottonil',
    price,
    image_path: [],
    stock: 5,
    cod: true,
  },
  variant,
  quantity: 1,
});

describe('/CartPage with variants', () => {
  afterEach(() => changeLanguage('en'));

  it('lists each variant as its own line with its values, linked to its choice, and removes one by its variant', async () => {
    let stored = { products: [line(medium, 250), line(large, 270)], bill: 520 };
    const { calls } = mockApi({
      'GET /api/cart': () => ({ body: stored }),
      'PUT /api/cart/removeItem': () => ({ body: (stored = { products: [line(large, 270)], bill: 270 }) }),
    });
    const cart = restoreCart([
      { _id: 'p1', name: 'Cotton T-shirt', price: 250, image: null, stock: 5, cartQuantity: 1, variant: medium },
      { _id: 'p1', name: 'Cotton T-shirt', price: 270, image: null, stock: 5, cartQuantity: 1, variant: large },
    ]);
    renderCheckout(<CartPage />, { path: '/CartPage', preloadedState: { session: shopperSession, cart } });
    expect(await screen.findByText('Size: M')).toBeInTheDocument();
    expect(screen.getByText('Size: L')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Cotton T-shirt' }).map((link) => link.getAttribute('href'))).toEqual([
      '/product/one/p1?variant=v-m',
      '/product/one/p1?variant=v-l',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cotton T-shirt (M) from cart' }));
    expect(calls.find((call) => call.path === '/api/cart/removeItem')?.body).toEqual({
      product_id: 'p1',
      variant_id: 'v-m',
    });
    expect(screen.queryByText('Size: M')).not.toBeInTheDocument();
    expect(screen.getByText('Size: L')).toBeInTheDocument();
  });

  it('in Arabic, names a line by its values listed with the Arabic comma', async () => {
    await changeLanguage('ar');
    const mediumRed: LineVariant = {
      ...medium,
      options: [...medium.options, { name: 'Colour', nameAr: 'اللون', value: 'Red', valueAr: 'أحمر' }],
    };
    mockApi({ 'GET /api/cart': () => ({ body: { products: [line(mediumRed, 250)], bill: 250 } }) });
    const cart = restoreCart([
      {
        _id: 'p1',
        name: 'Cotton T-shirt',
        nameAr: 'تيشيرت قطن',
        price: 250,
        image: null,
        stock: 5,
        cartQuantity: 1,
        variant: mediumRed,
      },
    ]);
    renderCheckout(<CartPage />, { path: '/CartPage', preloadedState: { session: shopperSession, cart } });
    expect(
      await screen.findByRole('button', { name: 'إزالة تيشيرت قطن (وسط، أحمر) من سلة التسوق' }),
    ).toBeInTheDocument();
  });
});
