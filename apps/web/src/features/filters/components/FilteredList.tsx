import { useId, useState, type ComponentType, type ReactNode } from 'react';
import type { Facets } from '@shop/contracts';
import { Refreshing } from '../../../components/Refreshing';
import { useTranslation } from '../../../i18n/useTranslation';
import { activeFilterCount, keptParams, useProductFilters } from '../api/useProductFilters';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import type { FilterSheet } from './FilterSheet';
import '../filters.css';

interface FilteredListProps {
  facets: Facets | undefined;
  /** A new answer is on its way: the list shown is the last one's. */
  refreshing: boolean;
  children: ReactNode;
}

type Sheet = typeof FilterSheet;
let sheetCode: Promise<Sheet> | undefined;
/** The sheet's code (react-bootstrap's Offcanvas), fetched once, on the first tap of "Filters". */
const loadSheet = () => (sheetCode ??= import('./FilterSheet').then((module) => module.FilterSheet));

/**
 * The sheet as react-bootstrap's Offcanvas renders it closed (beside the list from lg up, hidden below): plain
 * elements, so that a list page neither loads nor runs the library before the sheet is first opened.
 */
function ClosedSheet({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div role="dialog" aria-labelledby={labelledBy} className="filters-sheet offcanvas-lg offcanvas-bottom">
      {children}
    </div>
  );
}

/**
 * A product list with its filters: a side panel on desktops, a bottom sheet opened by a "Filters" button on phones
 * (one Offcanvas, responsive from lg), and the active filters as chips above the list.
 */
export function FilteredList({ facets, refreshing, children }: FilteredListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  // The Offcanvas once loaded; it then draws the panel, open or closed, and ClosedSheet is no longer used.
  const [OpenableSheet, setOpenableSheet] = useState<ComponentType<Parameters<Sheet>[0]>>();
  const { filters, setFilters, params } = useProductFilters();
  const active = activeFilterCount(filters);
  const close = () => setOpen(false);
  const openSheet = () =>
    void loadSheet().then((sheet) => {
      setOpenableSheet(() => sheet);
      setOpen(true);
    });

  const content = (
    <>
      <div className="offcanvas-header">
        <h2 id={titleId} className="h5 mb-0 offcanvas-title">
          {t('filters.title')}
        </h2>
        <button type="button" className="btn-close" aria-label={t('filters.close')} onClick={close} />
      </div>
      <div className="d-block offcanvas-body">
        <h2 className="h6 text-uppercase text-body-secondary d-none d-lg-block">{t('filters.title')}</h2>
        <FilterPanel filters={filters} facets={facets} onChange={setFilters} keep={keptParams(params)} />
      </div>
      <div className="filters-sheet-footer d-lg-none">
        <button type="button" className="w-100 btn btn-primary" onClick={close}>
          {t('filters.showResults')}
        </button>
      </div>
    </>
  );
  return (
    <div className="row g-4">
      <div className="col-lg-3">
        <button
          type="button"
          className="d-lg-none btn btn-outline-secondary"
          aria-haspopup="dialog"
          onClick={openSheet}
        >
          {t('filters.open')} {active > 0 && <span className="ms-2 badge rounded-pill bg-primary">{active}</span>}
        </button>
        {OpenableSheet ? (
          <OpenableSheet show={open} onHide={close} labelledBy={titleId}>
            {content}
          </OpenableSheet>
        ) : (
          <ClosedSheet labelledBy={titleId}>{content}</ClosedSheet>
        )}
      </div>
      <div className="col-lg-9 min-w-0">
        <FilterChips filters={filters} facets={facets} onChange={setFilters} />
        <Refreshing busy={refreshing}>{children}</Refreshing>
      </div>
    </div>
  );
}
