import Dropdown from 'react-bootstrap/Dropdown';
import { useParams, useSearchParams } from 'react-router';
import { SORT_OPTIONS, type SortOption } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { EmptyState } from '../../../components/EmptyState';
import { PageHead } from '../../../components/PageHead';
import { ProductGrid } from '../../../components/ProductGrid';
import { paths } from '../../../lib/paths';
import { useProductActions } from '../../productActions';
import { FilteredList, NoMatch, useProductFilters } from '../../filters';
import { isSortOption, searchArgsOf, useSearchProductsQuery } from '../api/searchApi';
import { NoResultsHelp } from './NoResultsHelp';

/** Labels of the spec's sort options, in the reader's language. */
const SORT_LABEL_KEYS = {
  'Price: Low to High': 'search.sort.priceAsc',
  'Price: High to Low': 'search.sort.priceDesc',
  'Avg. Customer review': 'search.sort.rating',
} as const satisfies Record<SortOption, string>;

/**
 * Search results for /searchResults/{query} (and /SearchResults/{search}: paths match case-insensitively,
 * so one route serves both). The sort order sits in `?sortBy=` so back and reload keep it.
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const { query = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { filters } = useProductFilters();
  const args = searchArgsOf(query, params, filters);
  const { name: search, sortBy } = args;
  const { data, isLoading, isFetching, isError } = useSearchProductsQuery(args, { skip: !search });
  const actions = useProductActions();
  const count = isError ? 0 : (data?.products.length ?? 0);

  // The filters stay: only the order changes.
  const chooseSort = (option: SortOption) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('sortBy', option);
      return next;
    });

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
        <Dropdown align="end" onSelect={(key) => isSortOption(key) && chooseSort(key)}>
          <Dropdown.Toggle variant="outline-secondary" id="sort-by">
            {t('search.sortBy')}
            {sortBy && <span className="fw-semibold">: {t(SORT_LABEL_KEYS[sortBy])}</span>}
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {SORT_OPTIONS.map((option) => (
              <Dropdown.Item key={option} eventKey={option} active={option === sortBy} as="button">
                {t(SORT_LABEL_KEYS[option])}
              </Dropdown.Item>
            ))}
          </Dropdown.Menu>
        </Dropdown>
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
