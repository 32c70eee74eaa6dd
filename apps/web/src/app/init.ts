import { restoreSession, SESSION_KEY } from '../features/auth/session';
import { sessionResumed } from '../features/auth/sessionSlice';
import { CART_KEY, restoreCart } from '../features/cart/cartSlice';
import { FAVOURITES_KEY, restoreFavourites } from '../features/favourites/favouritesSlice';
import { readJson, removeKey } from '../lib/storage';
import { setupStore } from './store';

/** The app's store, filled from local storage: the cart and favourites as saved, the session only if still valid. */
export function createAppStore(now = Date.now()) {
  const store = setupStore({
    cart: restoreCart(readJson(CART_KEY)),
    favourites: restoreFavourites(readJson(FAVOURITES_KEY)),
  });
  const session = restoreSession(readJson(SESSION_KEY), now);
  // Resuming through an action lets the cart and favourites listeners fetch the server's copies.
  if (session) store.dispatch(sessionResumed(session));
  else removeKey(SESSION_KEY);
  return store;
}
