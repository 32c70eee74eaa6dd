import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { SORT_OPTIONS, type SortOption } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { SORT_PARAM, sortOrderOf } from '../../../lib/sortOrder';
import '../filters.css';

/** Labels of the spec's sort options, in the reader's language. */
const SORT_LABEL_KEYS = {
  'Price: Low to High': 'search.sort.priceAsc',
  'Price: High to Low': 'search.sort.priceDesc',
  'Avg. Customer review': 'search.sort.rating',
} as const satisfies Record<SortOption, string>;

/** The query of this list in `option`'s order: its filters kept, and back to the first page (page 3 of another order is no place to land). */
function sortedBy(search: string, option: SortOption): string {
  const params = new URLSearchParams(search);
  params.set(SORT_PARAM, option);
  params.delete('page');
  return `?${params.toString()}`;
}

/** Closes the menu; after a choice or an Escape inside it, the focus goes back to its toggle rather than to the page. */
function close(details: HTMLDetailsElement | null, focusToggle: boolean) {
  if (!details?.open) return;
  details.open = false;
  if (focusToggle) details.querySelector('summary')?.focus();
}

/**
 * The "Sort By" menu of a product list (search results, a category, a department): the order goes in the address
 * (`?sortBy=`), so back, reload and a shared link keep it. A disclosure of links, so it opens and sorts before the
 * app has taken the server's page over and without JavaScript at all ([early taps](docs/decisions/early-taps.md));
 * once the app is ready the links navigate in place, and the menu closes on a choice, Escape or a click outside.
 */
export function SortMenu() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const sortBy = sortOrderOf(new URLSearchParams(search));
  const menu = useRef<HTMLDetailsElement>(null);

  // The disclosure is left to the browser (no `open` prop): one opened before the app took the page over stays open.
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close(menu.current, false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(menu.current, menu.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, []);

  return (
    <details ref={menu} className="sort-menu dropdown">
      <summary className="btn btn-outline-secondary dropdown-toggle">
        {t('search.sortBy')}
        {sortBy && <span className="fw-semibold">: {t(SORT_LABEL_KEYS[sortBy])}</span>}
      </summary>
      <ul className="dropdown-menu show">
        {SORT_OPTIONS.map((option) => (
          <li key={option}>
            <Link
              to={{ pathname, search: sortedBy(search, option) }}
              className={option === sortBy ? 'dropdown-item active' : 'dropdown-item'}
              aria-current={option === sortBy ? 'true' : undefined}
              onClick={() => close(menu.current, true)}
            >
              {t(SORT_LABEL_KEYS[option])}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
