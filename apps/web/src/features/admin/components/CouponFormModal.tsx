import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { Coupon, CouponFields, Ref } from '@shop/contracts';
import { useLocalized, type Named } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetCategoriesQuery, useGetDepartmentsQuery, useGetProductQuery, useGetProductsQuery } from '../../catalog';
import { useCreateCouponMutation, useUpdateCouponMutation } from '../api/couponsApi';
import { couponFormSchema, couponToForm, emptyCouponForm, type CouponFormInput } from '../couponForm';
import { notifyOutcome } from '../notifyOutcome';
import { Field } from './Field';
import { FormModal } from './FormModal';
import { Switch } from '../../../components/Switch';

const FORM_ID = 'coupon-form';
/** How many products the picker offers for what the admin typed. */
const PICKER_RESULTS = 6;

/** 'New coupon' without a coupon; with one, its edit. */
export function CouponFormModal({ coupon, onClose }: { coupon?: Coupon; onClose: () => void }) {
  const { t } = useTranslation();
  const [create, created] = useCreateCouponMutation();
  const [update, updated] = useUpdateCouponMutation();
  const { control, register, handleSubmit, watch, formState } = useForm<CouponFormInput, unknown, CouponFields>({
    resolver: zodResolver(couponFormSchema),
    mode: 'all',
    defaultValues: coupon ? couponToForm(coupon) : emptyCouponForm,
  });
  const { errors } = formState;
  const kind = watch('kind');

  const submit = handleSubmit(async (values) => {
    const request = coupon ? update({ id: coupon._id, coupon: values }) : create(values);
    const done = await notifyOutcome(
      request.unwrap(),
      t(coupon ? 'admin.coupons.updated' : 'admin.coupons.created', { code: values.code }),
    );
    if (done) onClose();
  });

  return (
    <FormModal
      show
      title={coupon ? t('admin.coupons.editTitle', { code: coupon.code }) : t('admin.coupons.add')}
      formId={FORM_ID}
      busy={created.isLoading || updated.isLoading}
      onClose={onClose}
      size="lg"
    >
      <Form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <Row className="g-3">
          <Col md={6}>
            <Field
              id="coupon-code"
              label={t('admin.coupons.code')}
              error={errors.code?.message}
              hint={t('admin.coupons.codeHint')}
            >
              {(control) => <Form.Control {...register('code')} {...control} autoComplete="off" dir="ltr" />}
            </Field>
          </Col>
          <Col md={3}>
            <Field id="coupon-kind" label={t('admin.coupons.kind')}>
              {(control) => (
                <Form.Select {...register('kind')} {...control}>
                  <option value="percent">{t('admin.coupons.percent')}</option>
                  <option value="fixed">{t('admin.coupons.fixed')}</option>
                </Form.Select>
              )}
            </Field>
          </Col>
          <Col md={3}>
            <Field
              id="coupon-value"
              label={kind === 'percent' ? t('admin.coupons.valuePercent') : t('admin.coupons.valueFixed')}
              error={errors.value?.message}
            >
              {(control) => <Form.Control {...register('value')} {...control} inputMode="decimal" />}
            </Field>
          </Col>
          {kind === 'percent' && (
            <Col md={6}>
              <Field
                id="coupon-max-discount"
                label={t('admin.coupons.maxDiscount')}
                error={errors.maxDiscount?.message}
                hint={t('admin.coupons.maxDiscountHint')}
              >
                {(control) => <Form.Control {...register('maxDiscount')} {...control} inputMode="decimal" />}
              </Field>
            </Col>
          )}
          <Col md={6}>
            <Field
              id="coupon-min-order"
              label={t('admin.coupons.minOrder')}
              error={errors.minOrder?.message}
              hint={t('admin.coupons.optional')}
            >
              {(control) => <Form.Control {...register('minOrder')} {...control} inputMode="decimal" />}
            </Field>
          </Col>
          {/* After the minimum order, in what is left of its row: beside it for a fixed amount, a row of its own under
              the largest discount and the minimum for a percentage. The dates then always share a row. */}
          <Col md={kind === 'percent' ? 12 : 6} className="d-flex align-items-center">
            <Switch id="coupon-free-shipping" label={t('admin.coupons.freeShipping')} {...register('freeShipping')} />
          </Col>
          <Col md={6}>
            <Field
              id="coupon-starts"
              label={t('admin.coupons.startsAt')}
              error={errors.startsAt?.message}
              hint={t('admin.coupons.optional')}
            >
              {(control) => <Form.Control type="datetime-local" {...register('startsAt')} {...control} />}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="coupon-ends"
              label={t('admin.coupons.endsAt')}
              error={errors.endsAt?.message}
              hint={t('admin.coupons.optional')}
            >
              {(control) => <Form.Control type="datetime-local" {...register('endsAt')} {...control} />}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="coupon-max-uses"
              label={t('admin.coupons.maxUses')}
              error={errors.maxUses?.message}
              hint={t('admin.coupons.unlimited')}
            >
              {(control) => <Form.Control {...register('maxUses')} {...control} inputMode="numeric" />}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="coupon-per-user"
              label={t('admin.coupons.perUserLimit')}
              error={errors.perUserLimit?.message}
              hint={t('admin.coupons.unlimited')}
            >
              {(control) => <Form.Control {...register('perUserLimit')} {...control} inputMode="numeric" />}
            </Field>
          </Col>
        </Row>
        <fieldset className="mt-4">
          <legend className="h6">{t('admin.coupons.appliesTo')}</legend>
          <p className="small text-body-secondary">{t('admin.coupons.appliesToHint')}</p>
          <Row className="g-3">
            <Col md={6}>
              <CatalogueChecks control={control} name="departments" label={t('admin.coupons.departments')} />
            </Col>
            <Col md={6}>
              <CatalogueChecks control={control} name="categories" label={t('admin.coupons.categories')} />
            </Col>
            <Col xs={12}>
              <ProductPicker control={control} />
            </Col>
          </Row>
        </fieldset>
      </Form>
    </FormModal>
  );
}

/** Adds or takes out one id of a list. */
const toggled = (ids: readonly string[], id: string, on: boolean) =>
  on ? [...ids, id] : ids.filter((other) => other !== id);

/** The departments or categories a coupon is limited to, as a scrolling list of checkboxes. */
function CatalogueChecks({
  control,
  name,
  label,
}: {
  control: Control<CouponFormInput, unknown, CouponFields>;
  name: 'departments' | 'categories';
  label: string;
}) {
  const local = useLocalized();
  const departments = useGetDepartmentsQuery(undefined, { skip: name !== 'departments' });
  const categories = useGetCategoriesQuery(undefined, { skip: name !== 'categories' });
  const items: (Ref & Named)[] = (name === 'departments' ? departments.data : categories.data) ?? [];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div role="group" aria-labelledby={`coupon-${name}-label`}>
          <p id={`coupon-${name}-label`} className="form-label mb-1">
            {label}
          </p>
          <div className="coupon-checks border rounded p-2">
            {items.map((item) => (
              <Form.Check
                key={item._id}
                id={`coupon-${name}-${item._id}`}
                label={local.name(item).text}
                checked={field.value.includes(item._id)}
                onChange={(event) => field.onChange(toggled(field.value, item._id, event.target.checked))}
              />
            ))}
          </div>
        </div>
      )}
    />
  );
}

/** The products a coupon is limited to: found by name, shown as chips that take them out again. */
function ProductPicker({ control }: { control: Control<CouponFormInput, unknown, CouponFields> }) {
  const { t } = useTranslation();
  const local = useLocalized();
  const [q, setQ] = useState('');
  const found = useGetProductsQuery({ page: 1, limit: PICKER_RESULTS, q: q.trim() }, { skip: q.trim().length < 2 });
  return (
    <Controller
      control={control}
      name="products"
      render={({ field }) => (
        <div>
          <Form.Label htmlFor="coupon-product-search">{t('admin.coupons.products')}</Form.Label>
          {field.value.length > 0 && (
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('admin.coupons.chosenProducts')}>
              {field.value.map((id) => (
                <li key={id}>
                  <ProductChip id={id} onRemove={() => field.onChange(toggled(field.value, id, false))} />
                </li>
              ))}
            </ul>
          )}
          <Form.Control
            id="coupon-product-search"
            type="search"
            value={q}
            placeholder={t('admin.coupons.productSearch')}
            onChange={(event) => setQ(event.target.value)}
            autoComplete="off"
          />
          {found.data && q.trim().length >= 2 && (
            <ul className="list-group mt-2" aria-label={t('admin.coupons.productResults')}>
              {found.data.products.length === 0 && (
                <li className="list-group-item small text-body-secondary">{t('admin.coupons.noProducts')}</li>
              )}
              {found.data.products.map((product) => {
                const chosen = field.value.includes(product._id);
                return (
                  <li key={product._id} className="list-group-item d-flex justify-content-between gap-2">
                    <span className="text-truncate">{local.name(product).text}</span>
                    <Button
                      size="sm"
                      variant={chosen ? 'outline-secondary' : 'outline-primary'}
                      disabled={chosen}
                      onClick={() => field.onChange(toggled(field.value, product._id, true))}
                    >
                      {chosen ? t('admin.coupons.chosen') : t('admin.coupons.choose')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    />
  );
}

function ProductChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const local = useLocalized();
  const { data: product, isError } = useGetProductQuery(id);
  const name = product ? local.name(product).text : isError ? t('admin.coupons.productGone') : '…';
  return (
    <span className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-1 fw-normal fs-6">
      {name}
      <button
        type="button"
        className="btn-close btn-close-sm"
        aria-label={t('admin.coupons.removeProduct', { name })}
        onClick={onRemove}
      />
    </span>
  );
}
