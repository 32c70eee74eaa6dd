import { useParams } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { EmptyState } from '../../../components/EmptyState';
import { PageHead } from '../../../components/PageHead';
import { ProductGrid } from '../../../components/ProductGrid';
import { paths } from '../../../lib/paths';
import { useProductActions } from '../../productActions';
import { FilteredList, NoMatch, SortMenu, useProductFilters } from '../../filters';
import { searchArgsOf, useSearchProductsQuery } from '../api/searchApi';
import { NoResultsHelp } from './NoResultsHelp';

/**
 * Search results for /searchResults/{query} (and /SearchResults/{search}: paths match case-insensitively,
 * so one route serves both). The sort order sits in `?sortBy=` so back and reload keep it.
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const { query = '' } = useParams();
  const { filters, params } = useProductFilters();
  const args = searchArgsOf(query, params, filters);
  const { name: search } = args;
  const { data, isLoading, isFetching, isError } = useSearchProductsQuery(args, { skip: !search });
  const actions = useProductActions();
  const count = isError ? 0 : (data?.products.length ?? 0);

  return (
    <div className="container-xl py-4">
      <PageHead
        title={t('search.title', { search })}
        description={t('search.description', { search })}
        path={paths.searchResults(search)}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 className="page-title mb-0" aria-live="polite">
          {isLoading ? t('search.searching', { search }) : t('search.heading', { count, search })}
        </h1>
        <SortMenu />
      </div>
      <FilteredList facets={isError ? undefined : data?.facets} refreshing={isFetching && !isLoading}>
        <ProductGrid
          products={isError ? [] : data?.products}
          loading={isLoading}
          actions={actions}
          label={t('search.resultsLabel')}
          empty={
            <NoMatch
              otherwise={
                <>
                  <EmptyState title={t('search.noResults', { search })} />
                  {data?.noResults && <NoResultsHelp help={data.noResults} actions={actions} />}
                </>
              }
            />
          }
        />
      </FilteredList>
    </div>
  );
}
