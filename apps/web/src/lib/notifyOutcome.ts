import { errorMessage, isApiError } from '../api/errors';
import { i18n } from '../i18n';
import { notify, type ToastOptions } from './notify';

const reasonOr = (error: unknown, failed: string) => (isApiError(error) ? errorMessage(error) : null) ?? failed;

/**
 * Waits for the server before saying anything: `success` once it agreed, otherwise its own reason (already
 * in the reader's language) as an error toast, or `failed` when it gave none, so no action fails silently.
 * True when it succeeded.
 */
export async function notifyOutcome(request: Promise<unknown>, success: string, failed: string): Promise<boolean> {
  try {
    await request;
    notify.success(success);
    return true;
  } catch (error) {
    notify.error(reasonOr(error, failed));
    return false;
  }
}

/**
 * A change the page showed done at once (the cart, a heart) that the server then turned down: its reason, already in
 * the reader's language, or that it did not go through, as an error toast, so the undoing that follows is explained.
 */
export function notifyRefused(error: unknown, options?: ToastOptions): void {
  notify.error(reasonOr(error, i18n.t('common.sendFailed')), options);
}
