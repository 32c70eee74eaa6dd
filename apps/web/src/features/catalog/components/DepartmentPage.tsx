import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/LoadFailed';
import { Localized } from '../../../components/Localized';
import { PageHead } from '../../../components/PageHead';
import { Pagination } from '../../../components/Pagination';
import { ProductGrid } from '../../../components/ProductGrid';
import { usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { scrollToId } from '../../../lib/scroll';
import { useGetDepartmentCategoriesQuery, useGetDepartmentsQuery, useGetProductsQuery } from '../api/catalogApi';
import { useProductActions } from '../../productActions';
import { FilteredList, NoMatch, SortMenu, useProductFilters } from '../../filters';
import { CategoryCard, CategoryCardPlaceholder } from './CategoryCard';
import { paths } from '../../../lib/paths';
import { sortOrderOf } from '../../../lib/sortOrder';

/** A department: its categories as cards, then its products with their filters, paged like the home page. */
export function DepartmentPage() {
  const { t } = useTranslation();
  const local = useLocalized();
  const { id = '' } = useParams();
  const departments = useGetDepartmentsQuery(undefined, {
    selectFromResult: ({ data, isError }) => ({ department: data?.find((item) => item._id === id), isError }),
  });
  const { department } = departments;
  const categories = useGetDepartmentCategoriesQuery(id);
  const { page, setPage } = usePageParam();
  const { filters, params } = useProductFilters();
  const products = useGetProductsQuery({ department: id, page, filters, sortBy: sortOrderOf(params) });
  usePageBounds(page, products.data?.pages, setPage);
  const actions = useProductActions();
  const name = department ? local.name(department) : undefined;
  // Either section's Try again asks again for all that failed, the department's name too, so the page comes back whole.
  const retry = () => {
    for (const query of [departments, categories, products]) if (query.isError) void query.refetch();
  };

  return (
    <div className="container-xl py-4">
      <PageHead
        title={name ? t('department.title', { name: name.text }) : t('app.name')}
        description={name ? t('department.description', { name: name.text }) : t('home.description')}
        path={paths.department(id)}
      />
      <nav aria-label={t('common.breadcrumb')} className="mb-2 small tap-inline-links">
        <Link to={paths.home}>{t('nav.home')}</Link>
      </nav>
      <h1 className="page-title">{name ? <Localized value={name} /> : t('department.heading')}</h1>

      <section aria-labelledby="categories-heading" className="mb-5">
        <h2 id="categories-heading" className="section-title">
          {t('department.categories')}
        </h2>
        {categories.isLoading ? (
          <div className="row g-3" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className="col-6 col-md-4 col-lg-3">
                <CategoryCardPlaceholder />
              </div>
            ))}
          </div>
        ) : categories.isError ? (
          <LoadFailed onRetry={retry} />
        ) : categories.data?.length ? (
          <ul className="row g-3 list-unstyled">
            {categories.data.map((category) => (
              <li key={category._id} className="col-6 col-md-4 col-lg-3">
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('department.noCategories')} />
        )}
      </section>

      <section aria-labelledby="department-products-heading">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
          <h2 id="department-products-heading" className="section-title mb-0">
            {t('department.products')}
          </h2>
          {!products.isError && <SortMenu />}
        </div>
        {products.isError ? (
          // Nothing to sort, filter or page through, as on a category's page.
          <LoadFailed onRetry={retry} />
        ) : (
          <FilteredList facets={products.data?.facets} refreshing={products.isFetching && !products.isLoading}>
            <ProductGrid
              products={products.data?.products}
              loading={products.isLoading}
              actions={actions}
              label={t('department.products')}
              empty={<NoMatch otherwise={<EmptyState title={t('department.noProducts')} />} />}
            />
            <Pagination
              page={page}
              pages={products.data?.pages ?? 1}
              onFollow={() => scrollToId('department-products-heading')}
            />
          </FilteredList>
        )}
      </section>
    </div>
  );
}
