import { errorMessage, type ApiError } from '../api/errors';
import { isRecord } from './guards';
import { notify } from './notify';

const isApiError = (error: unknown): error is ApiError => isRecord(error) && ('status' in error || 'message' in error);

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
    notify.error((isApiError(error) ? errorMessage(error) : null) ?? failed);
    return false;
  }
}
