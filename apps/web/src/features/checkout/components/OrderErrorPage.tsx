import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useLocation, useNavigate } from 'react-router';
import type { OutOfStockItem } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { TrashIcon } from '../../../components/icons';
import { ProductImage } from '../../../components/ProductImage';
import { lineKey, removeItem } from '../../cart';
import { isOutOfStockList } from '../api/checkoutApi';
import { AlertIcon, CheckIcon } from './checkoutIcons';
import '../../../styles/checkout.css';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';

/**
 * /OrderError: the products that ran out while ordering, passed in navigation state by
 * /PlaceOrder. Removing one takes it out of the cart with the cart's own toast
 * '{name} removed from cart'; once the list is empty the shopper is sent back to the cart.
 */
export function OrderErrorPage() {
  const { t } = useTranslation();
  const localized = useLocalized();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const products = isOutOfStockList(location.state) ? location.state : [];
  // The button pressed disappears with its line: keyboard and screen-reader users continue from the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState(0);
  useEffect(() => {
    if (removed) heading.current?.focus();
  }, [removed]);

  // The shorter list replaces the navigation state, so a reload or Back shows what is left.
  const remove = (product: OutOfStockItem) => {
    dispatch(removeItem(product));
    void navigate(location, { replace: true, state: products.filter((item) => lineKey(item) !== lineKey(product)) });
    setRemoved((count) => count + 1);
  };

  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.outOfStock.documentTitle')}</title>
      {products.length === 0 ? (
        <div className="empty-state text-center rounded-3 p-4 p-md-5">
          <span className="out-of-stock-icon is-done mb-3" aria-hidden="true">
            <CheckIcon size={24} />
          </span>
          <h1 ref={heading} tabIndex={-1} className="h4 mb-2">
            {t('checkout.outOfStock.removed')}
          </h1>
          <p className="text-body-secondary">{t('checkout.outOfStock.removedText')}</p>
          <Link to={paths.cart} className="btn btn-primary">
            {t('checkout.outOfStock.goToCart')}
          </Link>
        </div>
      ) : (
        <>
          <div className="d-flex align-items-start gap-3 mb-4">
            <span className="out-of-stock-icon" aria-hidden="true">
              <AlertIcon size={28} />
            </span>
            <div>
              <h1 ref={heading} tabIndex={-1} className="page-title mb-1">
                {t('checkout.outOfStock.title')}
              </h1>
              <p className="text-body-secondary mb-0">{t('checkout.outOfStock.text')}</p>
            </div>
          </div>
          <Card className="checkout-card">
            <ul className="list-unstyled mb-0" aria-label={t('checkout.outOfStock.listLabel')}>
              {products.map((product) => (
                <li key={lineKey(product)} className="cart-line">
                  <ProductImage src={product.image_path[0]} alt="" width={72} height={72} className="cart-line-media" />
                  <div className="cart-line-body min-w-0">
                    <Link to={paths.productVariant(product._id, product.variant?._id)} className="cart-line-name">
                      <Localized value={localized.name(product)} />
                    </Link>
                    {product.variant && <VariantValues options={product.variant.options} />}
                    <p className="small text-danger-emphasis mb-0">
                      {product.stock > 0
                        ? t('checkout.outOfStock.onlyLeft', { count: product.stock })
                        : t('checkout.outOfStock.soldOut')}
                    </p>
                  </div>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="cart-line-total"
                    aria-label={t('checkout.outOfStock.removeNamed', { name: localized.name(product).text })}
                    onClick={() => remove(product)}
                  >
                    <TrashIcon size={16} className="me-1" />
                    {t('checkout.outOfStock.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
          <Link to={paths.cart} className="btn btn-link mt-3 px-0">
            {t('checkout.outOfStock.backToCart')}
          </Link>
        </>
      )}
    </div>
  );
}
