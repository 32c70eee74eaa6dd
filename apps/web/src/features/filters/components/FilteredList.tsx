import { useId, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import type { Facets } from '@shop/contracts';
import { Refreshing } from '../../../components/Refreshing';
import { useTranslation } from '../../../i18n/useTranslation';
import { activeFilterCount, keptParams, useProductFilters } from '../api/useProductFilters';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import '../filters.css';

interface FilteredListProps {
  facets: Facets | undefined;
  /** A new answer is on its way: the list shown is the last one's. */
  refreshing: boolean;
  children: ReactNode;
}

/**
 * A product list with its filters: a side panel on desktops, a bottom sheet opened by a "Filters" button on phones
 * (one Offcanvas, responsive from lg), and the active filters as chips above the list.
 */
export function FilteredList({ facets, refreshing, children }: FilteredListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { filters, setFilters, params } = useProductFilters();
  const active = activeFilterCount(filters);

  return (
    <div className="row g-4">
      <div className="col-lg-3">
        <Button variant="outline-secondary" className="d-lg-none" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {t('filters.open')}{' '}
          {active > 0 && (
            <Badge bg="primary" pill className="ms-2">
              {active}
            </Badge>
          )}
        </Button>
        <Offcanvas
          responsive="lg"
          placement="bottom"
          show={open}
          onHide={() => setOpen(false)}
          // The sheet is a dialog on phones; beside the list (lg) it is the same element, which its label needs a role for.
          role="dialog"
          aria-labelledby={titleId}
          className="filters-sheet"
        >
          <Offcanvas.Header closeButton closeLabel={t('filters.close')}>
            <Offcanvas.Title as="h2" id={titleId} className="h5 mb-0">
              {t('filters.title')}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="d-block">
            <h2 className="h6 text-uppercase text-body-secondary d-none d-lg-block">{t('filters.title')}</h2>
            <FilterPanel filters={filters} facets={facets} onChange={setFilters} keep={keptParams(params)} />
          </Offcanvas.Body>
          <div className="filters-sheet-footer d-lg-none">
            <Button className="w-100" onClick={() => setOpen(false)}>
              {t('filters.showResults')}
            </Button>
          </div>
        </Offcanvas>
      </div>
      <div className="col-lg-9 min-w-0">
        <FilterChips filters={filters} facets={facets} onChange={setFilters} />
        <Refreshing busy={refreshing}>{children}</Refreshing>
      </div>
    </div>
  );
}
