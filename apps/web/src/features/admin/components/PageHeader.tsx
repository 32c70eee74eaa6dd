import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';

/** A dashboard screen's title (also the tab's), with its main actions at the end of the row. */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
      <title>{t('admin.common.pageTitle', { title })}</title>
      <div className="min-w-0">
        <h1 className="page-title mb-1">{title}</h1>
        {subtitle && <p className="text-body-secondary mb-0">{subtitle}</p>}
      </div>
      {children && <div className="d-flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
