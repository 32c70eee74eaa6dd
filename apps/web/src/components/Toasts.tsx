import { lazy, Suspense } from 'react';
import { TOAST_MS } from '@shop/contracts';

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/** Spec 9: toasts close after 3000 ms; cart toasts set their own corner and time. */
export function Toasts({ rtl }: { rtl: boolean }) {
  return (
    <Suspense fallback={null}>
      <ToastContainer position="bottom-center" autoClose={TOAST_MS} newestOnTop rtl={rtl} theme="colored" />
    </Suspense>
  );
}
