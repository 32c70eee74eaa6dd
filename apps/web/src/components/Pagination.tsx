import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';
import { hasNext, hasPrevious, withPage } from '../lib/pagination';
import { ChevronEndIcon, ChevronStartIcon } from './icons';

type PaginationProps = {
  page: number;
  pages: number;
} & (
  | {
      /**
       * The list's page is the address's `?page=` (usePageParam): Prev and Next are links to it, so the list
       * pages without JavaScript too. Called as one is followed, for what comes with it: a caller that
       * scrolls to the list here keeps that scroll (the router would otherwise put the page back at the top).
       */
      onFollow?: (page: number) => void;
      onPageChange?: never;
    }
  | {
      /** A list whose page is no address (a dialog's): Prev and Next are buttons that turn it. */
      onPageChange: (page: number) => void;
      onFollow?: never;
    }
);

const STEP_CLASS = 'btn btn-outline-primary';

/** Prev / Next with the current position; both ends are disabled rather than hidden, so nothing jumps. */
export function Pagination({ page, pages, onFollow, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const prev = (
    <>
      <ChevronStartIcon size={16} className="me-1" />
      {t('pagination.prev')}
    </>
  );
  const next = (
    <>
      {t('pagination.next')}
      <ChevronEndIcon size={16} className="ms-1" />
    </>
  );
  const Step = onPageChange ? StepButton : StepLink;
  const turn = onPageChange ?? onFollow;
  return (
    <nav aria-label={t('pagination.label')} className="d-flex align-items-center justify-content-center gap-3 my-4">
      <Step to={page - 1} enabled={hasPrevious(page)} onTurn={turn}>
        {prev}
      </Step>
      <span className="text-body-secondary" aria-live="polite">
        {t('pagination.status', { page, pages })}
      </span>
      <Step to={page + 1} enabled={hasNext(page, pages)} onTurn={turn}>
        {next}
      </Step>
    </nav>
  );
}

interface StepProps {
  to: number;
  enabled: boolean;
  onTurn?: (page: number) => void;
  children: ReactNode;
}

/** A link to the page on this address (other parameters, a sort or a filter, kept; page 1 without `?page=`). */
function StepLink({ to, enabled, onTurn, children }: StepProps) {
  const { pathname, search } = useLocation();
  if (!enabled)
    // No address to go to: a link that is off (the ARIA pattern for a disabled link), which takes no focus.
    return (
      <span role="link" aria-disabled="true" className={`${STEP_CLASS} disabled`}>
        {children}
      </span>
    );
  const query = withPage(search, to).toString();
  return (
    <Link
      to={{ pathname, search: query ? `?${query}` : '' }}
      preventScrollReset={onTurn !== undefined}
      className={STEP_CLASS}
      onClick={followed(to, onTurn)}
    >
      {children}
    </Link>
  );
}

/** A plain click, which the link follows in place (not one that opens it in a new tab or window). */
const followed = (to: number, onTurn?: (page: number) => void) => (event: MouseEvent) => {
  if (event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey) onTurn?.(to);
};

function StepButton({ to, enabled, onTurn, children }: StepProps) {
  return (
    <button type="button" className={STEP_CLASS} disabled={!enabled} onClick={() => onTurn?.(to)}>
      {children}
    </button>
  );
}
