import { useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { get, useForm, type FieldError, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ShippingRates } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { translateValidation } from '../../../i18n/validation';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';
import { useGetShippingRatesQuery, useSaveShippingRatesMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import { shippingFormSchema, shippingToForm, type ShippingFormInput } from '../shippingForm';
import { Field } from './Field';
import { CodSettingsCard } from './CodSettingsCard';
import { InstalmentPlansCard } from './InstalmentPlansCard';
import { PageHeader } from './PageHeader';
import { SaveBar } from './SaveBar';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';
import { Switch } from '../../../components/Switch';

/** Shipping: what delivery costs in each governorate, and the rules every order follows. */
export function ShippingAdminPage() {
  const { t } = useTranslation();
  const query = useGetShippingRatesQuery();
  return (
    <>
      <PageHeader title={t('admin.shipping.title')} subtitle={t('admin.shipping.subtitle')} />
      <QueryState query={query} lines={8}>
        {(data) => <ShippingForm rates={data} />}
      </QueryState>
      <InstalmentPlansCard />
      <CodSettingsCard />
    </>
  );
}

function ShippingForm({ rates }: { rates: ShippingRates }) {
  const { t } = useTranslation();
  const { options } = useGovernorateNames();
  const [save, { isLoading: saving }] = useSaveShippingRatesMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ShippingFormInput, unknown, ShippingRates>({
    resolver: zodResolver(shippingFormSchema),
    mode: 'all',
    defaultValues: shippingToForm(rates),
    shouldFocusError: false,
  });
  // The form keeps the server's order; the table lists the governorates by name in the page's language.
  const rowOf = useMemo(() => new Map(rates.rates.map((rate, index) => [rate.governorate, index])), [rates]);

  const submit = handleSubmit(
    async (values) => {
      const saved = save(values).unwrap();
      if (await notifyOutcome(saved, t('admin.toasts.shippingSaved'))) reset(shippingToForm(await saved));
    },
    (invalid, event) => focusFirstInvalid(invalid, event?.target),
  );

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Row className="g-3">
        <Col lg={4}>
          <section className="dash-card shipping-rules" aria-labelledby="shipping-rules-title">
            <h2 id="shipping-rules-title" className="dash-card-title">
              {t('admin.shipping.rules')}
            </h2>
            <Field id="shipping-cod-fee" label={t('admin.shipping.codFee')} error={errors.codFee?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('codFee')} inputMode="decimal" dir="ltr" />}
            </Field>
            <Field
              id="shipping-free-over"
              label={t('admin.shipping.freeOver')}
              hint={t('admin.shipping.freeOverHint')}
              error={errors.freeOver?.message}
            >
              {(a11y) => <Form.Control {...a11y} {...register('freeOver')} inputMode="decimal" dir="ltr" />}
            </Field>
            <Switch
              id="shipping-card-free"
              label={t('admin.shipping.cardShipsFree')}
              aria-describedby="shipping-card-free-hint"
              {...register('cardShipsFree')}
            />
            <Form.Text id="shipping-card-free-hint" muted className="d-block">
              {t('admin.shipping.cardShipsFreeHint')}
            </Form.Text>
            <Switch
              id="shipping-open-before"
              className="mt-3"
              label={t('admin.shipping.openBeforeAccepting')}
              aria-describedby="shipping-open-before-hint"
              {...register('openBeforeAccepting')}
            />
            <Form.Text id="shipping-open-before-hint" muted className="d-block">
              {t('admin.shipping.openBeforeAcceptingHint')}
            </Form.Text>
          </section>
        </Col>
        <Col lg={8}>
          <section className="dash-card p-0" aria-labelledby="shipping-rates-title">
            <div className="px-3 pt-3">
              <h2 id="shipping-rates-title" className="dash-card-title mb-1">
                {t('admin.shipping.rates')}
              </h2>
              <p className="small text-body-secondary">{t('admin.shipping.ratesHint')}</p>
            </div>
            <ScrollTable
              caption={t('admin.shipping.rates')}
              className="table dash-table shipping-table align-middle mb-0"
            >
              <thead>
                <tr>
                  <th scope="col">{t('admin.shipping.governorate')}</th>
                  <th scope="col" id="shipping-col-base">
                    {t('admin.shipping.base')}
                  </th>
                  <th scope="col" id="shipping-col-per-kg">
                    {t('admin.shipping.perKg')}
                  </th>
                  <th scope="col" id="shipping-col-min-days">
                    {t('admin.shipping.minDays')}
                  </th>
                  <th scope="col" id="shipping-col-max-days">
                    {t('admin.shipping.maxDays')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {options.map(({ value, name }) => {
                  const row = rowOf.get(value);
                  if (row === undefined) return null;
                  const rowErrors = errors.rates?.[row];
                  return (
                    <tr key={value}>
                      <th scope="row" id={`shipping-rate-${row}`}>
                        {name}
                      </th>
                      <td>
                        <AmountCell
                          id={`shipping-rate-${row}-base`}
                          labelledBy={`shipping-rate-${row} shipping-col-base`}
                          registration={register(`rates.${row}.base`)}
                          error={rowErrors?.base}
                        />
                      </td>
                      <td>
                        <AmountCell
                          id={`shipping-rate-${row}-per-kg`}
                          labelledBy={`shipping-rate-${row} shipping-col-per-kg`}
                          registration={register(`rates.${row}.perKg`)}
                          error={rowErrors?.perKg}
                        />
                      </td>
                      <td>
                        <AmountCell
                          id={`shipping-rate-${row}-min-days`}
                          labelledBy={`shipping-rate-${row} shipping-col-min-days`}
                          registration={register(`rates.${row}.minDays`)}
                          error={rowErrors?.minDays}
                          numeric
                        />
                      </td>
                      <td>
                        <AmountCell
                          id={`shipping-rate-${row}-max-days`}
                          labelledBy={`shipping-rate-${row} shipping-col-max-days`}
                          registration={register(`rates.${row}.maxDays`)}
                          error={rowErrors?.maxDays}
                          numeric
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </ScrollTable>
          </section>
        </Col>
      </Row>
      <SaveBar label={t('admin.shipping.save')} saving={saving} />
    </Form>
  );
}

/** The first wrong field in the page's order (the form's own order is not the table's, which sorts by name). */
function focusFirstInvalid(invalid: FieldErrors, form: unknown) {
  if (!(form instanceof HTMLFormElement)) return;
  const first = [...form.elements].find(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && Boolean(get(invalid, element.name)),
  );
  first?.focus();
}

/**
 * One figure of the table, named by its row's governorate and its column ("Aswan Base fee (EGP)"): an amount,
 * or a whole number of days (`numeric`).
 */
function AmountCell({
  id,
  labelledBy,
  registration,
  error,
  numeric = false,
}: {
  id: string;
  labelledBy: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  numeric?: boolean;
}) {
  const message = translateValidation(error?.message);
  return (
    <>
      <Form.Control
        id={id}
        size="sm"
        inputMode={numeric ? 'numeric' : 'decimal'}
        dir="ltr"
        aria-labelledby={labelledBy}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        {...registration}
      />
      {message && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      )}
    </>
  );
}
