import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  labelVariant,
  MAX_PRODUCT_OPTIONS,
  productVariantsSchema,
  variantValues,
  type ChosenOption,
  type ProductDetail,
  type ProductOption,
  type ProductVariantsInput,
} from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import type { TextKey } from '../../../i18n';
import { Localized } from '../../../components/Localized';
import { PageLoader } from '../../../components/PageLoader';
import { useLocalized } from '../../../i18n/localized';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetProductQuery } from '../../catalog';
import { useSaveVariantsMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import {
  draftsOf,
  emptyOption,
  gridOf,
  gridStock,
  optionsOf,
  variantsBody,
  type OptionDraft,
  type RowDraft,
} from '../variantGrid';
import { ConfirmDialog } from './ConfirmDialog';
import { FormModal } from './FormModal';
import { ScrollTable } from './ScrollTable';

const FORM_ID = 'variants-form';

/**
 * A row's typed cells, in the grid's order: text inputs, so a rule can name what is wrong with what was typed. Each
 * class gives its input the room its value needs (admin.css): squeezed into a phone's grid, a SKU showed "AI".
 */
const ROW_FIELDS: readonly {
  field: 'sku' | 'price' | 'compareAtPrice' | 'stock';
  label: TextKey;
  inputMode?: 'decimal' | 'numeric';
  className: string;
}[] = [
  { field: 'sku', label: 'admin.variants.sku', className: 'variant-sku' },
  { field: 'price', label: 'admin.variants.price', inputMode: 'decimal', className: 'variant-price' },
  {
    field: 'compareAtPrice',
    label: 'admin.variants.compareAtPrice',
    inputMode: 'decimal',
    className: 'variant-price',
  },
  { field: 'stock', label: 'admin.variants.stock', inputMode: 'numeric', className: 'variant-stock' },
];

/**
 * A row's options with their Arabic as the options above give it (labelVariant), in the row's own order; one those
 * options no longer name (edited since the grid was made) keeps its English, so every row fills every column.
 */
const labelRow = (options: readonly ProductOption[], row: RowDraft): ChosenOption[] =>
  Object.entries(row.options).map(
    ([name, value]) => labelVariant(options, { [name]: value })[0] ?? { name, nameAr: null, value, valueAr: null },
  );

/** The dashboard's editor of a product's options and its variant grid, saved whole. */
export function ProductVariantsModal({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const local = useLocalized();
  const product = useGetProductQuery(productId, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSaveVariantsMutation();
  const name = product.data ? local.name(product.data).text : '';

  return (
    <FormModal
      show
      title={t('admin.variants.title', { name })}
      formId={FORM_ID}
      busy={saving || product.isFetching}
      onClose={onClose}
      size="lg"
    >
      {product.isFetching ? (
        <PageLoader />
      ) : product.data ? (
        <VariantsForm
          product={product.data}
          onSubmit={async (body) => {
            const done = await notifyOutcome(save({ id: productId, body }).unwrap(), t('admin.variants.saved'));
            if (done) onClose();
          }}
        />
      ) : (
        <Alert variant="danger">{errorMessage(product.error) ?? t('common.loadFailed')}</Alert>
      )}
    </FormModal>
  );
}

function VariantsForm({
  product,
  onSubmit,
}: {
  product: ProductDetail;
  onSubmit: (body: ProductVariantsInput) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const local = useLocalized();
  const start = draftsOf(product);
  const [options, setOptions] = useState<OptionDraft[]>(start.options);
  const [rows, setRows] = useState<RowDraft[]>(start.rows);
  const [bulk, setBulk] = useState({ price: '', stock: '' });
  const [error, setError] = useState<string | null>(null);
  // A grid that leaves nothing in stock waits here until the admin confirms it.
  const [emptying, setEmptying] = useState<ProductVariantsInput | null>(null);

  const setOption = (index: number, change: Partial<OptionDraft>) =>
    setOptions((list) => list.map((option, i) => (i === index ? { ...option, ...change } : option)));
  const setRow = (index: number, change: Partial<RowDraft>) =>
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const makeGrid = () =>
    setRows((previous) =>
      gridOf(optionsOf(options), previous, {
        skuBase: product.brand.slice(0, 4),
        price: String(product.price),
        stock: product.stock,
      }),
    );
  const applyBulk = () =>
    setRows((list) => list.map((row) => ({ ...row, price: bulk.price || row.price, stock: bulk.stock || row.stock })));
  // The grid speaks the page's language; its rows, and what is saved, stay keyed by the English names and values.
  const typed = optionsOf(options);
  const rowName = (row: RowDraft) => variantValues({ options: labelRow(typed, row) }, local.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The shared rules first, so a grid the server would refuse says why at once.
    const parsed = productVariantsSchema.safeParse(variantsBody(optionsOf(options), rows));
    if (!parsed.success) {
      setError(translateValidation(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    setError(null);
    if (product.stock > 0 && gridStock(parsed.data.variants) === 0) setEmptying(parsed.data);
    else void onSubmit(parsed.data);
  };

  return (
    <Form id={FORM_ID} noValidate onSubmit={submit}>
      <p className="small text-body-secondary">{t('admin.variants.intro')}</p>
      {options.map((option, index) => (
        <fieldset key={index} className="border rounded-3 p-3 mb-3">
          <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">
            {t('admin.variants.option', { number: index + 1 })}
          </legend>
          <div className="row g-2">
            <Form.Group className="col-sm-6" controlId={`option-${index}-name`}>
              <Form.Label>{t('admin.variants.optionName')}</Form.Label>
              <Form.Control value={option.name} onChange={(e) => setOption(index, { name: e.target.value })} />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId={`option-${index}-name-ar`}>
              <Form.Label>{t('admin.variants.optionNameAr')}</Form.Label>
              <Form.Control
                dir="rtl"
                lang="ar"
                value={option.nameAr}
                onChange={(e) => setOption(index, { nameAr: e.target.value })}
              />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId={`option-${index}-values`}>
              <Form.Label>{t('admin.variants.values')}</Form.Label>
              <Form.Control value={option.values} onChange={(e) => setOption(index, { values: e.target.value })} />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId={`option-${index}-values-ar`}>
              <Form.Label>{t('admin.variants.valuesAr')}</Form.Label>
              <Form.Control
                dir="rtl"
                lang="ar"
                value={option.valuesAr}
                onChange={(e) => setOption(index, { valuesAr: e.target.value })}
              />
            </Form.Group>
          </div>
          <Button
            variant="link"
            size="sm"
            className="text-danger px-0 mt-2"
            onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
          >
            {t('admin.variants.removeOption', { number: index + 1 })}
          </Button>
        </fieldset>
      ))}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          variant="outline-secondary"
          disabled={options.length >= MAX_PRODUCT_OPTIONS}
          onClick={() => setOptions((list) => [...list, emptyOption()])}
        >
          {t('admin.variants.addOption')}
        </Button>
        <Button variant="outline-primary" onClick={makeGrid}>
          {t('admin.variants.makeGrid')}
        </Button>
      </div>

      <ConfirmDialog
        show={emptying !== null}
        title={t('admin.variants.emptyingTitle')}
        confirmLabel={t('admin.variants.emptyingConfirm')}
        busy={false}
        onConfirm={() => {
          if (emptying) void onSubmit({ ...emptying, emptyStock: true });
          setEmptying(null);
        }}
        onCancel={() => setEmptying(null)}
      >
        <p className="mb-0">{t('admin.variants.emptyingText', { stock: product.stock })}</p>
      </ConfirmDialog>
      {rows.length === 0 ? (
        <p className="text-body-secondary">{t('admin.variants.empty')}</p>
      ) : (
        <>
          <p className="small" data-testid="grid-stock">
            {t('admin.variants.totalStock', { total: gridStock(rows), before: product.stock })}
          </p>
          <fieldset className="d-flex flex-wrap align-items-end gap-2 mb-3">
            <legend className="fs-6 fw-semibold mb-1">{t('admin.variants.bulk')}</legend>
            <Form.Group controlId="bulk-price">
              <Form.Label className="small">{t('admin.variants.bulkPrice')}</Form.Label>
              <Form.Control
                inputMode="decimal"
                size="sm"
                value={bulk.price}
                onChange={(e) => setBulk({ ...bulk, price: e.target.value })}
              />
            </Form.Group>
            <Form.Group controlId="bulk-stock">
              <Form.Label className="small">{t('admin.variants.bulkStock')}</Form.Label>
              <Form.Control
                inputMode="numeric"
                size="sm"
                value={bulk.stock}
                onChange={(e) => setBulk({ ...bulk, stock: e.target.value })}
              />
            </Form.Group>
            <Button size="sm" variant="outline-primary" onClick={applyBulk}>
              {t('admin.variants.apply')}
            </Button>
          </fieldset>
          <ScrollTable
            caption={t('admin.products.variants')}
            className="table dash-table variants-table align-middle mb-0"
          >
            <thead>
              <tr>
                {(rows[0] ? labelRow(typed, rows[0]) : []).map((option) => (
                  <th key={option.name} scope="col">
                    <Localized value={local.name(option)} />
                  </th>
                ))}
                {ROW_FIELDS.map(({ field, label }) => (
                  <th key={field} scope="col">
                    {t(label)}
                  </th>
                ))}
                <th scope="col">{t('admin.variants.picture')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row._id ?? Object.values(row.options).join('/')}>
                  {/* A value is one name: "128 جيجا" on one line, the grid scrolling sideways instead. */}
                  {labelRow(typed, row).map((option) => (
                    <td key={option.name} className="text-nowrap">
                      <Localized value={local.name({ name: option.value, nameAr: option.valueAr })} />
                    </td>
                  ))}
                  {ROW_FIELDS.map(({ field, label, inputMode, className }) => (
                    <td key={field}>
                      <Form.Control
                        size="sm"
                        className={className}
                        inputMode={inputMode}
                        aria-label={`${t(label)}: ${rowName(row)}`}
                        value={row[field]}
                        onChange={(e) => setRow(index, { [field]: e.target.value })}
                      />
                    </td>
                  ))}
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`${t('admin.variants.picture')}: ${rowName(row)}`}
                      value={row.image}
                      onChange={(e) => setRow(index, { image: e.target.value })}
                    >
                      <option value="">{t('admin.variants.productPicture')}</option>
                      {product.image_path.map((image, i) => (
                        <option key={image} value={image}>
                          {t('admin.variants.pictureNumber', { number: (i + 1).toLocaleString(i18n.language) })}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                  <td>
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger"
                      onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
                    >
                      {t('admin.variants.removeRow', { name: rowName(row) })}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
      {error && (
        <Alert variant="danger" className="mt-3 mb-0">
          {error}
        </Alert>
      )}
    </Form>
  );
}
