import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ProductCardActions } from '../../components/ProductCard';
import { useSession } from '../auth';
import { addItem, type CartProduct } from '../cart';
import { toggleFavourite, selectFavourites } from '../favourites';
import { paths } from '../../lib/paths';

/**
 * What the cart and heart controls of a product do for the current viewer: visitors are sent to
 * /login, shoppers use their cart and favourites, admins get no controls at all. The cart takes a product, or
 * one of its variants as its own line (the product page's variantLine).
 */
export function useProductActions(): ProductCardActions & { onAddToCart: (line: CartProduct) => void } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isSignedIn, isAdmin } = useSession();
  const favourites = useAppSelector(selectFavourites);
  const favouriteIds = useMemo(() => new Set(favourites.map((item) => item._id)), [favourites]);

  const onAddToCart = useCallback(
    (product: CartProduct) => {
      if (!isSignedIn) void navigate(paths.login);
      else dispatch(addItem(product));
    },
    [dispatch, navigate, isSignedIn],
  );
  const onToggleFavourite = useCallback(
    (product: Product) => {
      if (!isSignedIn) void navigate(paths.login);
      else dispatch(toggleFavourite(product));
    },
    [dispatch, navigate, isSignedIn],
  );
  const isFavourite = useCallback((productId: string) => favouriteIds.has(productId), [favouriteIds]);

  return useMemo(
    () => ({ isAdmin, isFavourite, onAddToCart, onToggleFavourite }),
    [isAdmin, isFavourite, onAddToCart, onToggleFavourite],
  );
}
