import type { ReactElement } from 'react';
import type { Cart } from '@shop/contracts';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { setupStore, type RootState } from '../app/store';
import { ShopperOnly } from '../features/checkout/components/ShopperOnly';

/** A server cart with nothing in it, and one with a packet of tea: the checkout's steps go on only with the second. */
export const emptyCart: Cart = { products: [], bill: 0, payingOrder: null };
export const teaCart: Cart = {
  products: [
    {
      product_id: {
        _id: 'p1',
        name: 'Tea',
        nameAr: null,
        brand: 'Lipton',
        price: 55,
        image_path: [],
        stock: 9,
        cod: true,
      },
      quantity: 1,
    },
  ],
  bill: 55,
  payingOrder: null,
};

/** Any other screen: its path and navigation state, so a test can check where the shopper was sent and with what. */
function Elsewhere() {
  const location = useLocation();
  const state: unknown = location.state;
  return (
    <>
      <p>page {location.pathname}</p>
      <pre data-testid="state">{JSON.stringify(state)}</pre>
    </>
  );
}

const entryOf = (url: string) => {
  const { pathname, search } = new URL(url, 'http://shop.test');
  return { pathname, search };
};

/** Renders a checkout screen at `path` inside ShopperOnly, as the router does, with a store of its own. */
export function renderCheckout(
  element: ReactElement,
  options: { path: string; state?: unknown; url?: string; preloadedState?: Partial<RootState> },
) {
  const store = setupStore(options.preloadedState);
  const router = createMemoryRouter(
    [
      { Component: ShopperOnly, children: [{ path: options.path, element }] },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [{ ...entryOf(options.url ?? options.path), state: options.state }] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
