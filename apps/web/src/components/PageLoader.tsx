import { useTranslation } from '../i18n/useTranslation';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
