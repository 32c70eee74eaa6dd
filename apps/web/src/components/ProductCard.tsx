import { Link } from 'react-router';
import type { Product } from '@shop/contracts';
import { useLocalized } from '../i18n/localized';
import { useTranslation } from '../i18n/useTranslation';
import { Localized } from './Localized';
import { ProductPrice } from './ProductPrice';
import { ProductImage } from './ProductImage';
import { Rating } from './Rating';
import { StockState } from './StockState';
import { paths } from '../lib/paths';

/** What a card may do; the caller decides who the viewer is and what the buttons do. */
export interface ProductCardActions {
  /** Admins see the category instead of the cart and heart controls. */
  isAdmin: boolean;
  isFavourite: (productId: string) => boolean;
  onAddToCart: (product: Product) => void;
  onToggleFavourite: (product: Product) => void;
}

/** How wide a card shows: a column of ProductGrid's rows (four, three, then two), the container's width at most. */
const CARD_SIZES = '(min-width: 1400px) 310px, (min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw';

interface ProductCardProps {
  product: Product;
  actions: ProductCardActions;
  /** In the first row: its picture is fetched at once, first, as the page's largest paint is likely one of them. */
  priority?: boolean;
  /** How wide the card shows, where not a column of ProductGrid's rows (the home's sideways rows). */
  sizes?: string;
}

export function ProductCard({ product, actions, priority = false, sizes = CARD_SIZES }: ProductCardProps) {
  const { t } = useTranslation();
  const local = useLocalized();
  const name = local.name(product);
  const href = paths.product(product._id, name.text);
  const inStock = product.stock > 0;
  // A product sold in variants shows its lowest price and is bought on its page, where the shopper chooses one.
  const hasVariants = Boolean(product.options?.length);
  const favourite = actions.isFavourite(product._id);
  return (
    <div className="card product-card h-100">
      <div className="product-card-media">
        {/* The name below is the link for assistive technology; the picture is a second, mouse-sized target. */}
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage
            src={product.image_path[0]}
            alt=""
            width={400}
            height={400}
            className="product-card-img"
            sizes={sizes}
            {...(priority && { loading: 'eager', fetchPriority: 'high' })}
          />
        </Link>
        {!actions.isAdmin && (
          <button
            type="button"
            className={`favourite-toggle card-icon btn btn-light${favourite ? ' is-active' : ''}`}
            aria-pressed={favourite}
            aria-label={t(favourite ? 'product.removeFavourite' : 'product.addFavourite', { name: name.text })}
            onClick={() => actions.onToggleFavourite(product)}
          />
        )}
      </div>
      <div className="card-body d-flex flex-column gap-1 p-2 p-sm-3">
        <Link to={href} className="product-card-name" title={name.text}>
          <Localized value={name} />
        </Link>
        <Rating value={product.rating} count={product.numReviews} size={14} />
        <ProductPrice
          price={product.price}
          compareAtPrice={product.compareAtPrice}
          from={hasVariants}
          className="product-price"
        />
        <StockState stock={product.stock} />
      </div>
      <div className="card-footer bg-transparent border-0 pt-0 px-2 pb-2 px-sm-3 pb-sm-3">
        {actions.isAdmin ? (
          <span className="badge text-bg-light text-wrap">
            <Localized value={local.name(product.category)} />
          </span>
        ) : hasVariants ? (
          <Link
            to={href}
            className={`btn btn-accent btn-sm w-100${inStock ? '' : ' disabled'}`}
            aria-label={t('product.chooseOptionsNamed', { name: name.text })}
            {...(!inStock && { 'aria-disabled': true, tabIndex: -1 })}
          >
            {t('product.chooseOptions')}
          </Link>
        ) : (
          <button
            type="button"
            className="add-to-cart card-icon btn btn-accent btn-sm w-100"
            disabled={!inStock}
            onClick={() => actions.onAddToCart(product)}
            aria-label={t('product.addToCartNamed', { name: name.text })}
          >
            {t('product.addToCart')}
          </button>
        )}
      </div>
    </div>
  );
}

export function ProductCardPlaceholder() {
  return (
    <div className="card product-card h-100" aria-hidden="true">
      <div className="product-card-media placeholder-glow">
        <span className="placeholder w-100 h-100" />
      </div>
      <div className="card-body p-3">
        <p className="placeholder-glow mb-2">
          <span className="placeholder col-10" /> <span className="placeholder col-6" />
        </p>
        <p className="placeholder-glow mb-0">
          <span className="placeholder col-4" /> <span className="placeholder col-5" />
        </p>
      </div>
      <div className="card-footer bg-transparent border-0 pt-0 px-3 pb-3">
        <button
          type="button"
          className="btn btn-secondary col-12 placeholder-glow placeholder-sm"
          disabled
          tabIndex={-1}
        />
      </div>
    </div>
  );
}
