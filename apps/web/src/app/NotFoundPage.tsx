import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';
import notFound from '../assets/not-found.svg';
import { paths } from '../lib/paths';

/**
 * Any unknown path, or a page whose subject is not there (a product): a picture that leads home. `children`, between
 * the heading and the picture, say what was not found.
 */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="container-sm py-5 text-center narrow-page">
      <title>{t('shopPages.documentTitle', { title: t('errors.notFoundTitle') })}</title>
      <h1 className="h3 mb-4">{t('errors.notFoundTitle')}</h1>
      {children}
      <Link to={paths.home} className="d-inline-block not-found-link fw-semibold">
        <img src={notFound} alt="" width={600} height={300} className="img-fluid mb-3" />
        <span className="d-block">{t('errors.backToShop')}</span>
      </Link>
    </div>
  );
}
