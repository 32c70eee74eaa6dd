import type { ToastOptions } from 'react-toastify';

/*
 * Toasts without react-toastify in the first load: its code (and its injected styles) arrive with
 * the toast container just after the first paint, long before anyone can click anything.
 */
const load = () => import('react-toastify');

type Kind = 'success' | 'info' | 'warning' | 'error';

const show = (kind: Kind) => (message: string, options?: ToastOptions) => {
  void load().then(({ toast }) => toast[kind](message, options));
};

export const notify = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
};

export type { ToastOptions };
