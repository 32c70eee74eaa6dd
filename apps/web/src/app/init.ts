import { restoreSession, SESSION_KEY } from '../features/auth/session';
import { sessionResumed } from '../features/auth/sessionSlice';
import { CART_KEY, cartReplaced, restoreCart } from '../features/cart/cartSlice';
import { FAVOURITES_KEY, favouritesReplaced, restoreFavourites } from '../features/favourites/favouritesSlice';
import { readJson, removeKey } from '../lib/storage';
import { setupStore, type AppStore } from './store';

/**
 * Fills the app's store from local storage: the cart and favourites as saved, the session only if still
 * valid. Through actions, so a store already holding a server-rendered page's data keeps it, and the
 * cart and favourites listeners fetch the server's copies for a resumed session.
 */
export function restoreSaved(store: AppStore, now = Date.now()): void {
  store.dispatch(cartReplaced(restoreCart(readJson(CART_KEY)).items));
  store.dispatch(favouritesReplaced(restoreFavourites(readJson(FAVOURITES_KEY)).items));
  const session = restoreSession(readJson(SESSION_KEY), now);
  if (session) store.dispatch(sessionResumed(session));
  else removeKey(SESSION_KEY);
}

/** The app's store as a page the server did not render starts: from local storage. */
export function createAppStore(now = Date.now()): AppStore {
  const store = setupStore();
  restoreSaved(store, now);
  return store;
}
