import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link, useSearchParams } from 'react-router';
import { LOW_STOCK_THRESHOLD, type Product } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { Refreshing } from '../../../components/Refreshing';
import { PencilIcon, PlusIcon, SearchIcon, TrashIcon } from '../../../components/icons';
import { Pagination } from '../../../components/Pagination';
import { Price } from '../../../components/Price';
import { ProductImage } from '../../../components/ProductImage';
import { useListFilter, usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useDeleteProductMutation, useGetDashboardProductsQuery } from '../api/adminApi';
import { useConfirmed } from '../useConfirmed';
import { ConfirmDialog } from './ConfirmDialog';
import { CsvExportButton } from './CsvExportButton';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ProductImportDialog } from './ProductImportDialog';
import { ScrollTable } from './ScrollTable';
import { ProductStock } from './StockBadge';
import { ProductFormModal } from './ProductFormModal';
import { ProductVariantsModal } from './ProductVariantsModal';
import { paths } from '../../../lib/paths';
import { Switch } from '../../../components/Switch';

const PAGE_SIZE = 20;
/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

type Editing = { mode: 'create' } | { mode: 'update'; id: string } | null;

/** DashProducts: the catalogue as a searchable table, with add, update and delete. */
export function ProductsAdminPage() {
  const { t } = useTranslation();
  const local = useLocalized();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  // Those with LOW_STOCK_THRESHOLD or fewer in stock, fewest first: the overview's "See all" opens them.
  const lowStock = params.get('stock') === 'low';
  const { page, setPage } = usePageParam();
  const query = useGetDashboardProductsQuery({ page, limit: PAGE_SIZE, q, lowStock });
  const { data, isFetching } = query;
  usePageBounds(page, data?.pages, setPage);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  // The product whose options and variants are being edited.
  const [variantsOf, setVariantsOf] = useState<string | null>(null);
  const [deleteProduct, { isLoading: removing }] = useDeleteProductMutation();
  const {
    asked: deleting,
    ask: setDeleting,
    confirm: remove,
  } = useConfirmed((product: Product) => deleteProduct(product._id).unwrap(), t('admin.toasts.productDeleted'));

  const filterBy = useListFilter<'q' | 'stock'>();
  const search = useCallback((text: string) => filterBy('q', text, { replace: true }), [filterBy]);

  const title = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <PageHeader title={t('admin.products.title')} subtitle={t('admin.products.subtitle')} titleRef={title}>
        <CsvExportButton url="/api/admin/products/export" label={t('admin.products.export')} />
        <Button variant="outline-primary" onClick={() => setImporting(true)}>
          {t('admin.import.open')}
        </Button>
        <Button variant="primary" onClick={() => setEditing({ mode: 'create' })}>
          <PlusIcon size={18} className="me-2" />
          {t('admin.products.add')}
        </Button>
      </PageHeader>

      <div className="d-flex flex-wrap align-items-center column-gap-4 row-gap-2 mb-3">
        <SearchForm initial={q} onSearch={search} />
        <Switch
          id="products-low-stock"
          label={t('admin.products.lowStockOnly', { threshold: LOW_STOCK_THRESHOLD })}
          checked={lowStock}
          onChange={(event) => filterBy('stock', event.target.checked ? 'low' : '')}
        />
      </div>

      <QueryState
        query={query}
        placeholder={<TablePlaceholder />}
        empty={{
          title: q
            ? t('admin.products.noMatch', { q })
            : lowStock
              ? t('admin.products.noLowStock')
              : t('admin.products.empty'),
          when: (data) => !data.products.length,
        }}
      >
        {(data) => (
          <Refreshing busy={isFetching} className="dash-card p-0">
            <ScrollTable
              caption={t('admin.products.title')}
              className="table dash-table dash-table-cards products-table align-middle mb-0"
            >
              <thead>
                <tr>
                  <th scope="col">{t('admin.products.image')}</th>
                  <th scope="col">{t('admin.products.name')}</th>
                  <th scope="col">{t('admin.products.category')}</th>
                  <th scope="col" className="text-end">
                    {t('admin.products.price')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('admin.products.stock')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('admin.common.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.products.map((product) => (
                  <tr
                    key={product._id}
                    className={
                      product.stock <= LOW_STOCK_THRESHOLD || product.lowSizes?.length ? 'is-low-stock' : undefined
                    }
                  >
                    <td className="cell-image">
                      <ProductImage src={product.image_path[0]} alt="" className="dash-thumb" width={48} height={48} />
                    </td>
                    <td className="dash-cell-name cell-name">
                      <Link to={paths.product(product._id)} className="fw-semibold tap-inline">
                        <Localized value={local.name(product)} />
                      </Link>
                      <bdi className="d-block small text-body-secondary">{product.brand}</bdi>
                    </td>
                    <td className="cell-category">
                      <Localized value={local.name(product.category)} />
                      <span className="d-block small text-body-secondary">
                        <Localized value={local.name(product.department)} />
                      </span>
                    </td>
                    <td className="cell-price text-end text-nowrap">
                      <Price value={product.price} />
                    </td>
                    <td className="cell-stock text-end" data-label={t('admin.products.stock')}>
                      <ProductStock stock={product.stock} lowSizes={product.lowSizes} />
                    </td>
                    <td className="cell-actions">
                      <div className="dash-actions">
                        <Button
                          variant="outline-primary"
                          size="sm"
                          onClick={() => setEditing({ mode: 'update', id: product._id })}
                          aria-label={t('admin.products.updateNamed', { name: local.name(product).text })}
                        >
                          <PencilIcon size={16} className="me-1" />
                          {t('admin.products.update')}
                        </Button>
                        <Button
                          variant="outline-secondary"
                          size="sm"
                          onClick={() => setVariantsOf(product._id)}
                          aria-label={t('admin.products.variantsNamed', { name: local.name(product).text })}
                        >
                          {t('admin.products.variants')}
                        </Button>
                        <Button
                          variant="outline-danger"
                          size="sm"
                          onClick={() => setDeleting(product)}
                          aria-label={t('admin.products.deleteNamed', { name: local.name(product).text })}
                        >
                          <TrashIcon size={16} className="me-1" />
                          {t('admin.products.delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </Refreshing>
        )}
      </QueryState>
      {data && <Pagination page={page} pages={data.pages} />}

      {editing && (
        <ProductFormModal
          productId={editing.mode === 'update' ? editing.id : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <ProductImportDialog onClose={() => setImporting(false)} />}
      {variantsOf && <ProductVariantsModal productId={variantsOf} onClose={() => setVariantsOf(null)} />}
      <ConfirmDialog
        show={deleting !== null}
        title={t('admin.products.deleteTitle')}
        confirmLabel={t('admin.products.delete')}
        busy={removing}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        focusAfterDone={title}
      >
        {t('admin.products.deleteText', { name: deleting ? local.name(deleting).text : '' })}
      </ConfirmDialog>
    </>
  );
}

/** Searches as the admin types (after a short pause), or at once on Enter. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  // The last search this box sent: any other change of the URL (back, forward) is shown in the box.
  const sent = useRef(initial);
  useEffect(() => {
    if (initial === sent.current) return;
    sent.current = initial;
    setText(initial);
  }, [initial]);

  const send = useCallback(
    (value: string) => {
      sent.current = value.trim();
      onSearch(value.trim());
    },
    [onSearch],
  );
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => send(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, send]);

  return (
    <Form
      role="search"
      className="dash-search flex-grow-1"
      onSubmit={(event) => {
        event.preventDefault();
        send(text);
      }}
    >
      <Form.Label htmlFor="product-search" className="visually-hidden">
        {t('admin.products.search')}
      </Form.Label>
      <div className="position-relative">
        <SearchIcon size={18} className="dash-search-icon" />
        <Form.Control
          id="product-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('admin.products.searchPlaceholder')}
        />
      </div>
    </Form>
  );
}

function TablePlaceholder() {
  return (
    <div className="dash-card">
      {Array.from({ length: 6 }, (_, index) => (
        <Placeholder key={index} as="div" animation="glow" className="d-flex gap-3 align-items-center py-2">
          <Placeholder className="dash-thumb" /> <Placeholder xs={4} /> <Placeholder xs={2} /> <Placeholder xs={2} />
        </Placeholder>
      ))}
    </div>
  );
}
