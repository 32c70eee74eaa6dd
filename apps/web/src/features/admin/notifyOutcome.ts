import { errorMessage, type ApiError } from '../../api/errors';
import { i18n } from '../../i18n';
import { isRecord } from '../../lib/guards';
import { notify } from '../../lib/notify';

const isApiError = (error: unknown): error is ApiError => isRecord(error) && ('status' in error || 'message' in error);

/**
 * Waits for the server before saying anything: the spec's success text once it agreed, otherwise
 * its own reason (a department that still has categories, a name taken) as an error toast, so no
 * admin action can fail silently. True when it succeeded.
 */
export async function notifyOutcome(request: Promise<unknown>, success: string): Promise<boolean> {
  try {
    await request;
    notify.success(success);
    return true;
  } catch (error) {
    notify.error((isApiError(error) ? errorMessage(error) : null) ?? i18n.t('admin.common.failed'));
    return false;
  }
}
