import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import { COD_FEE_EGP, SHIPPING_FEE_EGP, type PaymentMethod } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { Price } from '../../../components/Price';
import { cartApi } from '../../cart/api/cartApi';
import { readPaymentMethod, savePaymentMethod } from '../checkoutStorage';
import { useCodUnavailable } from '../useCodUnavailable';
import { CardIcon, CashIcon } from './checkoutIcons';
import { CheckoutSteps } from './CheckoutSteps';
import { ChoiceCard } from './ChoiceCard';
import { useShopper } from './ShopperOnly';
import '../checkout.css';

/**
 * /Payment: visa or cash on delivery, saved locally as soon as it is picked (spec 3). Cash is
 * unavailable, with the reason, while the cart holds a product that cannot be paid on delivery.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const user = useShopper();
  const navigate = useNavigate();
  const { data: cart, isLoading, error } = cartApi.useGetCartQuery(undefined, { refetchOnMountOrArgChange: true });
  const [saved, setSaved] = useState(() => readPaymentMethod(user._id));
  const [missing, setMissing] = useState(false);

  const codUnavailable = useCodUnavailable(cart?.products);
  const cashAllowed = Boolean(cart) && !codUnavailable;
  // A saved cash choice no longer counts once the cart holds a card-only product.
  const chosen = saved === 'cash' && !cashAllowed ? null : saved;

  const choose = (method: PaymentMethod) => {
    savePaymentMethod(user._id, method);
    setSaved(method);
    setMissing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) void navigate('/PlaceOrder');
    else setMissing(true);
  };

  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.payment.documentTitle')}</title>
      <CheckoutSteps step={3} />
      <h1 className="page-title">{t('checkout.payment.title')}</h1>
      {isLoading ? (
        <PageLoader />
      ) : (
        <form noValidate onSubmit={submit}>
          {error && <Alert variant="warning">{errorMessage(error) ?? t('common.loadFailed')}</Alert>}
          <fieldset aria-describedby={missing ? 'payment-missing' : undefined}>
            <legend className="h6 mb-3">{t('checkout.payment.legend')}</legend>
            <div className="d-flex flex-column gap-3">
              <ChoiceCard
                id="payment-visa"
                name="paymentMethod"
                value="visa"
                checked={chosen === 'visa'}
                onChoose={() => choose('visa')}
                icon={<CardIcon size={28} />}
                label={t('checkout.method.visa')}
                description={t('checkout.payment.visaText')}
              />
              <ChoiceCard
                id="payment-cash"
                name="paymentMethod"
                value="cash"
                checked={chosen === 'cash'}
                disabled={!cashAllowed}
                onChoose={() => choose('cash')}
                icon={<CashIcon size={28} />}
                label={t('checkout.method.cash')}
                description={
                  <>
                    {t('checkout.payment.cashText')} (+<Price value={SHIPPING_FEE_EGP} /> {t('checkout.payment.shippingShort')}, +<Price value={COD_FEE_EGP} />{' '}
                    {t('checkout.payment.codShort')})
                  </>
                }
                reason={codUnavailable}
              />
            </div>
          </fieldset>
          {missing && (
            <p id="payment-missing" className="text-danger small mt-3 mb-0" role="alert">
              {t('checkout.payment.required')}
            </p>
          )}
          <div className="d-flex flex-wrap gap-2 mt-4">
            <Button type="submit" variant="accent" size="lg">
              {t('checkout.payment.continue')}
            </Button>
            <Link to="/ShippingAdress" className="btn btn-outline-secondary btn-lg">
              {t('checkout.back')}
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
