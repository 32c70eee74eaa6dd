import { Link } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';
import { paths } from '../lib/paths';

/** The shop's mark and name, linking home. */
export function Logo({ className, dark = false }: { className?: string; dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home}
      className={`logo d-inline-flex align-items-center gap-2 text-decoration-none ${dark ? 'logo-dark' : ''} ${className ?? ''}`}
    >
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#fca311" />
        <path d="M18 24h28l-3 22H21z" fill="#14213d" />
        <path d="M25 24a7 7 0 0 1 14 0" fill="none" stroke="#14213d" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className="logo-text">
        {t('app.brandFirst')}
        <span className="logo-accent">{t('app.brandSecond')}</span>
      </span>
    </Link>
  );
}
