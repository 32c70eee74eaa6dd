import { i18n } from '../../i18n';
import { localName } from '../../i18n/localized';
import { notify } from '../../lib/notify';
import { notifyRefused } from '../../lib/notifyOutcome';
import type { AppThunk } from '../../app/store';
import type { SignInIntent } from '../auth';
import { addItem, loadServerCart, variantLine } from '../cart';
import { catalogApi } from '../catalog';
import { loadServerFavourites, selectFavourites, toggleFavourite } from '../favourites';

/**
 * Adds to the cart, or to the favourites, what a shopper pressed before signing in. The intent only names the
 * product: it is read afresh, so the price, the stock and the variant are the shop's now, and the server checks the
 * change as it checks any (an out-of-stock product is said to be so, and not added).
 */
export const carryOutIntent =
  (intent: SignInIntent): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    let product;
    try {
      product = await dispatch(
        catalogApi.endpoints.getProduct.initiate(intent.productId, { subscribe: false, forceRefetch: true }),
      ).unwrap();
    } catch (error) {
      // Gone from the shop, or the shop could not be reached: said, so the missing line is explained.
      notifyRefused(error);
      return;
    }
    if (intent.action === 'favourite') {
      // The server's list first: the heart toggles, and the product may be a favourite already (another device).
      await dispatch(loadServerFavourites());
      if (!selectFavourites(getState()).some((item) => item._id === product._id)) dispatch(toggleFavourite(product));
      return;
    }
    const variant = intent.variantId ? product.variants?.find((item) => item._id === intent.variantId) : undefined;
    if (intent.variantId && !variant) {
      // The chosen size or colour is no longer sold: none of it is in stock.
      notify.warning(i18n.t('cart.onlyInStock', { count: 0, name: localName(product, i18n.language).text }));
      return;
    }
    // The server's cart first, so the stock check counts what the shopper already has of it.
    await dispatch(loadServerCart());
    dispatch(addItem(variant ? variantLine(product, variant) : product));
  };
