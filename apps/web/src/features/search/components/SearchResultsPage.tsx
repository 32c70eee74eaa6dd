import { useParams } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { PageHead } from '../../../components/PageHead';
import { ProductGrid } from '../../../components/ProductGrid';
import { paths } from '../../../lib/paths';
import { useProductActions } from '../../productActions';
import { activeFilterCount, FilteredList, NoMatch, SortMenu, useProductFilters } from '../../filters';
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
  // Sort By and the filters only beside a list to sort or a filter to undo (or while an answer is on its way, which
  // may bring one): a search that found nothing says so once, with the ways on the API offers.
  const listed = Boolean(search) && (isFetching || count > 0 || activeFilterCount(filters) > 0);

  let heading: string;
  if (!search) heading = t('search.blank');
  else if (isLoading) heading = t('search.searching', { search });
  else if (listed) heading = t('search.heading', { count, search });
  // The spec's message, as the page's one: nothing found, or the search failed.
  else heading = t('search.noResults', { search });

  return (
    <div className="container-xl py-4">
      <PageHead
        title={search ? t('search.title', { search }) : t('search.blankTitle')}
        description={search ? t('search.description', { search }) : t('search.blankHint')}
        path={paths.searchResults(search)}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 className="page-title mb-0" aria-live="polite">
          {heading}
        </h1>
        {listed && <SortMenu />}
      </div>
      {listed ? (
        <FilteredList facets={isError ? undefined : data?.facets} refreshing={isFetching && !isLoading}>
          <ProductGrid
            products={isError ? [] : data?.products}
            loading={isLoading}
            actions={actions}
            label={t('search.resultsLabel')}
            empty={<NoMatch />}
          />
        </FilteredList>
      ) : search ? (
        data?.noResults && <NoResultsHelp help={data.noResults} actions={actions} />
      ) : (
        // An address of blanks (/searchResults/%20): nothing was searched, so nothing is said to be missing.
        <p className="text-body-secondary">{t('search.blankHint')}</p>
      )}
    </div>
  );
}
