import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { PageLoader } from '../../components/PageLoader';
import { Toasts } from '../../components/Toasts';
import { useRouteChrome } from './chrome';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Marks the page as the app's: a server-rendered page shows its buttons and fields before the app has taken them
 * over. Browser tests wait for this mark before they act. It sits inside the screen's boundary, since React takes
 * a rendered page's screen over in a pass of its own after the layout around it (about 150 ms later on a phone).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

export function RootLayout() {
  const { t, i18n } = useTranslation();
  const chrome = useRouteChrome();
  const navigating = useNavigation().state !== 'idle';

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
          <AppReady />
          <Outlet />
        </Suspense>
      </main>
      {chrome.footer && <Footer />}
      <Toasts rtl={i18n.dir(i18n.language) === 'rtl'} />
      <ScrollRestoration />
    </div>
  );
}
