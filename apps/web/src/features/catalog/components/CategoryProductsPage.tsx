import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@shop/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { ProductGrid } from '../../../components/ProductGrid';
import { useGetCategoriesQuery, useGetDepartmentsQuery, useGetProductsQuery } from '../api/catalogApi';
import { useProductActions } from '../useProductActions';

/** Spec 2: one category's products as a grid without pagination. */
export function CategoryProductsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useGetProductsQuery({ category: id, limit: MAX_PAGE_SIZE });
  const { category } = useGetCategoriesQuery(undefined, {
    selectFromResult: ({ data: categories }) => ({ category: categories?.find((item) => item._id === id) }),
  });
  const departmentId = category?.department._id ?? data?.products[0]?.department._id;
  const { department } = useGetDepartmentsQuery(undefined, {
    selectFromResult: ({ data: departments }) => ({ department: departments?.find((item) => item._id === departmentId) }),
  });
  const actions = useProductActions();
  const name = category?.name ?? data?.products[0]?.category.name ?? '';

  return (
    <div className="container-xl py-4">
      <title>{name ? t('category.title', { name }) : t('app.name')}</title>
      <nav aria-label={t('common.breadcrumb')} className="mb-2 small">
        <Link to="/">{t('nav.home')}</Link>
        {department && (
          <>
            <span className="mx-2 text-body-secondary" aria-hidden="true">
              /
            </span>
            <Link to={`/department/${department._id}`}>{department.name}</Link>
          </>
        )}
      </nav>
      <h1 className="page-title">{name || t('category.heading')}</h1>
      <ProductGrid
        products={data?.products}
        loading={isLoading}
        actions={actions}
        label={name}
        empty={<EmptyState title={t(isError ? 'common.loadFailed' : 'category.empty')} />}
      />
    </div>
  );
}
