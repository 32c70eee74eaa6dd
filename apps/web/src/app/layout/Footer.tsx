import { Link } from 'react-router';
import { SHOP_PAGES, telLink, whatsappLink } from '@shop/contracts';
import { useTranslation } from '../../i18n/useTranslation';
import { ArrowUpIcon, ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { useGetShopDetailsQuery } from '../../features/shop';
import { paths } from '../../lib/paths';

/** Where "contact us" writes to; a deployment sets its own address at build time. */
const CONTACT_EMAIL = import.meta.env.VITE_CONTACT_EMAIL ?? 'support@shop.local';

/**
 * Who the seller is, before anyone pays a stranger: how to reach the shop, where it is and its registration
 * numbers (the owner's, from the dashboard), and its pages on delivery, returns, privacy and terms.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { data: shop } = useGetShopDetailsQuery();
  const whatsapp = shop && whatsappLink(shop.whatsapp);

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
      <div className="container-xl py-4">
        <div className="row g-4">
          <div className="col-12 col-md-4">
            <Logo />
            {shop && (
              <address className="small footer-note mt-3 mb-0">
                <span className="d-flex gap-2">
                  <MapPinIcon size={16} className="flex-shrink-0 mt-1" />
                  <span>{i18n.language === 'ar' ? shop.addressAr : shop.address}</span>
                </span>
                <span className="d-block mt-2">
                  {t('footer.commercialRegister')}: <bdi dir="ltr">{shop.commercialRegister}</bdi>
                </span>
                <span className="d-block">
                  {t('footer.taxNumber')}: <bdi dir="ltr">{shop.taxNumber}</bdi>
                </span>
              </address>
            )}
          </div>
          <nav className="col-6 col-md-4" aria-labelledby="footer-contact-heading">
            <h2 id="footer-contact-heading" className="footer-heading">
              {t('footer.contactHeading')}
            </h2>
            <ul className="list-unstyled d-grid gap-md-2 mb-0">
              {shop && (
                <li>
                  <a href={telLink(shop.phone)} className="footer-link d-inline-flex align-items-center gap-2">
                    <PhoneIcon size={16} />
                    <bdi dir="ltr">{shop.phone}</bdi>
                  </a>
                </li>
              )}
              {whatsapp && (
                <li>
                  <a href={whatsapp} className="footer-link d-inline-flex align-items-center gap-2" rel="noopener">
                    <ChatIcon size={16} />
                    {t('footer.whatsapp')}
                  </a>
                </li>
              )}
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`} className="footer-link d-inline-flex align-items-center gap-2">
                  <MailIcon size={16} />
                  {t('footer.contact')}
                </a>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-4" aria-labelledby="footer-pages-heading">
            <h2 id="footer-pages-heading" className="footer-heading">
              {t('footer.pagesHeading')}
            </h2>
            <ul className="list-unstyled d-grid gap-md-2 mb-0">
              {SHOP_PAGES.map((page) => (
                <li key={page}>
                  <Link to={paths.shopPage(page)} className="footer-link">
                    {t(`footer.pages.${page}`)}
                  </Link>
                </li>
              ))}
              <li>
                <Link to={paths.about} className="footer-link">
                  {t('footer.about')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="small mb-0 mt-4 footer-note">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
