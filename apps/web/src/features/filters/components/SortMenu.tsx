import Dropdown from 'react-bootstrap/Dropdown';
import { useSearchParams } from 'react-router';
import { SORT_OPTIONS, type SortOption } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { isSortOption, SORT_PARAM, sortOrderOf } from '../../../lib/sortOrder';

/** Labels of the spec's sort options, in the reader's language. */
const SORT_LABEL_KEYS = {
  'Price: Low to High': 'search.sort.priceAsc',
  'Price: High to Low': 'search.sort.priceDesc',
  'Avg. Customer review': 'search.sort.rating',
} as const satisfies Record<SortOption, string>;

/**
 * The "Sort By" menu of a product list (search results, a category, a department): the order goes in the address
 * (`?sortBy=`), so back, reload and a shared link keep it. The filters stay; the page goes back to the first, as
 * page 3 of another order is no place to land.
 */
export function SortMenu() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sortBy = sortOrderOf(params);

  const choose = (option: SortOption) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(SORT_PARAM, option);
      next.delete('page');
      return next;
    });

  return (
    <Dropdown align="end" onSelect={(key) => isSortOption(key) && choose(key)}>
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
  );
}
