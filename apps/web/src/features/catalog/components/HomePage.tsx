import { useTranslation } from '../../../i18n/useTranslation';
import { EmptyState } from '../../../components/EmptyState';
import { PageHead } from '../../../components/PageHead';
import { Pagination } from '../../../components/Pagination';
import { ProductGrid } from '../../../components/ProductGrid';
import { Refreshing } from '../../../components/Refreshing';
import { usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { paths } from '../../../lib/paths';
import { scrollToId } from '../../../lib/scroll';
import { useGetHomeQuery, useGetProductsQuery } from '../api/catalogApi';
import { useProductActions } from '../../productActions';
import { BannerCarousel } from './BannerCarousel';
import { DepartmentList } from './DepartmentList';
import { ProductRow } from './ProductRow';
import { RecentlyViewedRow } from './RecentlyViewedRow';

export function HomePage() {
  const { t } = useTranslation();
  const { page, setPage } = usePageParam();
  const { data, isLoading, isFetching, isError } = useGetProductsQuery({ page });
  // The merchant's banners and the rows; a home that cannot load them still shows its departments and products.
  const { data: home, isLoading: homeLoading } = useGetHomeQuery();
  usePageBounds(page, data?.pages, setPage);
  const actions = useProductActions();

  return (
    <div className="container-xl py-3">
      <PageHead title={t('home.title')} description={t('home.description')} path={paths.home} />
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {homeLoading ? (
        <div
          className="banner-carousel banner-placeholder rounded-4 shadow-sm"
          role="status"
          aria-label={t('common.loading')}
        />
      ) : (
        <BannerCarousel banners={home?.banners ?? []} />
      )}
      <DepartmentList />
      <section aria-labelledby="products-heading" className="my-4">
        <h2 id="products-heading" className="section-title">
          {t('home.products')}
        </h2>
        <Refreshing busy={isFetching && !isLoading}>
          <ProductGrid
            products={data?.products}
            loading={isLoading}
            actions={actions}
            label={t('home.products')}
            empty={<EmptyState title={t(isError ? 'common.loadFailed' : 'home.noProducts')} />}
          />
        </Refreshing>
        <Pagination page={page} pages={data?.pages ?? 1} onFollow={() => scrollToId('products-heading')} />
      </section>
      <ProductRow id="on-sale" title={t('home.onSale')} products={home?.onSale ?? []} actions={actions} />
      <ProductRow
        id="best-sellers"
        title={t('home.bestSellers')}
        products={home?.bestSellers ?? []}
        actions={actions}
      />
      <RecentlyViewedRow actions={actions} />
    </div>
  );
}
