import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { labelVariant, type Product, type Variant } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ProductCardActions } from '../../components/ProductCard';
import { useSession } from '../auth';
import { addItem, type CartProduct } from '../cart';
import { toggleFavourite, selectFavourites } from '../favourites';
import { paths } from '../../lib/paths';

/**
 * What the cart and heart controls of a product do for the current viewer: visitors are sent to
 * /login, shoppers use their cart and favourites, admins get no controls at all.
 */
export function useProductActions(): ProductCardActions & {
  onAddVariantToCart: (product: Product, variant: Variant) => void;
} {
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
  /** A variant goes into the cart as its own line, priced, stocked and pictured as the variant. */
  const onAddVariantToCart = useCallback(
    (product: Product, variant: Variant) =>
      onAddToCart({
        ...product,
        price: variant.price,
        stock: variant.stock,
        image_path: variant.image_path.length ? variant.image_path : product.image_path,
        variant: { _id: variant._id, sku: variant.sku, options: labelVariant(product.options ?? [], variant.options) },
      }),
    [onAddToCart],
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
    () => ({ isAdmin, isFavourite, onAddToCart, onAddVariantToCart, onToggleFavourite }),
    [isAdmin, isFavourite, onAddToCart, onAddVariantToCart, onToggleFavourite],
  );
}
