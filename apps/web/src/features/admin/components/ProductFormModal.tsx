import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { IMAGE_MIME_TYPES } from '@shop/contracts';
import type { TextKey } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { ProductImage } from '../../../components/ProductImage';
import { useGetDepartmentCategoriesQuery, useGetDepartmentsQuery, useGetProductQuery } from '../../catalog';
import { useSaveProductMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import {
  emptyProductForm,
  productFormData,
  productFormSchema,
  productToForm,
  type ProductFormInput,
  type ProductFormValues,
} from '../productForm';
import { Choices } from './Choices';
import { ArabicField } from './ArabicField';
import { Field } from './Field';
import { EtaProductCode } from './EtaProductCode';
import { FilePicker } from './FilePicker';
import { FormModal } from './FormModal';
import { ImagePreviews } from './ImagePreviews';
import { Switch } from '../../../components/Switch';

const FORM_ID = 'product-form';
const ACCEPT = IMAGE_MIME_TYPES.join(',');

interface NumberFieldSpec {
  name: 'price' | 'compareAtPrice' | 'stock' | 'weigth';
  id: string;
  label: TextKey;
  inputMode: 'decimal' | 'numeric';
  /** For a product with options, the note that its variants set this value: the field then only shows it. */
  setByVariants?: TextKey;
}

/**
 * The numbers of a product. Text inputs on purpose: a number input would swallow 'abc' silently instead of letting
 * the rule name it.
 */
const NUMBER_FIELDS: readonly NumberFieldSpec[] = [
  {
    name: 'price',
    id: 'product-price',
    label: 'admin.form.price',
    inputMode: 'decimal',
    setByVariants: 'admin.form.priceFromVariants',
  },
  {
    name: 'compareAtPrice',
    id: 'product-compare-at-price',
    label: 'admin.form.compareAtPrice',
    inputMode: 'decimal',
    setByVariants: 'admin.form.compareAtFromVariants',
  },
  {
    name: 'stock',
    id: 'product-stock',
    label: 'admin.form.stock',
    inputMode: 'numeric',
    setByVariants: 'admin.form.stockFromVariants',
  },
  { name: 'weigth', id: 'product-weigth', label: 'admin.form.weight', inputMode: 'decimal' },
];

/** The stock the admin typed and the one the server has after the save: units sold or given back meanwhile. */
interface StockMeanwhile {
  typed: number;
  stock: number;
}

/** 'Add New Product' without an id; with one, the update of that product, filled in from the server. */
export function ProductFormModal({ productId, onClose }: { productId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [save, { isLoading: saving }] = useSaveProductMutation();
  // The update starts from the product as the server has it now, not from a list that may be minutes old.
  const product = useGetProductQuery(productId ?? '', { skip: !productId, refetchOnMountOrArgChange: true });
  // Orders taken or given back while the admin edited: the form stays open on the stock the server now has, and says why.
  const [meanwhile, setMeanwhile] = useState<StockMeanwhile | null>(null);

  const meanwhileText = ({ typed, stock }: StockMeanwhile) => {
    // The server keeps the stock at 0 when more sold than the admin's change left: how many sold is then unknown.
    if (stock === 0) return t('admin.form.soldOutMeanwhile');
    return stock < typed
      ? t('admin.form.soldMeanwhile', { count: typed - stock, stock })
      : t('admin.form.returnedMeanwhile', { count: stock - typed, stock });
  };

  const submit = async (values: ProductFormValues) => {
    setMeanwhile(null);
    const saving = save({ id: productId, form: productFormData(values, productId) }).unwrap();
    const done = await notifyOutcome(
      saving,
      t(productId ? 'admin.toasts.productUpdated' : 'admin.toasts.productAdded'),
    );
    if (!done) return;
    const { stock } = await saving;
    if (productId && stock !== values.stock) setMeanwhile({ typed: values.stock, stock });
    else onClose();
  };

  return (
    <FormModal
      show
      title={t(productId ? 'admin.products.updateTitle' : 'admin.products.add')}
      formId={FORM_ID}
      busy={saving || product.isFetching}
      onClose={onClose}
      size="lg"
    >
      {!productId ? (
        <ProductForm defaultValues={emptyProductForm} imagesRequired onSubmit={submit} />
      ) : product.data ? (
        // Kept on screen while the product is read again after a save, so the focused Save button stays, and the
        // notice's live region is there before its words, which are then announced.
        <>
          <div role="status">{meanwhile && <div className="alert alert-info">{meanwhileText(meanwhile)}</div>}</div>
          <ProductForm
            // Filled afresh each time the product is read, as after a save the server's stock differs from the typed.
            key={product.fulfilledTimeStamp}
            defaultValues={productToForm(product.data)}
            currentImages={product.data.image_path}
            followsVariants={Boolean(product.data.options?.length)}
            onSubmit={submit}
          />
          <EtaProductCode productId={productId} />
        </>
      ) : product.isFetching ? (
        <PageLoader />
      ) : (
        <Alert variant="danger">{errorMessage(product.error) ?? t('common.loadFailed')}</Alert>
      )}
    </FormModal>
  );
}

interface ProductFormProps {
  defaultValues: ProductFormInput;
  imagesRequired?: boolean;
  /** The pictures the product has now (update only): new ones replace them. */
  currentImages?: string[];
  /** A product with options: its price and stock are its variants' (set in ProductVariantsModal), shown here only. */
  followsVariants?: boolean;
  onSubmit: (values: ProductFormValues) => Promise<void>;
}

/**
 * The product form: department first, then that department's categories; every rule checked
 * on change, on blur and on submit ('all'), with the shared contract messages.
 */
function ProductForm({
  defaultValues,
  imagesRequired = false,
  currentImages,
  followsVariants = false,
  onSubmit,
}: ProductFormProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getFieldState,
    watch,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema(imagesRequired ? 'required' : 'optional')),
    mode: 'all',
    defaultValues,
  });
  const department = watch('department');
  const departments = useGetDepartmentsQuery();
  // The category list stays empty until a department is chosen. currentData, not data: the
  // previous department's categories must not linger while the new ones load.
  const { currentData: categories, isFetching: categoriesLoading } = useGetDepartmentCategoriesQuery(department, {
    skip: !department,
  });

  return (
    <Form id={FORM_ID} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Row className="g-0 gx-md-3">
        <Col md={6}>
          <Controller
            name="department"
            control={control}
            render={({ field, fieldState }) => (
              <Field id="product-department" label={t('admin.form.department')} error={fieldState.error?.message}>
                {(a11y) => (
                  <Form.Select
                    {...a11y}
                    {...field}
                    onChange={(event) => {
                      field.onChange(event);
                      // Another department's categories do not fit: the category is chosen again.
                      setValue('category', '', { shouldValidate: getFieldState('category').isTouched });
                    }}
                  >
                    <Choices
                      placeholder={departments.isLoading ? t('common.loading') : t('admin.form.chooseDepartment')}
                      items={departments.data}
                    />
                  </Form.Select>
                )}
              </Field>
            )}
          />
        </Col>
        <Col md={6}>
          <Controller
            name="category"
            control={control}
            render={({ field, fieldState }) => (
              <Field
                id="product-category"
                label={t('admin.form.category')}
                error={fieldState.error?.message}
                hint={department ? undefined : t('admin.form.departmentFirst')}
              >
                {(a11y) => (
                  <Form.Select {...a11y} {...field} aria-busy={categoriesLoading}>
                    <Choices
                      placeholder={categoriesLoading ? t('common.loading') : t('admin.form.chooseCategory')}
                      items={department ? categories : undefined}
                    />
                  </Form.Select>
                )}
              </Field>
            )}
          />
        </Col>
      </Row>
      <Field id="product-name" label={t('admin.form.productName')} error={errors.productName?.message}>
        {(a11y) => <Form.Control {...a11y} {...register('productName')} dir="auto" maxLength={200} />}
      </Field>
      <ArabicField id="product-name-ar" kind="name" registration={register('nameAr')} error={errors.nameAr?.message} />
      <Field id="product-description" label={t('admin.form.description')} error={errors.description?.message}>
        {(a11y) => (
          <Form.Control {...a11y} {...register('description')} as="textarea" rows={3} dir="auto" maxLength={5000} />
        )}
      </Field>
      <ArabicField
        id="product-description-ar"
        kind="description"
        registration={register('descriptionAr')}
        error={errors.descriptionAr?.message}
      />
      <Row className="g-0 gx-md-3">
        <Col md={6}>
          <Field
            id="product-warranty"
            label={t('admin.form.warranty')}
            hint={t('admin.form.warrantyHint')}
            error={errors.warranty?.message}
          >
            {(a11y) => <Form.Control {...a11y} {...register('warranty')} dir="auto" maxLength={300} />}
          </Field>
        </Col>
        <Col md={6}>
          <Field id="product-warranty-ar" label={t('admin.form.warrantyAr')} error={errors.warrantyAr?.message}>
            {(a11y) => <Form.Control {...a11y} {...register('warrantyAr')} dir="rtl" lang="ar" maxLength={300} />}
          </Field>
        </Col>
      </Row>
      <Row className="g-0 gx-md-3">
        {NUMBER_FIELDS.map((spec) => (
          <Col md={6} key={spec.name}>
            <Field
              id={spec.id}
              label={t(spec.label)}
              error={errors[spec.name]?.message}
              hint={followsVariants && spec.setByVariants ? t(spec.setByVariants) : undefined}
            >
              {(a11y) => (
                <Form.Control
                  {...a11y}
                  {...register(spec.name)}
                  readOnly={followsVariants && Boolean(spec.setByVariants)}
                  inputMode={spec.inputMode}
                  autoComplete="off"
                />
              )}
            </Field>
          </Col>
        ))}
        <Col md={6}>
          <Field
            id="product-sale-ends-on"
            label={t('admin.form.saleEndsOn')}
            hint={t('admin.form.saleEndsOnHint')}
            error={errors.saleEndsOn?.message}
          >
            {(a11y) => <Form.Control {...a11y} {...register('saleEndsOn')} type="date" />}
          </Field>
        </Col>
      </Row>
      <Row className="g-0 gx-md-3 align-items-center">
        <Col md={8}>
          <Field id="product-brand" label={t('admin.form.brand')} error={errors.brand?.message}>
            {(a11y) => <Form.Control {...a11y} {...register('brand')} dir="auto" maxLength={100} />}
          </Field>
        </Col>
        <Col md={4}>
          <Switch id="product-cod" className="mb-3 mt-md-3" label={t('admin.form.cod')} {...register('cod')} />
        </Col>
      </Row>
      <Controller
        name="images"
        control={control}
        render={({ field, fieldState }) => (
          <Field
            id="product-images"
            label={t('admin.form.images')}
            error={fieldState.error?.message}
            hint={t(currentImages ? 'admin.form.imagesReplaceHint' : 'admin.form.imagesHint')}
          >
            {(a11y) => (
              <FilePicker
                {...a11y}
                id="product-images"
                multiple
                accept={ACCEPT}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(Array.from(event.target.files ?? []))}
              />
            )}
          </Field>
        )}
      />
      <ImagePreviews files={watch('images')} />
      {currentImages && currentImages.length > 0 && (
        <div>
          <p className="small fw-semibold mb-1">{t('admin.form.currentImages')}</p>
          <ul className="image-previews list-unstyled mb-0">
            {currentImages.map((src, index) => (
              <li key={src}>
                <ProductImage
                  src={src}
                  alt={t('admin.form.currentImage', { number: index + 1 })}
                  width={72}
                  height={72}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </Form>
  );
}
