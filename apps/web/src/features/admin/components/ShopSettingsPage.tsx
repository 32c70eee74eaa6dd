import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { shopSettingsSchema, type ShopSettings } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { useGetShopSettingsQuery, useSaveShopSettingsMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import { Field } from './Field';
import { PageHeader } from './PageHeader';
import { SaveBar } from './SaveBar';
import { QueryState } from './QueryState';

/** The shop's details and pages: what the storefront's footer says of the seller and the pages it links to. */
export function ShopSettingsPage() {
  const { t } = useTranslation();
  const query = useGetShopSettingsQuery();
  return (
    <>
      <PageHeader title={t('admin.shop.title')} subtitle={t('admin.shop.subtitle')} />
      <QueryState query={query} lines={6}>
        {(data) => <ShopForm settings={data} />}
      </QueryState>
    </>
  );
}

function ShopForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation();
  const [save, { isLoading: saving }] = useSaveShopSettingsMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ShopSettings>({ resolver: zodResolver(shopSettingsSchema), mode: 'onTouched', defaultValues: settings });

  const submit = handleSubmit(async (values) => {
    const saved = save(values).unwrap();
    if (await notifyOutcome(saved, t('admin.toasts.shopSaved'))) reset(await saved);
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <section className="dash-card" aria-labelledby="shop-details-title">
        <h2 id="shop-details-title" className="dash-card-title">
          {t('admin.shop.details')}
        </h2>
        <p className="small text-body-secondary">{t('admin.shop.detailsHint')}</p>
        <Row className="g-0 gx-md-3">
          <Col md={6}>
            <Field id="shop-phone" label={t('admin.shop.phone')} error={errors.details?.phone?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('details.phone')} type="tel" dir="ltr" />}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="shop-whatsapp"
              label={t('admin.shop.whatsapp')}
              hint={t('admin.shop.whatsappHint')}
              error={errors.details?.whatsapp?.message}
            >
              {(a11y) => <Form.Control {...a11y} {...register('details.whatsapp')} type="tel" dir="ltr" />}
            </Field>
          </Col>
          <Col md={6}>
            <Field id="shop-address" label={t('admin.shop.address')} error={errors.details?.address?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('details.address')} dir="ltr" lang="en" />}
            </Field>
          </Col>
          <Col md={6}>
            <Field id="shop-address-ar" label={t('admin.shop.addressAr')} error={errors.details?.addressAr?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('details.addressAr')} dir="rtl" lang="ar" />}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="shop-commercial-register"
              label={t('admin.shop.commercialRegister')}
              error={errors.details?.commercialRegister?.message}
            >
              {(a11y) => <Form.Control {...a11y} {...register('details.commercialRegister')} dir="ltr" />}
            </Field>
          </Col>
          <Col md={6}>
            <Field id="shop-tax-number" label={t('admin.shop.taxNumber')} error={errors.details?.taxNumber?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('details.taxNumber')} dir="ltr" />}
            </Field>
          </Col>
        </Row>
      </section>

      {settings.pages.map((page, index) => {
        const pageErrors = errors.pages?.[index];
        const id = `shop-page-${page.page}`;
        return (
          <section key={page.page} className="dash-card mt-4" aria-labelledby={`${id}-title`}>
            <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
              <h2 id={`${id}-title`} className="dash-card-title">
                {t(`admin.shop.pages.${page.page}`)}
              </h2>
              <Link to={paths.shopPage(page.page)} target="_blank" className="small tap-inline">
                {t('admin.shop.view')}
              </Link>
            </div>
            <p className="small text-body-secondary">{t('admin.shop.markupHint')}</p>
            <Row className="g-0 gx-lg-3">
              <Col lg={6}>
                <Field id={`${id}-title-en`} label={t('admin.shop.titleEn')} error={pageErrors?.title?.message}>
                  {(a11y) => (
                    <Form.Control {...a11y} {...register(`pages.${index}.title`)} maxLength={120} dir="ltr" lang="en" />
                  )}
                </Field>
                <Field id={`${id}-body-en`} label={t('admin.shop.bodyEn')} error={pageErrors?.body?.message}>
                  {(a11y) => (
                    <Form.Control
                      {...a11y}
                      {...register(`pages.${index}.body`)}
                      as="textarea"
                      rows={12}
                      dir="ltr"
                      lang="en"
                    />
                  )}
                </Field>
              </Col>
              <Col lg={6}>
                <Field id={`${id}-title-ar`} label={t('admin.shop.titleAr')} error={pageErrors?.titleAr?.message}>
                  {(a11y) => (
                    <Form.Control
                      {...a11y}
                      {...register(`pages.${index}.titleAr`)}
                      maxLength={120}
                      dir="rtl"
                      lang="ar"
                    />
                  )}
                </Field>
                <Field id={`${id}-body-ar`} label={t('admin.shop.bodyAr')} error={pageErrors?.bodyAr?.message}>
                  {(a11y) => (
                    <Form.Control
                      {...a11y}
                      {...register(`pages.${index}.bodyAr`)}
                      as="textarea"
                      rows={12}
                      dir="rtl"
                      lang="ar"
                    />
                  )}
                </Field>
              </Col>
            </Row>
          </section>
        );
      })}

      <SaveBar
        label={t('admin.shop.save')}
        saving={saving}
        status={isDirty ? t('admin.shop.unsaved') : t('admin.shop.saved')}
      />
    </Form>
  );
}
