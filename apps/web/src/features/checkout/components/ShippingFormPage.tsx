import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { addressSchema, type AddressInput } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';
import { FormField } from '../../../components/FormField';
import { useAddAddressMutation } from '../api/checkoutApi';
import { saveShippingAddress } from '../checkoutStorage';
import { DEFAULT_COUNTRY, isEgypt } from '../governorates';
import { useGovernorateNames } from '../useGovernorateNames';
import { CheckoutSteps } from './CheckoutSteps';
import { useShopper } from './ShopperOnly';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

/**
 * /ShippingForm: the seven required fields with the shared rules (contracts'
 * addressSchema) and their messages under each field. The address is saved to the account and
 * becomes the chosen one, then the shopper moves on to the payment step.
 */
export function ShippingFormPage() {
  const { t } = useTranslation();
  const user = useShopper();
  const governorates = useGovernorateNames();
  const navigate = useNavigate();
  const [addAddress, { isLoading, error }] = useAddAddressMutation();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<AddressInput>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    // An Egyptian shop: the country and the account's mobile number are the likely answers.
    defaultValues: {
      country: DEFAULT_COUNTRY,
      state: '',
      city: '',
      street: '',
      building: '',
      zipCode: '',
      phone: user.phone,
    },
  });
  const egypt = isEgypt(watch('country'));

  const submit = handleSubmit(async (address) => {
    const saved = await addAddress(address);
    if (saved.error) return;
    saveShippingAddress(user._id, address);
    void navigate(paths.payment);
  });

  const stateError = translateValidation(errors.state?.message);
  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.form.documentTitle')}</title>
      <CheckoutSteps step={2} />
      <h1 className="page-title">{t('checkout.form.title')}</h1>
      {error && (
        <Alert variant="danger" role="alert">
          {errorMessage(error) ?? t('common.loadFailed')}
        </Alert>
      )}
      <Form noValidate onSubmit={(event) => void submit(event)} className="checkout-form-card">
        <Row className="g-0 gx-md-3">
          <Col md={6}>
            <FormField
              id="address-country"
              label={t('checkout.form.country')}
              autoComplete="country-name"
              maxLength={100}
              registration={register('country')}
              error={errors.country?.message}
            />
          </Col>
          <Col md={6}>
            <Form.Group className="mb-3" controlId="address-state">
              <Form.Label>{t(egypt ? 'checkout.form.governorate' : 'checkout.form.state')}</Form.Label>
              {egypt ? (
                <Form.Select
                  {...register('state')}
                  autoComplete="address-level1"
                  isInvalid={Boolean(stateError)}
                  aria-invalid={Boolean(stateError)}
                  aria-describedby={stateError ? 'address-state-error' : undefined}
                >
                  <option value="">{t('checkout.form.chooseGovernorate')}</option>
                  {governorates.options.map(({ value, name }) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control
                  {...register('state')}
                  autoComplete="address-level1"
                  maxLength={100}
                  isInvalid={Boolean(stateError)}
                  aria-invalid={Boolean(stateError)}
                  aria-describedby={stateError ? 'address-state-error' : undefined}
                />
              )}
              <Form.Control.Feedback type="invalid" id="address-state-error">
                {stateError}
              </Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col md={6}>
            <FormField
              id="address-city"
              label={t('checkout.form.city')}
              autoComplete="address-level2"
              maxLength={100}
              registration={register('city')}
              error={errors.city?.message}
            />
          </Col>
          <Col md={6}>
            <FormField
              id="address-zip"
              label={t('checkout.form.zipCode')}
              autoComplete="postal-code"
              maxLength={20}
              registration={register('zipCode')}
              error={errors.zipCode?.message}
            />
          </Col>
          <Col md={8}>
            <FormField
              id="address-street"
              label={t('checkout.form.street')}
              autoComplete="address-line1"
              maxLength={200}
              registration={register('street')}
              error={errors.street?.message}
            />
          </Col>
          <Col md={4}>
            <FormField
              id="address-building"
              label={t('checkout.form.building')}
              autoComplete="address-line2"
              maxLength={100}
              registration={register('building')}
              error={errors.building?.message}
            />
          </Col>
          <Col md={6}>
            <FormField
              id="address-phone"
              label={t('checkout.form.phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              hint={t('auth.hints.phone')}
              registration={register('phone')}
              error={errors.phone?.message}
            />
          </Col>
        </Row>
        <div className="d-flex flex-wrap gap-2 mt-2">
          <Button type="submit" variant="accent" size="lg" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('checkout.form.submit')}
          </Button>
          <Link to={paths.shippingAddress} className="btn btn-outline-secondary btn-lg">
            {t('checkout.back')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
