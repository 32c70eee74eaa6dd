import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { useTranslation } from '../../../i18n/useTranslation';
import { useAddAddressMutation } from '../api/checkoutApi';
import { saveShippingAddress } from '../checkoutStorage';
import { AddressForm, blankAddress } from './AddressForm';
import { CartRequired } from './CartRequired';
import { CheckoutSteps } from './CheckoutSteps';
import { useShopper } from './ShopperOnly';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

/**
 * /ShippingForm: a new address. It is saved to the account and becomes the chosen one, then the shopper moves on
 * to the payment step.
 */
export function ShippingFormPage() {
  const { t } = useTranslation();
  const user = useShopper();
  const navigate = useNavigate();
  const [addAddress, { isLoading, error }] = useAddAddressMutation();

  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.form.documentTitle')}</title>
      <CheckoutSteps step={2} />
      <h1 className="page-title">{t('checkout.form.title')}</h1>
      <CartRequired>
        {error && (
          <Alert variant="danger" role="alert">
            {errorMessage(error) ?? t('common.loadFailed')}
          </Alert>
        )}
        <AddressForm
          initial={blankAddress(user.phone)}
          submitLabel={t('checkout.form.submit')}
          busy={isLoading}
          onSubmit={async (address) => {
            const saved = await addAddress(address);
            if (saved.error) return;
            saveShippingAddress(user._id, address);
            void navigate(paths.payment);
          }}
        >
          <Link to={paths.shippingAddress} className="btn btn-outline-secondary btn-lg">
            {t('checkout.back')}
          </Link>
        </AddressForm>
      </CartRequired>
    </div>
  );
}
