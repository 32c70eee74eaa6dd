import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useNavigate } from 'react-router';
import { linesTotal, NATIONAL_ID_REFUSALS, type AddressInput, type Cart, type PaymentMethod } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage, errorStatus } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { Price } from '../../../components/Price';
import { ProductImage } from '../../../components/ProductImage';
import { clearCart, useCart } from '../../cart';
import { isOutOfStockList, useAddAddressMutation, usePlaceOrderMutation } from '../api/checkoutApi';
import {
  endOrderAttempt,
  orderAttemptKey,
  readCoupon,
  readPaymentMethod,
  readShippingAddress,
  saveCoupon,
} from '../checkoutStorage';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { orderTotals } from '../orderTotals';
import { useCheckoutFees } from '../useCheckoutFees';
import { useCodUnavailable } from '../useCodUnavailable';
import { useCashRules } from '../useCashRules';
import { AddressLines } from './AddressLines';
import { CartRequired } from './CartRequired';
import { CouponField } from './CouponField';
import { CheckoutSteps } from './CheckoutSteps';
import { NationalIdField, nationalIdOf } from './NationalIdField';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodLabel } from './PaymentMethodLabel';
import { useShopper } from './ShopperOnly';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

/**
 * /PlaceOrder: the order review. Without an address or a payment choice it sends the shopper back to make one; an
 * empty cart is told as on the other steps (CartRequired).
 */
export function PlaceOrderPage() {
  const user = useShopper();
  const [address] = useState(() => readShippingAddress(user._id));
  const [method] = useState(() => readPaymentMethod(user._id));
  if (!address) return <Navigate to={paths.shippingAddress} replace />;
  if (!method) return <Navigate to={paths.payment} replace />;
  return <OrderReview address={address} method={method} name={user.name} />;
}

function OrderReview({ address, method, name }: { address: AddressInput; method: PaymentMethod; name: string }) {
  const { t } = useTranslation();
  // The order is made from the server cart, so the review shows exactly that, read afresh.
  const { data: cart, isLoading, error } = useCart();

  let content;
  if (isLoading) content = <PageLoader />;
  else if (error || !cart) content = <Alert variant="danger">{errorMessage(error) ?? t('common.loadFailed')}</Alert>;
  else content = <Review cart={cart} address={address} method={method} name={name} />;

  return (
    <div className="container-xl py-4">
      <title>{t('checkout.review.documentTitle')}</title>
      <CheckoutSteps step={4} />
      <h1 className="page-title">{t('checkout.review.title')}</h1>
      <CartRequired>{content}</CartRequired>
    </div>
  );
}

function Review({
  cart,
  address,
  method,
  name,
}: {
  cart: Cart;
  address: AddressInput;
  method: PaymentMethod;
  name: string;
}) {
  const { t } = useTranslation();
  const local = useLocalized();
  const user = useShopper();
  const [coupon, setCoupon] = useState(() => readCoupon(user._id));
  const chooseCoupon = (code: string | undefined) => {
    setCoupon(code);
    saveCoupon(user._id, code);
  };
  const { fees, failed: feesFailed, couponRefused } = useCheckoutFees(address.state, method, coupon);
  const totals = orderTotals(
    cart.products.map((line) => ({ price: line.product_id.price, quantity: line.quantity })),
    fees,
    coupon,
  );
  // The shopper places the order knowing its total; if no quote can be had, the server's bill still tells it.
  const awaitingFees = !fees && !feesFailed && !couponRefused;
  const cashRules = useCashRules(method === 'cash' ? address : null, coupon);
  const codUnavailable = useCodUnavailable(method === 'cash' ? cart.products : undefined) ?? cashRules.refused;
  // The server's quote says whether the order's e-receipt needs the buyer's national ID; so does its refusal, should
  // the cart have grown past the threshold since.
  const [nationalId, setNationalId] = useState('');
  const [triedWithoutId, setTriedWithoutId] = useState(false);
  const { place, placing, failure, idRefused } = usePlaceOrder(address, method, coupon, cart);
  const idNeeded = Boolean(fees?.chosen.buyerIdRequired) || idRefused;
  const placeIfComplete = () => {
    if (idNeeded && !nationalIdOf(nationalId)) {
      setTriedWithoutId(true);
      document.getElementById('national-id')?.focus();
      return;
    }
    void place(idNeeded ? (nationalIdOf(nationalId) ?? undefined) : undefined);
  };
  // The next screen's code arrives while the shopper reads, so placing moves on at once instead of
  // showing this screen with the cart the order has just emptied.
  useEffect(() => {
    void (method === 'visa' ? import('./StripePage') : import('./SuccessPage'));
  }, [method]);

  return (
    <Row className="g-4">
      <Col lg={8} className="d-flex flex-column gap-3">
        <Card className="checkout-card">
          <Card.Body className="review-section">
            <div className="review-section-head">
              <h2 className="h6 fw-bold mb-0">{t('checkout.review.shippingTo')}</h2>
              <Link to={paths.shippingAddress} className="tap-inline" aria-label={t('checkout.review.changeAddress')}>
                {t('checkout.review.change')}
              </Link>
            </div>
            <address className="mb-0">
              <AddressLines address={address} name={name} />
            </address>
          </Card.Body>
        </Card>
        <Card className="checkout-card">
          <Card.Body className="review-section">
            <div className="review-section-head">
              <h2 className="h6 fw-bold mb-0">{t('checkout.review.paymentMethod')}</h2>
              <Link to={paths.payment} className="tap-inline" aria-label={t('checkout.review.changePayment')}>
                {t('checkout.review.change')}
              </Link>
            </div>
            <PaymentMethodLabel method={method} />
          </Card.Body>
        </Card>
        {idNeeded && (
          <Card className="checkout-card">
            <Card.Body className="review-section">
              <h2 className="h6 fw-bold mb-2">{t('checkout.nationalId.title')}</h2>
              <NationalIdField
                id="national-id"
                value={nationalId}
                onChange={setNationalId}
                showError={triedWithoutId}
              />
            </Card.Body>
          </Card>
        )}
        <Card className="checkout-card">
          <Card.Body className="p-0">
            <h2 className="h6 fw-bold px-3 px-md-4 pt-3 mb-0">{t('checkout.review.items')}</h2>
            <ul className="list-unstyled mb-0" aria-label={t('checkout.review.items')}>
              {cart.products.map(({ product_id: product, quantity, variant }) => (
                <li key={variant?._id ?? product._id} className="cart-line">
                  <ProductImage src={product.image_path[0]} alt="" width={72} height={72} className="cart-line-media" />
                  <div className="cart-line-body min-w-0">
                    <Link to={paths.productVariant(product._id, variant?._id)} className="cart-line-name">
                      <Localized value={local.name(product)} />
                    </Link>
                    {variant && <VariantValues options={variant.options} className="mb-1" />}
                    <p className="cart-line-brand mb-1">
                      <bdi>{product.brand}</bdi>
                    </p>
                    <p className="small text-body-secondary mb-0">
                      {t('checkout.review.quantity', { count: quantity })} × <Price value={product.price} />
                    </p>
                  </div>
                  <Price value={linesTotal([{ price: product.price, quantity }])} className="cart-line-total" />
                </li>
              ))}
            </ul>
            <p className="text-end px-3 px-md-4 py-3 mb-0 fs-5">
              {t('checkout.review.itemsTotal')} <Price value={cart.bill} className="fw-bold" />
            </p>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={4}>
        <OrderSummary totals={totals} method={method}>
          <CouponField
            applied={coupon}
            refused={couponRefused}
            state={address.state}
            method={method}
            onChange={chooseCoupon}
          />
          {codUnavailable && (
            <Alert variant="warning" className="small">
              {codUnavailable}{' '}
              <Link to={paths.payment} className="tap-inline">
                {t('checkout.review.changePayment')}
              </Link>
            </Alert>
          )}
          {feesFailed && (
            <Alert variant="warning" className="small">
              {t('checkout.summary.feesFailed')}
            </Alert>
          )}
          {failure && (
            <Alert variant="danger" className="small" role="alert">
              {failure}
            </Alert>
          )}
          <Button
            variant="accent"
            size="lg"
            className="w-100"
            disabled={placing || awaitingFees || cashRules.pending || Boolean(codUnavailable) || Boolean(couponRefused)}
            onClick={placeIfComplete}
          >
            {placing && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('checkout.review.placeOrder')}
          </Button>
          {cashRules.deposit && !codUnavailable && (
            <Alert variant="info" className="small">
              {cashRules.deposit.text}
            </Alert>
          )}
          <p className="small text-body-secondary mt-3 mb-0">
            {method === 'visa'
              ? t('checkout.review.nextCard')
              : cashRules.deposit
                ? t('checkout.cashRules.nextDeposit')
                : t('checkout.review.nextCash')}
          </p>
        </OrderSummary>
        <Link to={paths.cart} className="btn btn-link mt-2 px-0">
          {t('checkout.review.backToCart')}
        </Link>
      </Col>
    </Row>
  );
}

/** A 400 refusing the order for its buyer's national ID (receipts/buyer-id.ts on the server). */
const isNationalIdRefusal = (data: unknown) =>
  typeof data === 'object' &&
  data !== null &&
  'code' in data &&
  NATIONAL_ID_REFUSALS.some((code) => code === data.code);

/** Tries of one order when the shop is briefly unavailable (503) or unreachable; each waits a little longer. */
const PLACE_TRIES = 3;
const RETRY_WAIT_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mayRetry = (error: Parameters<typeof errorStatus>[0]) =>
  errorStatus(error) === 503 || (error !== undefined && 'status' in error && error.status === 'FETCH_ERROR');

/**
 * The address is saved, then the order is made from the server cart.
 * Cash: the server has emptied its cart, the local copy follows, then /success. Card, or cash with a deposit
 * to pay online first: /Stripe with the new order. Out of stock (409): /OrderError with the list the server sent. Any other refusal
 * (an empty cart, cash for a card-only product) is shown here in the server's words. A 503 or a lost
 * connection is tried again with the same Idempotency-Key, so a try whose answer was lost is not placed twice.
 */
function usePlaceOrder(address: AddressInput, method: PaymentMethod, coupon: string | undefined, cart: Cart) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useShopper();
  const [addAddress, addState] = useAddAddressMutation();
  const [placeOrder, placeState] = usePlaceOrderMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // Stays set while the next screen's code loads, so a second click cannot place the cart twice.
  const [leaving, setLeaving] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const [idRefused, setIdRefused] = useState(false);

  const place = async (nationalId: string | undefined) => {
    setFailure(null);
    const saved = await addAddress(address);
    if (saved.error) {
      setFailure(errorMessage(saved.error) ?? t('common.loadFailed'));
      return;
    }
    const order = { deliveryAddress: address, paymentMethod: method, coupon, ...(nationalId ? { nationalId } : {}) };
    const lines = cart.products.map((line) => [line.product_id._id, line.variant?._id, line.quantity]);
    const attemptKey = orderAttemptKey(user._id, order, lines);
    let placed = await placeOrder({ order, attemptKey });
    // The button stays busy between tries too.
    setRetrying(true);
    for (let tries = 1; tries < PLACE_TRIES && mayRetry(placed.error); tries++) {
      await wait(RETRY_WAIT_MS * tries);
      placed = await placeOrder({ order, attemptKey });
    }
    setRetrying(false);
    if (placed.error) {
      const data = 'status' in placed.error ? placed.error.data : undefined;
      if (errorStatus(placed.error) === 409 && isOutOfStockList(data)) void navigate(paths.orderError, { state: data });
      else setFailure(errorMessage(placed.error) ?? t('common.loadFailed'));
      if (isNationalIdRefusal(data)) setIdRefused(true);
      return;
    }
    const made = placed.data?.[0];
    if (!made) {
      setFailure(t('common.loadFailed'));
      return;
    }
    endOrderAttempt();
    setLeaving(true);
    // The coupon is the order's now; the next checkout starts without it.
    saveCoupon(user._id, undefined);
    // A bill of nothing is confirmed at once: nothing to pay. A cash order asked for a deposit pays it first.
    if (made.status === 'pending') {
      void navigate(paths.stripe, { state: { order_id: made._id } });
    } else {
      dispatch(clearCart());
      // A cash order the shop asks to confirm says so on the way out: unconfirmed, it may not ship.
      const awaits = made.status === 'awaiting_confirmation' ? { awaitsConfirmation: true } : {};
      void navigate(paths.success, { state: { orderId: made._id, bill: made.bill, ...awaits } });
    }
  };

  return {
    place,
    placing: addState.isLoading || placeState.isLoading || retrying || leaving,
    failure,
    idRefused,
  };
}
