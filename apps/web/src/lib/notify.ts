import type { ToastOptions } from 'react-toastify';

/*
 * Toasts without react-toastify in the first load: its code (and its injected styles) arrive with
 * the first toast, which the library queues until its container has mounted.
 */
const load = () => import('react-toastify');

let requested = false;
const listeners = new Set<() => void>();

/** Whether any toast has been raised yet: until then the page has no toast container at all. */
export const toastsRequested = () => requested;
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = 'success' | 'info' | 'warning' | 'error';

const show = (kind: Kind) => (message: string, options?: ToastOptions) => {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void load().then(({ toast }) => toast[kind](message, options));
};

export const notify = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
};

export type { ToastOptions };
