import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';
import { paths } from '../lib/paths';
import { AppReady } from './AppReady';

/** The router's fallback for anything that throws while a screen loads or renders. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div className="container-sm py-5 text-center narrow-page">
      <AppReady />
      <title>{t('errors.unexpected')}</title>
      <h1 className="h2">{t('errors.unexpected')}</h1>
      <p className="text-body-secondary">{t('errors.unexpectedHelp')}</p>
      {detail && <pre className="route-error-detail text-start small">{detail}</pre>}
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <Link to={paths.home} className="btn btn-outline-secondary" reloadDocument>
          {t('errors.home')}
        </Link>
      </div>
    </div>
  );
}
