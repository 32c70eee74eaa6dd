import { notify, type ToastOptions } from '../../lib/notify';
import { notifyRefused } from '../../lib/notifyOutcome';
import { CART_TOAST_MS, variantValues, type Cart, type LineVariant } from '@shop/contracts';
import type { AppDispatch, AppThunk, RootState } from '../../app/store';
import { i18n } from '../../i18n';
import { localName, type Named } from '../../i18n/localized';
import { cartApi } from './api/cartApi';
import {
  addToCart,
  cartReplaced,
  clearCart,
  decreaseCart,
  fromServerCart,
  lineKey,
  removeFromCart,
  type CartProduct,
} from './cartSlice';
import { changeAnswered, changeSent, hasServerCart, lastChange } from './serverCart';

/** Cart toasts sit bottom-left (the start corner, so bottom-right in Arabic) and close after 1000 ms. */
const cartToast = (): ToastOptions => ({
  position: i18n.dir(i18n.language) === 'rtl' ? 'bottom-right' : 'bottom-left',
  autoClose: CART_TOAST_MS,
});

type CartLineRef = Named & { _id: string; variant?: LineVariant };

/**
 * A line's name in `language`, with its variant's values: "T-shirt (M, Red)". The toasts say it, and the cart's
 * controls, which tell two sizes of one product apart by it.
 */
export function lineName(line: Named & { variant?: LineVariant }, language: string): string {
  const name = localName(line, language).text;
  return line.variant ? `${name} (${variantValues(line.variant, language)})` : name;
}

const nameOf = (line: Named & { variant?: LineVariant }) => lineName(line, i18n.language);

/** The server's name for a line: its product, and its variant when it has one. */
const lineChange = (line: { _id: string; variant?: LineVariant }) => ({
  product_id: line._id,
  ...(line.variant?._id && { variant_id: line.variant._id }),
});

/**
 * Reads the server cart afresh; the read itself replaces the local mirror (see getCart), and when the cart
 * cannot be read the mirror stays as it is.
 */
export const loadServerCart = (): AppThunk<Promise<void>> => async (dispatch) => {
  await dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
};

/**
 * Local change first (instant feedback), then the server, whose answer is its whole cart: the
 * truth replaces the optimistic mirror once the last change has been answered. If the server
 * refuses (stock ran out, product deleted) the shopper is told its reason, in their language, and
 * its cart is read again for the same reason.
 */
function mirrorToServer(
  dispatch: AppDispatch,
  state: RootState,
  request: (dispatch: AppDispatch) => { unwrap(): Promise<Cart> },
) {
  if (!hasServerCart(state)) return;
  const change = changeSent();
  request(dispatch)
    .unwrap()
    .then(
      (cart) => {
        changeAnswered();
        if (change === lastChange()) dispatch(cartReplaced(fromServerCart(cart)));
      },
      (error: unknown) => {
        // Answered before the cart is read again, so that read is not taken for one older than this change.
        changeAnswered();
        notifyRefused(error, cartToast());
        void dispatch(loadServerCart());
      },
    );
}

export const addItem =
  (product: CartProduct): AppThunk =>
  (dispatch, getState) => {
    const line = getState().cart.items.find((item) => lineKey(item) === lineKey(product));
    const name = nameOf(product);
    if ((line?.cartQuantity ?? 0) >= product.stock) {
      notify.warning(i18n.t('cart.onlyInStock', { count: product.stock, name }), cartToast());
      return;
    }
    dispatch(addToCart(product));
    if (line) notify.info(i18n.t('cart.increased', { name }), cartToast());
    else notify.success(i18n.t('cart.added', { name }), cartToast());
    mirrorToServer(dispatch, getState(), (d) =>
      d(cartApi.endpoints.incItem.initiate({ ...lineChange(product), flag: 1 })),
    );
  };

export const decreaseItem =
  (ref: CartLineRef): AppThunk =>
  (dispatch, getState) => {
    const key = lineKey(ref);
    const name = nameOf(ref);
    const line = getState().cart.items.find((item) => lineKey(item) === key);
    if (!line) return;
    dispatch(decreaseCart(key));
    if (line.cartQuantity > 1) {
      notify.warning(i18n.t('cart.decreased', { name }), cartToast());
      mirrorToServer(dispatch, getState(), (d) =>
        d(cartApi.endpoints.incItem.initiate({ ...lineChange(ref), flag: 0 })),
      );
    } else {
      // The server's minus does nothing at quantity 1, so leaving the cart is a removal there.
      notify.error(i18n.t('cart.removed', { name }), cartToast());
      mirrorToServer(dispatch, getState(), (d) => d(cartApi.endpoints.removeItem.initiate(lineChange(ref))));
    }
  };

export const removeItem =
  (ref: CartLineRef): AppThunk =>
  (dispatch, getState) => {
    const name = nameOf(ref);
    dispatch(removeFromCart(lineKey(ref)));
    notify.error(i18n.t('cart.removed', { name }), cartToast());
    mirrorToServer(dispatch, getState(), (d) => d(cartApi.endpoints.removeItem.initiate(lineChange(ref))));
  };

export const clearItems = (): AppThunk => (dispatch, getState) => {
  dispatch(clearCart());
  mirrorToServer(dispatch, getState(), (d) => d(cartApi.endpoints.emptyCart.initiate()));
};
