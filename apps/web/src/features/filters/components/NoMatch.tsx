import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { useTranslation } from '../../../i18n/useTranslation';
import { activeFilterCount, useProductFilters } from '../api/useProductFilters';

/** An empty list's message: with filters set, that they left nothing and a way to clear them; else `otherwise`, if any. */
export function NoMatch({ otherwise }: { otherwise?: ReactNode }) {
  const { t } = useTranslation();
  const { filters, setFilters } = useProductFilters();
  if (!activeFilterCount(filters)) return <>{otherwise}</>;
  return (
    <EmptyState title={t('filters.noMatch')}>
      <p className="mb-3">{t('filters.noMatchHint')}</p>
      <button type="button" className="btn btn-primary" onClick={() => setFilters({})}>
        {t('filters.clearAll')}
      </button>
    </EmptyState>
  );
}
