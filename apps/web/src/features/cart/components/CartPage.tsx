import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { linesTotal } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { Price } from '../../../components/Price';
import { ProductImage } from '../../../components/ProductImage';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { addItem, clearItems, decreaseItem, lineName, removeItem } from '../cartActions';
import { lineKey, type CartItem } from '../cartSlice';
import { useCart } from '../useCart';
import { PayingNotice } from './PayingNotice';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

const lineTotal = (item: CartItem) => linesTotal([{ price: item.price, quantity: item.cartQuantity }]);

/**
 * /CartPage. The lines are the local cart, so every click shows at once and the header count
 * follows; reading the server cart on each visit replaces it (prices, lines, totals), so the page
 * shows what the order would charge. The brand comes from the server cart, the only place that has it.
 */
export function CartPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items, totalQuantity, totalAmount } = useAppSelector((state) => state.cart);
  // The cache keeps `error` through a retry until a read succeeds, so the alert stays while it is asked again.
  const { data: serverCart, isLoading, error, refetch } = useCart();
  const brands = useMemo(
    () => new Map(serverCart?.products.map((line) => [line.product_id._id, line.product_id.brand])),
    [serverCart],
  );

  return (
    <div className="container-xl py-4">
      <title>{t('checkout.cart.documentTitle')}</title>
      <h1 className="page-title">{t('checkout.cart.title')}</h1>
      {serverCart?.payingOrder && <PayingNotice orderId={serverCart.payingOrder} />}
      {/* A cart that could not be read is said so, with its local lines if it has any (the best there is until the
          next read), and is never called empty: nor is one whose first read is still on its way. */}
      {error && (
        <div className="mb-4">
          <LoadFailed onRetry={() => void refetch()} />
        </div>
      )}
      {items.length === 0 ? (
        error ? null : isLoading ? (
          <PageLoader />
        ) : (
          <EmptyState title={t('checkout.cart.empty')}>
            <p className="mb-3">{t('checkout.cart.emptyText')}</p>
            <Link to={paths.home} className="btn btn-primary">
              {t('checkout.cart.shop')}
            </Link>
          </EmptyState>
        )
      ) : (
        <Row className="g-4">
          <Col lg={8}>
            <Card className="checkout-card">
              <Card.Body className="p-0">
                <div className="d-flex align-items-center justify-content-between gap-2 px-3 px-md-4 py-3 border-bottom">
                  <p className="mb-0 text-body-secondary small">{t('checkout.cart.lines', { count: items.length })}</p>
                  <Button variant="link" size="sm" className="text-danger p-0" onClick={() => dispatch(clearItems())}>
                    {t('checkout.cart.clear')}
                  </Button>
                </div>
                <ul className="list-unstyled mb-0" aria-label={t('checkout.cart.itemsLabel')}>
                  {items.map((item) => (
                    <CartLine key={lineKey(item)} item={item} brand={brands.get(item._id)} />
                  ))}
                </ul>
                <p className="text-end px-3 px-md-4 py-3 mb-0 fs-5">
                  {t('checkout.cart.subtotal', { count: totalQuantity })}{' '}
                  <Price value={totalAmount} className="fw-bold" />
                </p>
              </Card.Body>
            </Card>
          </Col>
          <Col lg={4}>
            <Card className="checkout-card checkout-aside">
              <Card.Body>
                <h2 className="h5 mb-3">{t('checkout.cart.summary')}</h2>
                <dl className="summary-list mb-3">
                  <div className="summary-row">
                    <dt>{t('checkout.cart.items')}</dt>
                    <dd data-testid="cart-count">{totalQuantity}</dd>
                  </div>
                  <div className="summary-row summary-total">
                    <dt>{t('checkout.cart.total')}</dt>
                    <dd>
                      <Price value={totalAmount} />
                    </dd>
                  </div>
                </dl>
                <p className="small text-body-secondary">{t('checkout.cart.feesLater')}</p>
                <Link to={paths.shippingAddress} className="btn btn-accent btn-lg w-100">
                  {t('checkout.cart.proceed')}
                </Link>
                <Link to={paths.home} className="btn btn-link w-100 mt-2">
                  {t('checkout.cart.continue')}
                </Link>
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}

function CartLine({ item, brand }: { item: CartItem; brand: string | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { _id, cartQuantity, stock } = item;
  const localized = useLocalized();
  const localName = localized.name(item);
  const name = lineName(item, localized.language);
  const productPath = paths.productVariant(_id, item.variant?._id);
  const atStock = cartQuantity >= stock;
  // The cart's own add needs a product; the line has everything it reads.
  const increase = () =>
    dispatch(
      addItem({
        _id,
        name: item.name,
        nameAr: item.nameAr,
        price: item.price,
        stock,
        image_path: item.image ? [item.image] : [],
        ...(item.variant && { variant: item.variant }),
      }),
    );

  return (
    <li className="cart-line">
      <Link to={productPath} className="cart-line-media" tabIndex={-1} aria-hidden="true">
        <ProductImage src={item.image} alt="" width={96} height={96} />
      </Link>
      <div className="cart-line-body min-w-0">
        <Link to={productPath} className="cart-line-name">
          <Localized value={localName} />
        </Link>
        {item.variant && <VariantValues options={item.variant.options} />}
        {brand && (
          <p className="cart-line-brand mb-1">
            <bdi>{brand}</bdi>
          </p>
        )}
        <Price value={item.price} className="d-block text-body-secondary small mb-2" />
        <div className="d-flex flex-wrap align-items-center gap-2 gap-sm-3">
          <div className="quantity-control" role="group" aria-label={t('checkout.cart.quantityOf', { name })}>
            {/* Minus does nothing at 1 (removing is its own button); plus stops at the stock. */}
            <button
              type="button"
              className="quantity-button"
              disabled={cartQuantity <= 1}
              aria-label={t('checkout.cart.decrease', { name })}
              onClick={() => dispatch(decreaseItem(item))}
            >
              <MinusIcon size={16} />
            </button>
            <output
              className="quantity-value"
              aria-live="polite"
              aria-label={t('checkout.cart.quantity', { count: cartQuantity })}
            >
              {cartQuantity}
            </output>
            <button
              type="button"
              className="quantity-button"
              disabled={atStock}
              aria-label={t('checkout.cart.increase', { name })}
              onClick={increase}
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <Button
            variant="link"
            size="sm"
            className="cart-line-remove"
            aria-label={t('checkout.cart.removeNamed', { name })}
            onClick={() => dispatch(removeItem(item))}
          >
            <TrashIcon size={16} className="me-1" />
            {t('checkout.cart.remove')}
          </Button>
        </div>
        {atStock && (
          <p className="small text-body-secondary mt-2 mb-0">{t('checkout.cart.maxStock', { count: stock })}</p>
        )}
      </div>
      <Price value={lineTotal(item)} className="cart-line-total" />
    </li>
  );
}
