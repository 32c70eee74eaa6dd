import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Link, matchPath } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { IMAGE_MIME_TYPES, type Banner, type BannerFields, type BannerState } from '@shop/contracts';
import { ArrowUpIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { patterns } from '../../../lib/paths';
import { useGetCategoriesQuery, useGetDepartmentsQuery } from '../../catalog';
import {
  useCreateBannerMutation,
  useDeleteBannerMutation,
  useGetBannersQuery,
  useOrderBannersMutation,
  useUpdateBannerMutation,
  useUploadBannerPictureMutation,
} from '../api/bannersApi';
import {
  BANNER_PICTURES,
  bannerFormSchema,
  bannerToForm,
  emptyBannerForm,
  type BannerFormInput,
  type BannerPicture,
} from '../bannerForm';
import { notifyOutcome } from '../notifyOutcome';
import { useConfirmed } from '../useConfirmed';
import { useAdminForm } from '../useAdminForm';
import { ConfirmDialog } from './ConfirmDialog';
import { Field } from './Field';
import { FilePicker } from './FilePicker';
import { FormModal } from './FormModal';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';
import { Switch } from '../../../components/Switch';

type Editing = { banner?: Banner } | null;

const STATE_COLOURS: Record<BannerState, string> = {
  live: 'success',
  scheduled: 'info',
  ended: 'dark',
  waitingForSale: 'warning',
  off: 'secondary',
};

/** Light badges take dark text: white on them is below WCAG's contrast. */
const DARK_TEXT = new Set<BannerState>(['scheduled', 'waitingForSale']);

/** A calendar day ('2027-02-08') in the reader's language, as a day: no time zone moves it. */
function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The home page's banners: each with its picture, its days and where it stands today (live, scheduled, ended…),
 * in the order the home shows them (the first four live). Add, edit, move up or down, delete.
 */
export function BannersAdminPage() {
  const { t } = useTranslation();
  const query = useGetBannersQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [order, { isLoading: ordering }] = useOrderBannersMutation();
  const [remove, { isLoading: removing }] = useDeleteBannerMutation();
  const {
    asked: deleting,
    ask: setDeleting,
    confirm: confirmDelete,
  } = useConfirmed((banner: Banner) => remove(banner._id).unwrap(), t('admin.banners.deleted'));

  const move = (index: number, by: -1 | 1) => {
    if (!query.data) return;
    const ids = query.data.map((b) => b._id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void notifyOutcome(order(ids).unwrap(), t('admin.banners.moved'));
  };
  const title = useRef<HTMLHeadingElement>(null);

  const table = (banners: Banner[]) => (
    <ScrollTable
      caption={t('admin.banners.title')}
      className="table dash-table dash-table-cards banners-table align-middle mb-0"
    >
      <thead>
        <tr>
          <th scope="col">{t('admin.banners.picture')}</th>
          <th scope="col">{t('admin.banners.banner')}</th>
          <th scope="col">{t('admin.banners.days')}</th>
          <th scope="col">{t('admin.banners.state')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('admin.common.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {banners.map((banner, index) => (
          <BannerRow
            key={banner._id}
            banner={banner}
            first={index === 0}
            last={index === banners.length - 1}
            busy={ordering}
            onUp={() => move(index, -1)}
            onDown={() => move(index, 1)}
            onEdit={() => setEditing({ banner })}
            onDelete={() => setDeleting(banner)}
          />
        ))}
      </tbody>
    </ScrollTable>
  );

  return (
    <>
      <PageHeader title={t('admin.banners.title')} subtitle={t('admin.banners.subtitle')} titleRef={title}>
        <Button variant="primary" onClick={() => setEditing({})}>
          <PlusIcon className="me-1" aria-hidden="true" />
          {t('admin.banners.add')}
        </Button>
      </PageHeader>
      <section className="dash-card p-0">
        <QueryState
          query={query}
          within="card"
          lines={3}
          empty={{ title: t('admin.banners.none'), hint: t('admin.banners.noneHint') }}
        >
          {table}
        </QueryState>
      </section>
      {editing && <BannerFormModal banner={editing.banner} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        show={Boolean(deleting)}
        title={t('admin.banners.deleteTitle')}
        confirmLabel={t('admin.banners.delete')}
        busy={removing}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        focusAfterDone={title}
      >
        {t('admin.banners.deleteConfirm', { name: deleting?.alt ?? '' })}
      </ConfirmDialog>
    </>
  );
}

interface BannerRowProps {
  banner: Banner;
  first: boolean;
  last: boolean;
  busy: boolean;
  onUp: () => void;
  onDown: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function BannerRow({ banner, first, last, busy, onUp, onDown, onEdit, onDelete }: BannerRowProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const arabic = i18n.language === 'ar';
  const name = arabic ? banner.altAr : banner.alt;
  const days =
    banner.startsOn && banner.endsOn
      ? t('admin.banners.fromTo', { from: formatDay(banner.startsOn, locale), to: formatDay(banner.endsOn, locale) })
      : banner.startsOn
        ? t('admin.banners.from', { from: formatDay(banner.startsOn, locale) })
        : banner.endsOn
          ? t('admin.banners.until', { to: formatDay(banner.endsOn, locale) })
          : t('admin.banners.always');
  return (
    <tr>
      <td className="cell-picture">
        <img
          src={arabic ? banner.imageAr : banner.image}
          alt=""
          width={160}
          height={60}
          className="banner-thumb rounded"
          loading="lazy"
        />
      </td>
      <th scope="row" className="fw-normal cell-name">
        <span className="d-block fw-semibold">{name}</span>
        {banner.link && <BannerLink link={banner.link} />}
        {banner.onlyDuringSale && <span className="d-block small">{t('admin.banners.onlyDuringSaleShort')}</span>}
      </th>
      <td className="cell-days">{days}</td>
      <td className="cell-state">
        <Badge bg={STATE_COLOURS[banner.state]} text={DARK_TEXT.has(banner.state) ? 'dark' : undefined}>
          {t(`admin.banners.states.${banner.state}`)}
        </Badge>
        {banner.state === 'live' && (
          <span className="d-block small text-body-secondary">
            {banner.shown ? t('admin.banners.shown') : t('admin.banners.notShown')}
          </span>
        )}
      </td>
      <td className="text-nowrap text-end cell-actions">
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-1"
          disabled={first || busy}
          onClick={onUp}
          aria-label={t('admin.banners.moveUp', { name })}
        >
          <ArrowUpIcon size={16} aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-1"
          disabled={last || busy}
          onClick={onDown}
          aria-label={t('admin.banners.moveDown', { name })}
        >
          <ArrowUpIcon size={16} aria-hidden="true" className="icon-down" />
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          className="me-1"
          onClick={onEdit}
          aria-label={t('admin.banners.editLabel', { name })}
        >
          <PencilIcon size={16} aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={t('admin.banners.deleteLabel', { name })}
        >
          <TrashIcon size={16} aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}

/**
 * Where a banner leads. Its address names a department or category by id: their name, in the page's language, as a
 * link; any other page, or one whose department or category is gone, by its path.
 */
function BannerLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const local = useLocalized();
  const path = link.split(/[?#]/)[0] ?? '';
  const department = matchPath(patterns.department, path)?.params.id;
  const category = matchPath(patterns.category, path)?.params.id;
  const departments = useGetDepartmentsQuery(undefined, { skip: !department });
  const categories = useGetCategoriesQuery(undefined, { skip: !category });
  const target = department
    ? departments.data?.find((d) => d._id === department)
    : categories.data?.find((c) => c._id === category);
  return target ? (
    <span className="d-block small">
      {t('admin.banners.link')}:{' '}
      <Link to={link} className="tap-inline">
        <Localized value={local.name(target)} />
      </Link>
    </span>
  ) : (
    <code className="small text-body-secondary text-break" dir="ltr">
      {link}
    </code>
  );
}

const FORM_ID = 'banner-form';

/** 'New banner' without a banner; with one, its edit. */
function BannerFormModal({ banner, onClose }: { banner?: Banner; onClose: () => void }) {
  const { t } = useTranslation();
  const [create, created] = useCreateBannerMutation();
  const [update, updated] = useUpdateBannerMutation();
  const send = (values: Parameters<typeof create>[0]) =>
    (banner ? update({ id: banner._id, banner: values }) : create(values)).unwrap();
  const {
    register,
    control,
    submit,
    close,
    formState: { errors },
  } = useAdminForm(
    bannerFormSchema,
    banner ? bannerToForm(banner) : emptyBannerForm,
    send,
    t(banner ? 'admin.banners.updated' : 'admin.banners.created'),
    onClose,
  );

  return (
    <FormModal
      show
      title={banner ? t('admin.banners.editTitle') : t('admin.banners.add')}
      formId={FORM_ID}
      busy={created.isLoading || updated.isLoading}
      onClose={close}
      size="lg"
    >
      <Form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <p className="text-body-secondary small">{t('admin.banners.picturesHint')}</p>
        <Row className="g-3 mb-3">
          {BANNER_PICTURES.map((picture) => (
            <Col md={6} key={picture}>
              <PictureField picture={picture} control={control} />
            </Col>
          ))}
        </Row>
        <Row className="g-3">
          <Col md={6}>
            <Field id="banner-alt" label={t('admin.banners.alt')} error={errors.alt?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('alt')} dir="ltr" lang="en" maxLength={200} />}
            </Field>
          </Col>
          <Col md={6}>
            <Field id="banner-alt-ar" label={t('admin.banners.altAr')} error={errors.altAr?.message}>
              {(a11y) => <Form.Control {...a11y} {...register('altAr')} dir="rtl" lang="ar" maxLength={200} />}
            </Field>
          </Col>
          <Col md={12}>
            <Field
              id="banner-link"
              label={t('admin.banners.link')}
              error={errors.link?.message}
              hint={t('admin.banners.linkHint')}
            >
              {(a11y) => (
                <Form.Control
                  {...a11y}
                  {...register('link')}
                  dir="ltr"
                  autoComplete="off"
                  placeholder="/searchResults/…"
                />
              )}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="banner-starts"
              label={t('admin.banners.startsOn')}
              error={errors.startsOn?.message}
              hint={t('admin.banners.openHint')}
            >
              {(a11y) => <Form.Control {...a11y} type="date" {...register('startsOn')} />}
            </Field>
          </Col>
          <Col md={6}>
            <Field
              id="banner-ends"
              label={t('admin.banners.endsOn')}
              error={errors.endsOn?.message}
              hint={t('admin.banners.openHint')}
            >
              {(a11y) => <Form.Control {...a11y} type="date" {...register('endsOn')} />}
            </Field>
          </Col>
          <Col md={12}>
            <Switch
              id="banner-only-during-sale"
              label={t('admin.banners.onlyDuringSale')}
              {...register('onlyDuringSale')}
            />
            <Switch id="banner-enabled" label={t('admin.banners.enabled')} {...register('enabled')} />
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}

/**
 * One of a banner's four pictures: its preview and a file box. A chosen file is uploaded at once (re-encoded by the
 * server) and the field keeps where it was stored; the banner's save sends that. The phone's pictures may be cleared.
 */
function PictureField({
  picture,
  control,
}: {
  picture: BannerPicture;
  control: Control<BannerFormInput, unknown, BannerFields>;
}) {
  const { t } = useTranslation();
  const [upload, { isLoading }] = useUploadBannerPictureMutation();
  const id = `banner-${picture}`;
  const optional = picture === 'imageNarrow' || picture === 'imageNarrowAr';
  return (
    <Controller
      name={picture}
      control={control}
      render={({ field, fieldState }) => {
        const choose = async (event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const form = new FormData();
          form.append('img', file);
          const stored = upload(form).unwrap();
          if (await notifyOutcome(stored, t('admin.banners.uploaded'))) field.onChange((await stored).path);
        };
        return (
          <Field
            id={id}
            label={t(`admin.banners.pictures.${picture}`)}
            error={fieldState.error?.message}
            hint={optional ? t('admin.banners.narrowHint') : t('admin.banners.wideHint')}
            className="mb-0"
          >
            {(a11y) => (
              <>
                <div className="banner-preview rounded mb-2">
                  {field.value ? (
                    <img src={field.value} alt={t('admin.banners.preview')} className="w-100 h-100" />
                  ) : (
                    <span className="small text-body-secondary">{t('admin.banners.noPicture')}</span>
                  )}
                  {isLoading && <Spinner animation="border" size="sm" className="banner-preview-busy" />}
                </div>
                <div className="d-flex gap-2 align-items-start">
                  {/* A new picture (uploaded, or cleared) is a new box: it names no file of before, and takes the same again. */}
                  <FilePicker
                    key={field.value}
                    {...a11y}
                    id={id}
                    accept={IMAGE_MIME_TYPES.join(',')}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    disabled={isLoading}
                    onChange={(event) => void choose(event)}
                  />
                  {optional && field.value && (
                    <Button variant="outline-secondary" onClick={() => field.onChange('')}>
                      {t('admin.banners.clear')}
                    </Button>
                  )}
                </div>
              </>
            )}
          </Field>
        );
      }}
    />
  );
}
