import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_MS } from '@shop/contracts';
import { subscribeToToasts, toastsRequested } from '../lib/notify';

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/** Spec 9: toasts close after 3000 ms; cart toasts set their own corner and time. The container mounts with the first toast. */
export function Toasts({ rtl }: { rtl: boolean }) {
  const requested = useSyncExternalStore(subscribeToToasts, toastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="bottom-center" autoClose={TOAST_MS} newestOnTop rtl={rtl} theme="colored" />
    </Suspense>
  );
}
