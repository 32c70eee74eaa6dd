import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { PageLoader } from '../../components/PageLoader';
import { Toasts } from '../../components/Toasts';
import { useRouteChrome } from './chrome';
import { Footer } from './Footer';
import { Header } from './Header';

export function RootLayout() {
  const { t, i18n } = useTranslation();
  const chrome = useRouteChrome();
  const navigating = useNavigation().state !== 'idle';

  // The page is the app's from here on: a server-rendered page shows its buttons before the app has taken them
  // over, and a click before then reaches no handler. Browser tests wait for this mark before they act.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="skip-link visually-hidden-focusable">
        {t('nav.skipToContent')}
      </a>
      {/* A thin bar while the next screen's code loads: the old screen stays usable meanwhile. */}
      {navigating && <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />}
      {chrome.header && <Header showSearch={chrome.search} />}
      <main id="main" tabIndex={-1} className="flex-grow-1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      {chrome.footer && <Footer />}
      <Toasts rtl={i18n.dir(i18n.language) === 'rtl'} />
      <ScrollRestoration />
    </div>
  );
}
