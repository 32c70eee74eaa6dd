import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { notify } from '../../lib/notify';
import type { Product } from '@shop/contracts';
import { setupStore } from '../../app/store';
import { mockApi, renderRoute, shopperSession } from '../../test/utils';
import { FavouritePage } from './components/FavouritePage';
import { loadServerFavourites, toggleFavourite } from './favouritesActions';
import { FAVOURITES_KEY } from './favouritesSlice';

vi.mock('../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const tea = {
  _id: 'p1',
  name: 'Lipton Tea',
  price: 55,
  stock: 4,
  rating: 0,
  numReviews: 0,
  image_path: [],
} as unknown as Product;

describe('favourites', () => {
  it('adds with an info toast and removes with an error toast, saving each change', () => {
    mockApi({});
    const store = setupStore();
    store.dispatch(toggleFavourite(tea));
    expect(notify.info).toHaveBeenCalledWith('Lipton Tea added to favourites');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toHaveLength(1);
    store.dispatch(toggleFavourite(tea));
    expect(notify.error).toHaveBeenCalledWith('Lipton Tea removed from favourites');
    expect(store.getState().favourites.items).toEqual([]);
  });

  it('syncs a signed-in shopper’s heart to the server', async () => {
    const { calls } = mockApi({ 'POST /api/favourite/p1': { body: [tea] } });
    const store = setupStore({ session: shopperSession });
    store.dispatch(toggleFavourite(tea));
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/favourite/p1']),
    );
  });

  it('says why the server turned a heart down, then shows the list as the server has it', async () => {
    mockApi({
      'POST /api/favourite/p1': { status: 404, body: { message: 'Product not found' } },
      'GET /api/favourite': { body: [] },
    });
    const store = setupStore({ session: shopperSession });
    store.dispatch(toggleFavourite(tea));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Product not found', undefined));
    await vi.waitFor(() => expect(store.getState().favourites.items).toEqual([]));
  });

  it('keeps a heart tapped while the server’s list was on its way, which that list is older than', async () => {
    let answer = (_items: Product[]) => {};
    mockApi({
      'GET /api/favourite': () => new Promise((resolve) => (answer = (items) => resolve({ body: items }))),
      'POST /api/favourite/p1': { body: [tea] },
    });
    const store = setupStore({ session: shopperSession });
    const loaded = store.dispatch(loadServerFavourites());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    store.dispatch(toggleFavourite(tea));
    answer([]);
    await loaded;
    expect(store.getState().favourites.items).toEqual([tea]);
  });

  it("shows the 'no favorite' message with a link to add some products", () => {
    renderRoute(<FavouritePage />, { path: '/Favourite', preloadedState: { session: shopperSession } });
    expect(screen.getByText('You have no favorite products yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'add some products' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Your favourites – EGP Shop');
  });

  it('sends visitors to /login', () => {
    renderRoute(<FavouritePage />, { path: '/Favourite' });
    expect(screen.getByText('page /login')).toBeInTheDocument();
  });
});
