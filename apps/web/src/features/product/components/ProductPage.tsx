import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { conjunction, summary, type ProductDetail } from '@shop/contracts';
import { errorMessage, errorStatus } from '../../../api/errors';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { LoadFailed } from '../../../components/LoadFailed';
import { CartIcon, HeartIcon, PencilIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { PageHead } from '../../../components/PageHead';
import { ProductPrice } from '../../../components/ProductPrice';
import { InstalmentsFrom } from './InstalmentsFrom';
import { SaleEnds } from './SaleEnds';
import { Rating } from '../../../components/Rating';
import { StockState } from '../../../components/StockState';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { comingBackTo, useSession } from '../../auth';
import { variantLine } from '../../cart';
import { useGetProductQuery } from '../../catalog';
import { useProductActions } from '../../productActions';
import { ImageGallery } from './ImageGallery';
import { ProductPromises } from './ProductPromises';
import { VariantPicker } from './VariantPicker';
import { BackInStockButton } from './BackInStockButton';
import { WholeProductRequest } from './WholeProductRequest';
import { choose, chosenVariant, picturesOf, priceOfChoice, type Choice } from '../variantChoice';
import { ReviewList } from './ReviewList';
import { paths } from '../../../lib/paths';
import { rememberViewed } from '../../../lib/recentlyViewed';

export function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, error, refetch } = useGetProductQuery(id);
  // For the home's "Recently viewed" row: a page the shopper saw, not one that failed to load.
  const shownId = product?._id;
  useEffect(() => {
    if (shownId) rememberViewed(shownId);
  }, [shownId]);

  // No such product: the site's not-found page (its heading and way home), saying so in the server's words.
  if (errorStatus(error) === 404) {
    const message = errorMessage(error);
    return (
      <NotFoundPage>
        {message && (
          <div role="alert" className="alert alert-danger">
            {message}
          </div>
        )}
      </NotFoundPage>
    );
  }
  return (
    <div className="container-xl py-4">
      {isLoading ? (
        <ProductPlaceholder />
      ) : error || !product ? (
        <LoadFailed message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <ProductDetails product={product} />
      )}
    </div>
  );
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const { t, i18n } = useTranslation();
  const local = useLocalized();
  const name = local.name(product);
  const description = local.description(product);
  const department = <Localized value={local.name(product.department)} />;
  const category = <Localized value={local.name(product.category)} />;
  const navigate = useNavigate();
  const location = useLocation();
  const { isSignedIn, isAdmin } = useSession();
  const actions = useProductActions();
  const favourite = actions.isFavourite(product._id);
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  const hasVariants = options.length > 0;
  // The address names the variant, so a shared link (and the server's render of it) shows the same choice.
  // A choice that names no variant yet (a size without its colour) is the page's own; a whole one is the address's.
  const [searchParams, setSearchParams] = useSearchParams();
  const [partChoice, setPartChoice] = useState<Choice>({});
  const choice = variants.find((v) => v._id === searchParams.get('variant'))?.options ?? partChoice;
  const variant = chosenVariant(variants, options, choice);
  const shown = priceOfChoice(product, choice);
  const stock = hasVariants ? (variant?.stock ?? product.stock) : product.stock;
  const canBuy = hasVariants ? Boolean(variant && variant.stock > 0) : product.stock > 0;
  const images = picturesOf(product.image_path, variant);
  const onChoose = (option: string, value: string) => {
    const next = choose(variants, choice, option, value);
    setPartChoice(next);
    const picked = chosenVariant(variants, options, next);
    setSearchParams(
      (params) => {
        if (picked) params.set('variant', picked._id);
        else params.delete('variant');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const addToCart = () => actions.onAddToCart(variant ? variantLine(product, variant) : product);
  // Add to Cart waits for a whole choice: the options still to choose are named beside it, so the greyed button says why.
  const unchosen = options.filter((option) => !choice[option.name]).map((option) => local.name(option).text);
  const buyHint =
    unchosen.length > 0
      ? t('product.chooseToBuy', {
          options: conjunction(i18n.language).format(unchosen),
        })
      : null;

  const writeReview = () =>
    void navigate(isSignedIn ? paths.reviewOf(product._id) : paths.login, { state: comingBackTo(location) });

  return (
    <>
      <PageHead
        title={t('product.title', { name: name.text })}
        description={summary(description.text)}
        path={paths.product(product._id, name.text)}
        image={product.image_path[0]}
      />
      <nav aria-label={t('common.breadcrumb')} className="mb-3 small tap-inline-links">
        <Link to={paths.home}>{t('nav.home')}</Link>
        <span className="mx-2 text-body-secondary" aria-hidden="true">
          /
        </span>
        <Link to={paths.department(product.department._id)}>{department}</Link>
        <span className="mx-2 text-body-secondary" aria-hidden="true">
          /
        </span>
        <Link to={paths.category(product.category._id)}>{category}</Link>
      </nav>
      <div className="row g-4 g-lg-5">
        <div className="col-md-6 col-lg-5">
          <ImageGallery key={variant?._id ?? product._id} images={images} name={name.text} />
        </div>
        <div className="col-md-6 col-lg-7">
          <p className="text-uppercase small fw-semibold text-primary mb-1">
            <bdi>{product.brand}</bdi>
          </p>
          <h1 className="h3 mb-2">
            <Localized value={name} />
          </h1>
          <a href="#reviews-heading" className="text-decoration-none tap-inline">
            <Rating value={product.rating} count={product.numReviews} />
          </a>
          <hr />
          {/* Follows the choice so far: 256GB chosen, the 256GB phones' price, plainly when they share one. */}
          <ProductPrice
            price={shown.price}
            compareAtPrice={shown.compareAtPrice}
            from={shown.from}
            className="product-detail-price d-block mb-1"
          />
          {shown.compareAtPrice !== null && product.saleEndsOn && <SaleEnds day={product.saleEndsOn} />}
          <InstalmentsFrom price={shown.price} />
          <StockState stock={stock} />
          {variant && (
            <p className="small text-body-secondary mb-0">
              {t('product.sku')}:{' '}
              <bdi dir="ltr" className="product-code">
                {variant.sku}
              </bdi>
            </p>
          )}
          {hasVariants && <VariantPicker options={options} variants={variants} choice={choice} onChoose={onChoose} />}
          {!isAdmin && (
            <div className="d-flex flex-wrap gap-2 my-3">
              <button
                type="button"
                className="btn btn-accent btn-lg"
                disabled={!canBuy}
                onClick={addToCart}
                aria-describedby={buyHint ? 'buy-hint' : undefined}
              >
                <CartIcon className="me-2" />
                {t('product.addToCart')}
              </button>
              <button
                type="button"
                aria-pressed={favourite}
                aria-label={t(favourite ? 'product.removeFavourite' : 'product.addFavourite', { name: name.text })}
                className={`btn btn-outline-secondary btn-lg favourite-button${favourite ? ' is-active' : ''}`}
                onClick={() => actions.onToggleFavourite(product)}
              >
                <HeartIcon filled={favourite} />
              </button>
              {/* Out of stock: beside the disabled Add to Cart, asking to be told when it is back (once a
                  product with options names its variant). */}
              {!canBuy && (!hasVariants || variant) && (
                <BackInStockButton productId={product._id} variantId={variant?._id} />
              )}
              {buyHint && (
                <p id="buy-hint" className="w-100 small text-body-secondary mb-0">
                  {buyHint}
                </p>
              )}
              {/* Asked for the product as one thing before it had options: shown whichever option is chosen. */}
              {hasVariants && <WholeProductRequest productId={product._id} />}
            </div>
          )}
          <ProductPromises product={product} inStock={stock > 0} />
          <section aria-labelledby="description-heading" className="mt-4">
            <h2 id="description-heading" className="h5">
              {t('product.description')}
            </h2>
            <p className="product-description" lang={description.lang} dir={description.lang && 'auto'}>
              {description.text}
            </p>
          </section>
          <section aria-labelledby="details-heading" className="mt-4">
            <h2 id="details-heading" className="h5">
              {t('product.details')}
            </h2>
            <dl className="product-details row mb-0">
              <dt className="col-5 col-sm-4">{t('product.brand')}</dt>
              <dd className="col-7 col-sm-8">
                <bdi>{product.brand}</bdi>
              </dd>
              <dt className="col-5 col-sm-4">{t('product.weight')}</dt>
              <dd className="col-7 col-sm-8">{t('product.weightValue', { weight: product.weight })}</dd>
              <dt className="col-5 col-sm-4">{t('product.category')}</dt>
              <dd className="col-7 col-sm-8">
                <Link to={paths.category(product.category._id)}>{category}</Link>
              </dd>
              <dt className="col-5 col-sm-4">{t('product.department')}</dt>
              <dd className="col-7 col-sm-8">
                <Link to={paths.department(product.department._id)}>{department}</Link>
              </dd>
              <dt className="col-5 col-sm-4">{t('product.cod')}</dt>
              <dd className="col-7 col-sm-8">{t(product.cod ? 'common.yes' : 'common.no')}</dd>
            </dl>
          </section>
        </div>
      </div>

      <section aria-labelledby="reviews-heading" className="mt-5 reviews">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id="reviews-heading" className="h4 mb-0">
            {t('reviews.heading')}
          </h2>
          {!isAdmin && (
            <button type="button" className="btn btn-outline-primary" onClick={writeReview}>
              <PencilIcon size={16} className="me-2" />
              {t('reviews.write')}
            </button>
          )}
        </div>
        {/* Keyed: a star filter chosen on one product is not carried to the next one opened from the header. */}
        <ReviewList key={product._id} productId={product._id} />
      </section>
    </>
  );
}

function ProductPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="row g-4" role="status" aria-label={t('common.loading')}>
      <div className="col-md-6 col-lg-5">
        <div className="placeholder-glow">
          <span className="placeholder w-100 rounded-4 ratio ratio-1x1" />
        </div>
      </div>
      <div className="col-md-6 col-lg-7">
        <p className="placeholder-glow">
          <span className="placeholder col-3" />
        </p>
        <h1 className="placeholder-glow">
          <span className="placeholder col-9" />
        </h1>
        <p className="placeholder-glow">
          <span className="placeholder col-4" /> <span className="placeholder col-6" />{' '}
          <span className="placeholder col-8" /> <span className="placeholder col-5" />
        </p>
      </div>
    </div>
  );
}
