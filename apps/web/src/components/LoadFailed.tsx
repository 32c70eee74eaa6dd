import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../i18n/useTranslation';

/** A screen's data did not come: say so (the server's reason when it gave one), with a way to ask again. */
export function LoadFailed({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3 mb-0">
      {message ?? t('common.loadFailed')}
      <Button variant="danger" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
