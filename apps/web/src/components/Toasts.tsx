import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react';
import { TOAST_MS } from '@shop/contracts';
import { useTranslation } from '../i18n/useTranslation';
import { CloseIcon } from './icons';
import { subscribeToToasts, toastsRequested } from '../lib/notify';

/** react-toastify's container with close buttons named in the page's language (the library's own is labelled 'close'). */
const ToastContainer = lazy(() =>
  import('react-toastify').then(({ ToastContainer: Container }) => ({
    default: ({ closeLabel, ...props }: ComponentProps<typeof Container> & { closeLabel: string }) => (
      <Container
        {...props}
        closeButton={({ closeToast, theme }) => (
          <button
            type="button"
            className={`Toastify__close-button Toastify__close-button--${theme}`}
            aria-label={closeLabel}
            onClick={closeToast}
          >
            <CloseIcon size={14} />
          </button>
        )}
      />
    ),
  })),
);

const noToasts = () => false;

/** Toasts close after 3000 ms; cart toasts set their own corner and time. The container mounts with the first toast. */
export function Toasts({ rtl }: { rtl: boolean }) {
  const { t } = useTranslation();
  // A server-rendered page has no toasts: the browser's first render (which takes that page over) neither.
  const requested = useSyncExternalStore(subscribeToToasts, toastsRequested, noToasts);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="bottom-center"
        autoClose={TOAST_MS}
        newestOnTop
        rtl={rtl}
        theme="colored"
        aria-label={t('common.notifications')}
        closeLabel={t('common.close')}
      />
    </Suspense>
  );
}
