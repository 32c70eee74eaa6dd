import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * A dashboard screen's title (also the tab's), with its main actions at the end of the row. With `titleRef` the title
 * can take focus: where it goes once a row is deleted (ConfirmDialog's focusAfterDone).
 */
export function PageHeader({
  title,
  subtitle,
  children,
  titleRef,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
      <title>{t('admin.common.pageTitle', { title })}</title>
      <div className="min-w-0">
        <h1 className="page-title mb-1" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </h1>
        {subtitle && <p className="text-body-secondary mb-0">{subtitle}</p>}
      </div>
      {children && <div className="d-flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
