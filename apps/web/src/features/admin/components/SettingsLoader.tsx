import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import { useTranslation } from '../../../i18n/useTranslation';

interface SettingsLoaderProps<T> {
  query: { data?: T; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** How many lines the placeholder shows while the settings load. */
  lines?: number;
  /** The form, once the settings are in. */
  children: (data: T) => ReactNode;
}

/** A settings screen's form once its settings are read: a placeholder while they load, a retry if they cannot be. */
export function SettingsLoader<T>({ query, lines = 6, children }: SettingsLoaderProps<T>) {
  const { t } = useTranslation();
  if (query.isLoading)
    return (
      <div className="dash-card" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: lines }, (_, index) => (
          <Placeholder key={index} as="p" animation="glow">
            <Placeholder xs={4} /> <Placeholder xs={7} />
          </Placeholder>
        ))}
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
        {t('common.loadFailed')}
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          {t('admin.common.retry')}
        </Button>
      </Alert>
    );
  return <>{children(query.data)}</>;
}
