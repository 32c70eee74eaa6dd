import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { addressSchema, INSTRUCTIONS_MAX, localMobile, type AddressInput } from '@shop/contracts';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';
import { FormField } from '../../../components/FormField';
import { DEFAULT_COUNTRY, isEgypt, storedCountry } from '../governorates';
import { useCountryName } from '../useCountryName';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';

/**
 * A new address's answers: Egypt, and the account's mobile number, are the likely ones; the number as the field
 * writes it (01XXXXXXXXX), as an account made by phone keeps it as +201XXXXXXXXX.
 */
export const blankAddress = (phone: string): AddressInput => ({
  country: DEFAULT_COUNTRY,
  state: '',
  city: '',
  street: '',
  building: '',
  apartment: '',
  floor: '',
  landmark: '',
  instructions: '',
  zipCode: '',
  phone: localMobile(phone) ?? phone,
});

/**
 * The address form of the checkout and of the address book: the specification's seven required fields with the
 * shared rules (contracts' addressSchema) and their messages under each field, the apartment, floor and landmark an
 * Egyptian courier asks for, what the shopper asks of the courier, and in Egypt the governorate chosen from the 27.
 */
export function AddressForm({
  initial,
  submitLabel,
  busy,
  placeFixed = false,
  onSubmit,
  children,
}: {
  initial: AddressInput;
  submitLabel: string;
  busy: boolean;
  /** The country and the governorate shown, not asked: an order's address corrected after its fee was billed. */
  placeFixed?: boolean;
  onSubmit: (address: AddressInput) => Promise<void>;
  /** Beside the submit button: the way back. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const governorates = useGovernorateNames();
  const countryName = useCountryName();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<AddressInput>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    // The field reads in the page's language ("مصر" on an Arabic page); the address keeps one value whichever was typed.
    defaultValues: { ...initial, country: countryName(initial.country) },
  });
  const egypt = isEgypt(watch('country'));
  const submit = handleSubmit((address) => onSubmit({ ...address, country: storedCountry(address.country) }));
  const stateError = translateValidation(errors.state?.message);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="checkout-form-card">
      {/* On a phone each field has the row to itself: side by side, "Apartment (optional)" takes two lines and sets its
          box below Floor's. From a small tablet's width on, pairs share a row, with a gutter between them. */}
      <Row className="g-0 gx-sm-3">
        <Col md={6}>
          <FormField
            id="address-country"
            label={t('checkout.form.country')}
            autoComplete="country-name"
            maxLength={100}
            registration={register('country')}
            error={errors.country?.message}
            readOnly={placeFixed}
            plaintext={placeFixed}
          />
        </Col>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="address-state">
            <Form.Label>{t(egypt ? 'checkout.form.governorate' : 'checkout.form.state')}</Form.Label>
            {/* Not registered when fixed: the form keeps the value it started with. */}
            {placeFixed ? (
              <Form.Control plaintext readOnly value={egypt ? governorates.nameOf(initial.state) : initial.state} />
            ) : egypt ? (
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
        <Col sm={6} md={4}>
          <FormField
            id="address-apartment"
            label={t('checkout.form.apartment')}
            maxLength={100}
            registration={register('apartment')}
            error={errors.apartment?.message}
          />
        </Col>
        <Col sm={6} md={4}>
          <FormField
            id="address-floor"
            label={t('checkout.form.floor')}
            maxLength={100}
            registration={register('floor')}
            error={errors.floor?.message}
          />
        </Col>
        <Col md={12}>
          <FormField
            id="address-landmark"
            label={t('checkout.form.landmark')}
            hint={t('checkout.form.landmarkHint')}
            maxLength={100}
            registration={register('landmark')}
            error={errors.landmark?.message}
          />
        </Col>
        <Col md={6}>
          <FormField
            id="address-phone"
            label={t('checkout.form.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            // Room for the number as a phone's contacts write it: "+20 10 1234 5678", Arabic-Indic digits too.
            maxLength={20}
            hint={t('auth.hints.phone')}
            registration={register('phone')}
            error={errors.phone?.message}
          />
        </Col>
        <Col md={12}>
          <FormField
            id="address-instructions"
            label={t('checkout.form.instructions')}
            hint={t('checkout.form.instructionsHint')}
            rows={3}
            maxLength={INSTRUCTIONS_MAX}
            registration={register('instructions')}
            error={errors.instructions?.message}
          />
        </Col>
      </Row>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button type="submit" variant="accent" size="lg" disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
        {children}
      </div>
    </Form>
  );
}
