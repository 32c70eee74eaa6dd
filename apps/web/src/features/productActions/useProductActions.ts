import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppThunk } from '../../app/store';
import type { ProductCardActions } from '../../components/ProductCard';
import { comingBackTo, keepIntent, signedInNow, useSession, type SignInIntent } from '../auth';
import { addItem, type CartProduct } from '../cart';
import { toggleFavourite, selectFavourites } from '../favourites';
import { paths } from '../../lib/paths';

/** What a visitor pressed, kept for signing in to do (auth/signInIntent.ts). */
const intentOf = (action: SignInIntent['action'], product: CartProduct | Product): SignInIntent => {
  const variantId = 'variant' in product ? product.variant?._id : undefined;
  return {
    action,
    productId: product._id,
    ...(variantId && { variantId }),
    name: product.name,
    ...(product.nameAr && { nameAr: product.nameAr }),
  };
};

/**
 * What the cart and heart controls of a product do for the current viewer: visitors are sent to
 * /login, where signing in does what they pressed, shoppers use their cart and favourites, admins get no controls at
 * all. The cart takes a product, or one of its variants as its own line (the cart's variantLine).
 */
export function useProductActions(): ProductCardActions & { onAddToCart: (line: CartProduct) => void } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const favourites = useAppSelector(selectFavourites);
  const favouriteIds = useMemo(() => new Set(favourites.map((item) => item._id)), [favourites]);

  // Whether the viewer is signed in is asked at the click, not taken from the render (see signedInNow): a
  // signed-in shopper's first click on a server-rendered page must not send them to sign in.
  // A visitor signs in and comes back to this page, what they pressed done for them (productActions/afterSignIn.ts).
  const location = useLocation();
  const forShopper = useCallback(
    (action: AppThunk, intent: SignInIntent) => {
      if (dispatch(signedInNow())) return void dispatch(action);
      keepIntent(intent);
      void navigate(paths.login, { state: comingBackTo(location) });
    },
    [dispatch, navigate, location],
  );
  const onAddToCart = useCallback(
    (product: CartProduct) => forShopper(addItem(product), intentOf('cart', product)),
    [forShopper],
  );
  const onToggleFavourite = useCallback(
    (product: Product) => forShopper(toggleFavourite(product), intentOf('favourite', product)),
    [forShopper],
  );
  const isFavourite = useCallback((productId: string) => favouriteIds.has(productId), [favouriteIds]);

  return useMemo(
    () => ({ isAdmin, isFavourite, onAddToCart, onToggleFavourite }),
    [isAdmin, isFavourite, onAddToCart, onToggleFavourite],
  );
}
