import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { ArrowUpIcon, MailIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';

/** Where "contact us" writes to; a deployment sets its own address at build time. */
const CONTACT_EMAIL = import.meta.env.VITE_CONTACT_EMAIL ?? 'support@shop.local';

export function Footer() {
  const { t } = useTranslation();

  const backToTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page too, not from the footer.
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <footer className="site-footer mt-5">
      <button type="button" className="back-to-top w-100" onClick={backToTop}>
        <ArrowUpIcon size={16} className="me-2" />
        {t('footer.backToTop')}
      </button>
      <div className="container-xl py-4 d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
        <Logo />
        <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-4 mb-0">
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`} className="footer-link d-inline-flex align-items-center gap-1">
              <MailIcon size={16} />
              {t('footer.contact')}
            </a>
          </li>
          <li>
            <Link to={paths.about} className="footer-link">
              {t('footer.about')}
            </Link>
          </li>
        </ul>
        <p className="small mb-0 footer-note">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
