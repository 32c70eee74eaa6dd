import { describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { aProduct } from '../../test/products';
import { mockApi, renderRoute, shopperSession } from '../../test/utils';
import { signedIn, signedOut } from '../auth';
import { useProductActions } from './useProductActions';

type Actions = ReturnType<typeof useProductActions>;

/**
 * The actions of the first render, kept as a handler the browser calls before the next render: what a click
 * meets right after the app takes a server-rendered page over, which it does with the visitor's state.
 */
function firstRender(session?: typeof shopperSession) {
  let first: Actions | undefined;
  function Controls() {
    const actions = useProductActions();
    first ??= actions;
    return null;
  }
  const view = renderRoute(<Controls />, {
    path: '/product/one/:id',
    url: '/product/one/p1',
    ...(session && { preloadedState: { session } }),
  });
  if (!first) throw new Error('not rendered');
  return { ...view, actions: first };
}

describe('a product control asks whether the viewer is signed in at the click', () => {
  it('adds to the cart of a shopper signed in after the handler was rendered, and sends the cart to the server', async () => {
    const product = aProduct();
    const { calls } = mockApi({
      'PUT /api/cart/incItem': { body: { products: [{ product_id: product, quantity: 1 }], bill: 250 } },
    });
    const { actions, router, store } = firstRender();
    act(() => {
      store.dispatch(signedIn(shopperSession));
    });

    act(() => actions.onAddToCart(product));
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ _id: 'p1', cartQuantity: 1 })]);
    expect(router.state.location.pathname).toBe('/product/one/p1');
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/cart/incItem'));
  });

  it('hearts the product of a shopper signed in after the handler was rendered', () => {
    mockApi({});
    const { actions, router, store } = firstRender();
    act(() => {
      store.dispatch(signedIn(shopperSession));
    });

    act(() => actions.onToggleFavourite(aProduct()));
    expect(store.getState().favourites.items).toEqual([expect.objectContaining({ _id: 'p1' })]);
    expect(router.state.location.pathname).toBe('/product/one/p1');
  });

  it('sends a viewer signed out since the handler was rendered to /login, with the cart untouched', async () => {
    const { actions, router, store } = firstRender(shopperSession);
    act(() => {
      store.dispatch(signedOut());
    });

    act(() => actions.onAddToCart(aProduct()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Signing in comes back to the product.
    expect(router.state.location.state).toEqual({ from: '/product/one/p1' });
    expect(store.getState().cart.items).toEqual([]);
  });
});
