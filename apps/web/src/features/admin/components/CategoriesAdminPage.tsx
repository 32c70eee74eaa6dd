import { useState, type ReactNode } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { z } from 'zod';
import { categoryCreateSchema, categoryUpdateSchema, IMAGE_MIME_TYPES, type Category } from '@shop/contracts';
import { ImageCardPlaceholder } from '../../../components/ImageCardPlaceholder';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { ProductImage } from '../../../components/ProductImage';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetCategoriesQuery, useGetDepartmentsQuery } from '../../catalog';
import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useSetCategoryImageMutation,
  useUpdateCategoryMutation,
} from '../api/adminApi';
import { imageFiles, requiredImages } from '../productForm';
import { useAdminForm } from '../useAdminForm';
import { ImageIcon } from './adminIcons';
import { Choices } from './Choices';
import { ArabicField } from './ArabicField';
import { Field } from './Field';
import { FilePicker } from './FilePicker';
import { FormModal } from './FormModal';
import { ImagePreviews } from './ImagePreviews';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';

type Dialog = 'image' | 'create' | 'update' | 'delete';

/** Four buttons, each opening its dialog, above the grid of every category. */
export function CategoriesAdminPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Dialog | null>(null);
  const query = useGetCategoriesQuery();
  const close = () => setOpen(null);

  return (
    <>
      <PageHeader title={t('admin.categories.title')} subtitle={t('admin.categories.subtitle')} />
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button variant="outline-primary" onClick={() => setOpen('image')}>
          <ImageIcon size={18} className="me-2" />
          {t('admin.categories.image')}
        </Button>
        <Button variant="primary" onClick={() => setOpen('create')}>
          <PlusIcon size={18} className="me-2" />
          {t('admin.categories.create')}
        </Button>
        <Button variant="outline-primary" onClick={() => setOpen('update')}>
          <PencilIcon size={18} className="me-2" />
          {t('admin.categories.update')}
        </Button>
        <Button variant="outline-danger" onClick={() => setOpen('delete')}>
          <TrashIcon size={18} className="me-2" />
          {t('admin.categories.delete')}
        </Button>
      </div>

      <section aria-labelledby="categories-grid">
        <h2 id="categories-grid" className="section-title">
          {t('admin.categories.all', { count: query.data?.length ?? 0 })}
        </h2>
        <QueryState
          query={query}
          placeholder={
            <CategoryGrid>
              {Array.from({ length: 8 }, (_, index) => (
                <Col as="li" key={index}>
                  <ImageCardPlaceholder cardClassName="dash-category" imageClassName="dash-category-img" />
                </Col>
              ))}
            </CategoryGrid>
          }
          empty={{ title: t('admin.categories.none') }}
        >
          {(categories) => (
            <CategoryGrid>
              {categories.map((category) => (
                <Col as="li" key={category._id}>
                  <CategoryTile category={category} />
                </Col>
              ))}
            </CategoryGrid>
          )}
        </QueryState>
      </section>

      <CategoryImageModal show={open === 'image'} onClose={close} categories={query.data} />
      <CreateCategoryModal show={open === 'create'} onClose={close} />
      <UpdateCategoryModal show={open === 'update'} onClose={close} categories={query.data} />
      <DeleteCategoryModal show={open === 'delete'} onClose={close} categories={query.data} />
    </>
  );
}

/** The categories as cards: one column on a phone, up to four on a wide screen. */
function CategoryGrid({ children }: { children: ReactNode }) {
  return (
    <Row as="ul" xs={1} sm={2} md={3} xl={4} className="g-3 list-unstyled">
      {children}
    </Row>
  );
}

function CategoryTile({ category }: { category: Category }) {
  const local = useLocalized();
  return (
    <Card className="dash-category h-100">
      <ProductImage
        src={category.image_path}
        alt=""
        className="dash-category-img card-img-top"
        width={400}
        height={160}
      />
      <Card.Body>
        <Card.Title as="h3" className="h6 fw-semibold mb-1">
          <Localized value={local.name(category)} />
        </Card.Title>
        <Card.Text className="small text-body-secondary mb-0">
          <Localized value={local.name(category.department)} />
        </Card.Text>
      </Card.Body>
    </Card>
  );
}

interface ModalProps {
  show: boolean;
  onClose: () => void;
}

interface CategoryModalProps extends ModalProps {
  categories?: Category[];
}

/** Category names repeat across departments ('Accessories'), so each choice says which department it is in. */
function useCategoryLabel() {
  const { t } = useTranslation();
  const local = useLocalized();
  return (category: Category) =>
    t('admin.categories.option', { name: local.name(category).text, department: local.name(category.department).text });
}

const imageSchema = z.object({ category: categoryUpdateSchema.shape.id, img: requiredImages(imageFiles()) });
const deleteSchema = z.object({ id: categoryUpdateSchema.shape.id });

function CategoryImageModal({ show, onClose, categories }: CategoryModalProps) {
  const { t } = useTranslation();
  const [upload, { isLoading }] = useSetCategoryImageMutation();
  const label = useCategoryLabel();
  const sendImages = ({ category, img }: z.output<typeof imageSchema>) => {
    const form = new FormData();
    for (const file of img) form.append('img', file);
    return upload({ id: category, form }).unwrap();
  };
  // The image upload shares the update's text.
  const {
    register,
    control,
    watch,
    submit,
    close,
    formState: { errors },
  } = useAdminForm(imageSchema, { category: '', img: [] }, sendImages, t('admin.toasts.categoryUpdated'), onClose);

  return (
    <FormModal
      show={show}
      title={t('admin.categories.image')}
      formId="category-image-form"
      busy={isLoading}
      onClose={close}
    >
      <Form id="category-image-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field id="category-image-category" label={t('admin.form.category')} error={errors.category?.message}>
          {(a11y) => (
            <Form.Select {...a11y} {...register('category')}>
              <Choices placeholder={t('admin.form.chooseCategory')} items={categories} label={label} />
            </Form.Select>
          )}
        </Field>
        <Controller
          name="img"
          control={control}
          render={({ field, fieldState }) => (
            <Field
              id="category-image-file"
              label={t('admin.form.image')}
              error={fieldState.error?.message}
              hint={t('admin.form.imageHint')}
            >
              {(a11y) => (
                <FilePicker
                  {...a11y}
                  id="category-image-file"
                  accept={IMAGE_MIME_TYPES.join(',')}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(Array.from(event.target.files ?? []))}
                />
              )}
            </Field>
          )}
        />
        <ImagePreviews files={watch('img')} />
      </Form>
    </FormModal>
  );
}

function CreateCategoryModal({ show, onClose }: ModalProps) {
  const { t } = useTranslation();
  const [create, { isLoading }] = useCreateCategoryMutation();
  const {
    register,
    submit,
    close,
    formState: { errors },
  } = useAdminForm(
    categoryCreateSchema,
    { department: '', name: '', nameAr: '' },
    (values) => create(values).unwrap(),
    t('admin.toasts.categoryAdded'),
    onClose,
  );

  return (
    <FormModal
      show={show}
      title={t('admin.categories.create')}
      formId="category-create-form"
      busy={isLoading}
      onClose={close}
    >
      <Form id="category-create-form" noValidate onSubmit={(event) => void submit(event)}>
        <CategoryFields idPrefix="category-create" register={register} errors={errors} />
      </Form>
    </FormModal>
  );
}

type CategoryField = 'department' | 'name' | 'nameAr';

/** The department and the two names a category is added or changed with. */
function CategoryFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: (field: CategoryField) => UseFormRegisterReturn;
  errors: Partial<Record<CategoryField, { message?: string }>>;
}) {
  const { t } = useTranslation();
  const { data: departments } = useGetDepartmentsQuery();
  return (
    <>
      <Field id={`${idPrefix}-department`} label={t('admin.form.department')} error={errors.department?.message}>
        {(a11y) => (
          <Form.Select {...a11y} {...register('department')}>
            <Choices placeholder={t('admin.form.chooseDepartment')} items={departments} />
          </Form.Select>
        )}
      </Field>
      <Field id={`${idPrefix}-name`} label={t('admin.form.name')} error={errors.name?.message}>
        {(a11y) => <Form.Control {...a11y} {...register('name')} maxLength={200} />}
      </Field>
      <ArabicField
        id={`${idPrefix}-name-ar`}
        kind="name"
        registration={register('nameAr')}
        error={errors.nameAr?.message}
      />
    </>
  );
}

function UpdateCategoryModal({ show, onClose, categories }: CategoryModalProps) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateCategoryMutation();
  const label = useCategoryLabel();
  const {
    register,
    setValue,
    submit,
    close,
    formState: { errors },
  } = useAdminForm(
    categoryUpdateSchema,
    { id: '', department: '', name: '', nameAr: '' },
    (values) => update(values).unwrap(),
    t('admin.toasts.categoryUpdated'),
    onClose,
  );

  return (
    <FormModal
      show={show}
      title={t('admin.categories.update')}
      formId="category-update-form"
      busy={isLoading}
      onClose={close}
    >
      <Form id="category-update-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field id="category-update-category" label={t('admin.form.category')} error={errors.id?.message}>
          {(a11y) => (
            <Form.Select
              {...a11y}
              {...register('id', {
                // Choosing a category fills in its department and name, ready to change.
                onChange: (event: { target: { value: string } }) => {
                  const chosen = categories?.find((category) => category._id === event.target.value);
                  setValue('department', chosen?.department._id ?? '', { shouldValidate: true });
                  setValue('name', chosen?.name ?? '', { shouldValidate: true });
                  setValue('nameAr', chosen?.nameAr ?? '', { shouldValidate: true });
                },
              })}
            >
              <Choices placeholder={t('admin.form.chooseCategory')} items={categories} label={label} />
            </Form.Select>
          )}
        </Field>
        <CategoryFields idPrefix="category-update" register={register} errors={errors} />
      </Form>
    </FormModal>
  );
}

function DeleteCategoryModal({ show, onClose, categories }: CategoryModalProps) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useDeleteCategoryMutation();
  const label = useCategoryLabel();
  const {
    register,
    submit,
    close,
    formState: { errors },
  } = useAdminForm(
    deleteSchema,
    { id: '' },
    ({ id }) => remove(id).unwrap(),
    t('admin.toasts.categoryDeleted'),
    onClose,
  );

  return (
    <FormModal
      show={show}
      title={t('admin.categories.delete')}
      formId="category-delete-form"
      busy={isLoading}
      onClose={close}
    >
      <Form id="category-delete-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          id="category-delete-category"
          label={t('admin.form.category')}
          error={errors.id?.message}
          hint={t('admin.categories.deleteHint')}
        >
          {(a11y) => (
            <Form.Select {...a11y} {...register('id')}>
              <Choices placeholder={t('admin.form.chooseCategory')} items={categories} label={label} />
            </Form.Select>
          )}
        </Field>
      </Form>
    </FormModal>
  );
}
