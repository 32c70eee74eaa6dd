import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { setupStore, type RootState } from '../app/store';
import { ShopperOnly } from '../features/checkout/components/ShopperOnly';

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
