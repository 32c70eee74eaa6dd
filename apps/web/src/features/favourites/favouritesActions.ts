import { notify } from '../../lib/notify';
import { notifyRefused } from '../../lib/notifyOutcome';
import type { Product } from '@shop/contracts';
import type { AppThunk, RootState } from '../../app/store';
import { i18n } from '../../i18n';
import { localName } from '../../i18n/localized';
import { favouritesApi } from './api/favouritesApi';
import { favouriteAdded, favouriteRemoved, favouritesReplaced } from './favouritesSlice';

const hasServerList = (state: RootState) => Boolean(state.session.token) && state.session.user?.role === false;

/**
 * The server's list replaces the local one; when it cannot be read the local list stays. So does a list changed while
 * the server's was on its way: a heart tapped then (one the app carries out as it starts, kept from before it took
 * the page over) went to the server after this request, so the answer is older than it; the next load brings the rest.
 */
export const loadServerFavourites = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const asked = getState().favourites.items;
  const request = dispatch(
    favouritesApi.endpoints.getFavourites.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  try {
    const items = await request.unwrap();
    if (getState().favourites.items === asked) dispatch(favouritesReplaced(items));
  } catch {
    // Keep what we have; the next change tries again.
  }
};

/** The heart: adds or removes, locally at once and on the server for a signed-in shopper. */
export const toggleFavourite =
  (product: Product): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    const isFavourite = state.favourites.items.some((item) => item._id === product._id);
    const name = localName(product, i18n.language).text;
    if (isFavourite) {
      dispatch(favouriteRemoved(product._id));
      notify.error(i18n.t('favourites.removed', { name }));
    } else {
      dispatch(favouriteAdded(product));
      notify.info(i18n.t('favourites.added', { name }));
    }
    if (!hasServerList(state)) return;
    const endpoint = isFavourite ? favouritesApi.endpoints.removeFavourite : favouritesApi.endpoints.addFavourite;
    dispatch(endpoint.initiate(product._id))
      .unwrap()
      .catch((error: unknown) => {
        // Turned down (the product was deleted): say why, then show the list as the server has it.
        notifyRefused(error);
        void dispatch(loadServerFavourites());
      });
  };
