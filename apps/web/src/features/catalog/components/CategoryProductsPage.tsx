import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/LoadFailed';
import { Localized } from '../../../components/Localized';
import { PageHead } from '../../../components/PageHead';
import { ProductGrid } from '../../../components/ProductGrid';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import {
  categoryProductsArgs,
  useGetCategoriesQuery,
  useGetDepartmentsQuery,
  useGetProductsQuery,
} from '../api/catalogApi';
import { useProductActions } from '../../productActions';
import { FilteredList, NoMatch, SortMenu, useProductFilters } from '../../filters';
import { paths } from '../../../lib/paths';
import { sortOrderOf } from '../../../lib/sortOrder';

/** One category's products as a grid without pagination, beside their filters, in the order the shopper chose. */
export function CategoryProductsPage() {
  const { t } = useTranslation();
  const local = useLocalized();
  const { id = '' } = useParams();
  const { filters, params } = useProductFilters();
  const { data, isLoading, isFetching, isError, refetch } = useGetProductsQuery(
    categoryProductsArgs(id, filters, sortOrderOf(params)),
  );
  const { category } = useGetCategoriesQuery(undefined, {
    selectFromResult: ({ data: categories }) => ({ category: categories?.find((item) => item._id === id) }),
  });
  const departmentId = category?.department._id ?? data?.products[0]?.department._id;
  const { department } = useGetDepartmentsQuery(undefined, {
    selectFromResult: ({ data: departments }) => ({
      department: departments?.find((item) => item._id === departmentId),
    }),
  });
  const actions = useProductActions();
  const named = category ?? data?.products[0]?.category;
  const name = named ? local.name(named) : undefined;

  return (
    <div className="container-xl py-4">
      <PageHead
        title={name ? t('category.title', { name: name.text }) : t('app.name')}
        description={
          name && department
            ? t('category.description', { name: name.text, department: local.name(department).text })
            : t('home.description')
        }
        path={paths.category(id)}
        image={category?.image_path ?? undefined}
      />
      <nav aria-label={t('common.breadcrumb')} className="mb-2 small tap-inline-links">
        <Link to={paths.home}>{t('nav.home')}</Link>
        {department && (
          <>
            <span className="mx-2 text-body-secondary" aria-hidden="true">
              /
            </span>
            <Link to={paths.department(department._id)}>
              <Localized value={local.name(department)} />
            </Link>
          </>
        )}
      </nav>
      {isError ? (
        // Nothing to sort or filter; the category's name if it is known, never the stand-in for one still loading.
        <>
          {name && (
            <h1 className="page-title">
              <Localized value={name} />
            </h1>
          )}
          <LoadFailed onRetry={() => void refetch()} />
        </>
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
            <h1 className="page-title mb-0">{name ? <Localized value={name} /> : t('category.heading')}</h1>
            <SortMenu />
          </div>
          <FilteredList facets={data?.facets} refreshing={isFetching && !isLoading}>
            <ProductGrid
              products={data?.products}
              loading={isLoading}
              actions={actions}
              label={name?.text ?? ''}
              empty={<NoMatch otherwise={<EmptyState title={t('category.empty')} />} />}
            />
          </FilteredList>
        </>
      )}
    </div>
  );
}
