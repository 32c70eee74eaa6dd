import { useTranslation } from '../i18n/useTranslation';

/**
 * A screen's data did not come: say so (the server's reason when it gave one), with a way to ask again. Plain
 * Bootstrap markup, not react-bootstrap's components: the product and category pages that show it load no
 * react-bootstrap until a screen that needs it opens (e2e/storefront/first-load.spec.ts).
 */
export function LoadFailed({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert alert-danger d-flex flex-wrap align-items-center gap-3 mb-0">
      {message ?? t('common.loadFailed')}
      <button type="button" className="btn btn-danger btn-sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
