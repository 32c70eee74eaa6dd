import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { notify } from '../../lib/notify';
import type { Product } from '@shop/contracts';
import { setupStore } from '../../app/store';
import { i18n } from '../../i18n';
import { signedIn, signedOut } from '../auth';
import { aProduct } from '../../test/products';
import { mockApi, shopperSession } from '../../test/utils';
import { addItem, clearItems, decreaseItem, loadServerCart, removeItem } from './cartActions';
import {
  addToCart,
  cartReducer,
  CART_KEY,
  clearCart,
  decreaseCart,
  emptyCart,
  removeFromCart,
  restoreCart,
  selectCartCount,
} from './cartSlice';

vi.mock('../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const product = (overrides: Partial<Product> = {}): Product =>
  aProduct({
    name: 'Juhayna Milk',
    price: 42.75,
    stock: 5,
    rating: 4,
    numReviews: 2,
    image_path: ['/uploads/milk.webp'],
    category: { _id: 'c1', name: 'Dairy', nameAr: null },
    department: { _id: 'd1', name: 'Supermarket', nameAr: null },
    brand: 'Juhayna',
    weight: 1,
    ...overrides,
  });

const CART_TOAST = { position: 'bottom-left', autoClose: 1000 };

describe('cart reducer', () => {
  it('adds a new product with quantity 1 and an existing one by one unit', () => {
    let state = cartReducer(emptyCart, addToCart(product()));
    expect(state.items).toEqual([
      {
        _id: 'p1',
        name: 'Juhayna Milk',
        nameAr: null,
        price: 42.75,
        image: '/uploads/milk.webp',
        stock: 5,
        cartQuantity: 1,
      },
    ]);
    state = cartReducer(state, addToCart(product()));
    state = cartReducer(state, addToCart(product({ _id: 'p2', name: 'Bread', price: 0.1 })));
    expect(state.items.map((item) => item.cartQuantity)).toEqual([2, 1]);
    expect(state.totalQuantity).toBe(3);
    expect(state.totalAmount).toBe(85.6);
  });

  it('keeps a line’s Arabic name, in memory and in the saved copy, for an Arabic page', () => {
    const state = cartReducer(emptyCart, addToCart(product({ nameAr: 'لبن جهينة' })));
    expect(state.items[0]?.nameAr).toBe('لبن جهينة');
    expect(restoreCart(JSON.parse(JSON.stringify(state))).items[0]?.nameAr).toBe('لبن جهينة');
  });

  it('decreases above 1 and removes at 1', () => {
    let state = cartReducer(emptyCart, addToCart(product()));
    state = cartReducer(state, addToCart(product()));
    state = cartReducer(state, decreaseCart('p1'));
    expect(state.items[0]?.cartQuantity).toBe(1);
    state = cartReducer(state, decreaseCart('p1'));
    expect(state.items).toEqual([]);
    expect(state.totalAmount).toBe(0);
  });

  it('removes a line whatever its quantity', () => {
    let state = cartReducer(emptyCart, addToCart(product()));
    state = cartReducer(state, addToCart(product()));
    state = cartReducer(state, removeFromCart('p1'));
    expect(state).toEqual(emptyCart);
  });

  it('recomputes totals from a saved cart and drops what is not a cart line', () => {
    const saved = [
      { _id: 'p1', name: 'Milk', price: 10, image: null, stock: 3, cartQuantity: 2 },
      { _id: 'p2', name: 'Tea', price: 2.5, image: null, stock: 9, cartQuantity: 4 },
      { _id: 'p3', name: 'Broken', price: 'free', cartQuantity: 1 },
      { _id: 'p4', name: 'Zero', price: 1, cartQuantity: 0 },
    ];
    const state = restoreCart(saved);
    expect(state.items.map((item) => item._id)).toEqual(['p1', 'p2']);
    expect(state.totalQuantity).toBe(6);
    expect(state.totalAmount).toBe(30);
    expect(restoreCart('not json')).toEqual(emptyCart);
  });
});

describe('cart actions', () => {
  beforeEach(() => {
    mockApi({});
  });

  it('toasts "added to cart" for a new product and "increased … quantity" for one already there, bottom-left for 1 s', () => {
    const store = setupStore();
    store.dispatch(addItem(product()));
    expect(notify.success).toHaveBeenCalledWith('Juhayna Milk added to cart', CART_TOAST);
    store.dispatch(addItem(product()));
    expect(notify.info).toHaveBeenCalledWith('increased Juhayna Milk quantity', CART_TOAST);
    expect(store.getState().cart.items[0]?.cartQuantity).toBe(2);
  });

  it('in Arabic, names the product in Arabic and toasts from the bottom-right (the start corner)', () => {
    i18n.changeLanguage('ar');
    try {
      const store = setupStore();
      store.dispatch(addItem(product({ nameAr: 'لبن جهينة' })));
      expect(notify.success).toHaveBeenCalledWith(expect.stringContaining('لبن جهينة'), {
        ...CART_TOAST,
        position: 'bottom-right',
      });
      store.dispatch(decreaseItem(store.getState().cart.items[0] ?? { _id: 'p1', name: '' }));
      expect(notify.error).toHaveBeenCalledWith(expect.stringContaining('لبن جهينة'), expect.anything());
    } finally {
      i18n.changeLanguage('en');
    }
  });

  it('counts distinct products for the header badge', () => {
    const store = setupStore();
    store.dispatch(addItem(product()));
    store.dispatch(addItem(product()));
    store.dispatch(addItem(product({ _id: 'p2', name: 'Tea', nameAr: null })));
    expect(selectCartCount(store.getState())).toBe(2);
  });

  it('counts two variants of one product once in the header badge', () => {
    const store = setupStore();
    const sized = (id: string, value: string) => ({
      _id: id,
      sku: `TEE-${value}`,
      options: [{ name: 'Size', nameAr: null, value, valueAr: null }],
    });
    store.dispatch(addItem({ ...product({ name: 'T-shirt' }), variant: sized('v-m', 'M') }));
    store.dispatch(addItem({ ...product({ name: 'T-shirt' }), variant: sized('v-l', 'L') }));
    expect(store.getState().cart.items).toHaveLength(2);
    expect(selectCartCount(store.getState())).toBe(1);
  });

  it('never offers more than the stock', () => {
    const store = setupStore();
    store.dispatch(addItem(product({ stock: 1 })));
    store.dispatch(addItem(product({ stock: 1 })));
    expect(store.getState().cart.items[0]?.cartQuantity).toBe(1);
    expect(notify.warning).toHaveBeenCalledWith('Only 1 Juhayna Milk in stock', CART_TOAST);
  });

  it('warns on decrease, and removal at quantity 1 is an error toast', () => {
    const store = setupStore();
    store.dispatch(addItem(product()));
    store.dispatch(addItem(product()));
    store.dispatch(decreaseItem({ _id: 'p1', name: 'Juhayna Milk' }));
    expect(notify.warning).toHaveBeenCalledWith('Decrease Juhayna Milk quantity', CART_TOAST);
    store.dispatch(decreaseItem({ _id: 'p1', name: 'Juhayna Milk' }));
    expect(notify.error).toHaveBeenCalledWith('Juhayna Milk removed from cart', CART_TOAST);
    expect(store.getState().cart.items).toEqual([]);
  });

  it('removes and clears', () => {
    const store = setupStore();
    store.dispatch(addItem(product()));
    store.dispatch(addItem(product({ _id: 'p2', name: 'Tea', nameAr: null })));
    store.dispatch(removeItem({ _id: 'p1', name: 'Juhayna Milk' }));
    expect(notify.error).toHaveBeenCalledWith('Juhayna Milk removed from cart', CART_TOAST);
    store.dispatch(clearItems());
    expect(store.getState().cart.items).toEqual([]);
  });

  it('saves every change to local storage', () => {
    const store = setupStore();
    store.dispatch(addItem(product()));
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toMatchObject([{ _id: 'p1', cartQuantity: 1 }]);
    store.dispatch(clearItems());
    expect(localStorage.getItem(CART_KEY)).toBe('[]');
  });
});

describe('cart and the server', () => {
  const serverCart = {
    products: [
      {
        product_id: { _id: 'p9', name: 'Server Tea', brand: 'Lipton', price: 55, image_path: [], stock: 4, cod: true },
        quantity: 3,
      },
    ],
    bill: 165,
  };

  it('sends no request for a visitor', () => {
    const { calls } = mockApi({});
    setupStore().dispatch(addItem(product()));
    expect(calls).toEqual([]);
  });

  it('replaces the local mirror with the server cart on sign-in and mirrors each change with the token', async () => {
    const afterAdd = {
      products: [
        ...serverCart.products,
        {
          product_id: {
            _id: 'p1',
            name: 'Juhayna Milk',
            brand: 'Juhayna',
            price: 42.75,
            image_path: [],
            stock: 5,
            cod: true,
          },
          quantity: 1,
        },
      ],
      bill: 207.75,
    };
    const { calls } = mockApi({
      'GET /api/cart': { body: serverCart },
      'GET /api/favourite': { body: [] },
      'PUT /api/cart/incItem': { body: afterAdd },
    });
    const store = setupStore();
    store.dispatch(signedIn(shopperSession));
    await vi.waitFor(() =>
      expect(store.getState().cart.items).toMatchObject([{ _id: 'p9', name: 'Server Tea', cartQuantity: 3 }]),
    );

    store.dispatch(addItem(product()));
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/cart/incItem')).toBe(true));
    expect(calls.find((call) => call.path === '/api/cart/incItem')).toEqual({
      method: 'PUT',
      path: '/api/cart/incItem',
      body: { product_id: 'p1', flag: 1 },
      token: 'shopper-token',
    });
    await vi.waitFor(() =>
      expect(store.getState().cart.items.map((item) => [item._id, item.cartQuantity])).toEqual([
        ['p9', 3],
        ['p1', 1],
      ]),
    );
  });

  it('lets only the answer to the latest change replace the mirror', async () => {
    let answer = 0;
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const cartWith = (quantity: number) => ({
      products: [
        {
          product_id: {
            _id: 'p1',
            name: 'Juhayna Milk',
            brand: 'Juhayna',
            price: 42.75,
            image_path: [],
            stock: 5,
            cod: true,
          },
          quantity,
        },
      ],
      bill: 42.75 * quantity,
    });
    // The first answer (quantity 1) is held until the second (quantity 2) has arrived, and must not win.
    mockApi({
      'PUT /api/cart/incItem': async () => {
        answer += 1;
        if (answer === 1) {
          await firstHeld;
          return { body: cartWith(1) };
        }
        return { body: cartWith(2) };
      },
    });
    const store = setupStore({ session: shopperSession });
    const pending = () =>
      Object.values(store.getState().api.mutations).filter((mutation) => mutation?.status === QueryStatus.pending)
        .length;
    store.dispatch(addItem(product()));
    store.dispatch(addItem(product()));
    await vi.waitFor(() => expect(pending()).toBe(1));
    releaseFirst();
    await vi.waitFor(() => expect(pending()).toBe(0));
    // The answer's own handler runs once its request is stored as settled.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answer).toBe(2);
    expect(store.getState().cart.items[0]?.cartQuantity).toBe(2);
  });

  it('uses removeItem when a quantity of 1 is decreased, since the server does nothing there', async () => {
    const { calls } = mockApi({
      'GET /api/cart': { body: { products: [], bill: 0 } },
      'GET /api/favourite': { body: [] },
    });
    const store = setupStore({ session: shopperSession });
    store.dispatch(addItem(product()));
    store.dispatch(decreaseItem({ _id: 'p1', name: 'Juhayna Milk' }));
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('PUT /api/cart/removeItem'),
    );
  });

  it('says why the server refused a change, then puts the server cart back', async () => {
    mockApi({
      'PUT /api/cart/incItem': { status: 409, body: { message: 'Only 4 in stock' } },
      'GET /api/cart': { body: serverCart },
    });
    const store = setupStore({ session: shopperSession });
    store.dispatch(addItem(product()));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only 4 in stock', CART_TOAST));
    await vi.waitFor(() => expect(store.getState().cart.items.map((item) => item._id)).toEqual(['p9']));
  });

  it('says a change did not go through when the network is down, in the page’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = setupStore({ session: shopperSession });
    store.dispatch(addItem(product()));
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'That did not go through. Please check your connection and try again in a moment.',
        CART_TOAST,
      ),
    );
  });

  /** A reply held until the test lets it go. */
  const held = <T>(body: T) => {
    let release = () => {};
    const reply = new Promise<{ body: T }>((resolve) => (release = () => resolve({ body })));
    return { reply: () => reply, release };
  };
  const ids = (store: ReturnType<typeof setupStore>) => store.getState().cart.items.map((item) => item._id);
  const milkCart = {
    products: [
      {
        product_id: {
          _id: 'p1',
          name: 'Juhayna Milk',
          brand: 'Juhayna',
          price: 42.75,
          image_path: [],
          stock: 5,
          cod: true,
        },
        quantity: 1,
      },
    ],
    bill: 42.75,
  };

  it('keeps a line whose add is still on its way when a read that left before it answers', async () => {
    const add = held(milkCart);
    const { calls } = mockApi({
      'PUT /api/cart/incItem': add.reply,
      'GET /api/cart': { body: { products: [], bill: 0 } },
    });
    const store = setupStore({ session: shopperSession });
    store.dispatch(addItem(product()));
    // The cart opened while the add is still on its way: the server's answer does not have the line yet.
    await store.dispatch(loadServerCart());
    expect(calls.map((call) => call.path)).toContain('/api/cart');
    expect(ids(store)).toEqual(['p1']);
    add.release();
    await vi.waitFor(() => expect(store.getState().cart.items[0]?.cartQuantity).toBe(1));
    expect(ids(store)).toEqual(['p1']);
  });

  it('does not let a read that left before the cart was emptied here (an order paid) bring the lines back', async () => {
    const read = held(serverCart);
    mockApi({ 'GET /api/cart': read.reply });
    const store = setupStore({ session: shopperSession });
    const reading = store.dispatch(loadServerCart());
    store.dispatch(clearCart());
    read.release();
    await reading;
    expect(ids(store)).toEqual([]);
  });

  it('does not put a shopper’s cart, read before another shopper signed in, into the new shopper’s', async () => {
    const first = held(serverCart);
    const { calls } = mockApi({
      'GET /api/cart': (request) =>
        request.headers.get('x-access-token') === 'shopper-token' ? first.reply() : { body: milkCart },
      'GET /api/favourite': { body: [] },
    });
    const store = setupStore({ session: shopperSession });
    const reading = store.dispatch(loadServerCart());
    store.dispatch(signedIn({ ...shopperSession, user: { ...shopperSession.user, _id: 'u2' }, token: 'other-token' }));
    first.release();
    await reading;
    expect(ids(store)).toEqual([]);
    // Theirs is read once the first shopper's read is out of the way.
    await vi.waitFor(() => expect(ids(store)).toEqual(['p1']));
    expect(calls.filter((call) => call.path === '/api/cart').map((call) => call.token)).toEqual([
      'shopper-token',
      'other-token',
    ]);
  });

  it('empties the local cart on sign-out', () => {
    const store = setupStore({ session: shopperSession });
    store.dispatch(addItem(product()));
    store.dispatch(signedOut());
    expect(store.getState().cart.items).toEqual([]);
  });
});
