import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { PageLoader } from '../../components/PageLoader';
import { Toasts } from '../../components/Toasts';
import { AppReady } from '../AppReady';
import { useRouteChrome } from './chrome';
import { Footer } from './Footer';
import { Header } from './Header';

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
