import { useTranslation } from '../i18n/useTranslation';
import { hasNext, hasPrevious } from '../lib/pagination';
import { ChevronEndIcon, ChevronStartIcon } from './icons';

interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

/** Prev / Next with the current position; both ends are disabled rather than hidden, so nothing jumps. */
export function Pagination({ page, pages, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="d-flex align-items-center justify-content-center gap-3 my-4">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={!hasPrevious(page)}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronStartIcon size={16} className="me-1" />
        {t('pagination.prev')}
      </button>
      <span className="text-body-secondary" aria-live="polite">
        {t('pagination.status', { page, pages })}
      </span>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={!hasNext(page, pages)}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pagination.next')}
        <ChevronEndIcon size={16} className="ms-1" />
      </button>
    </nav>
  );
}
