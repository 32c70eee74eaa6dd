import { i18n } from '../../i18n';
import { notifyOutcome as notifyRequestOutcome } from '../../lib/notifyOutcome';

/** The dashboard's actions: the success text once the server agreed, otherwise its reason as an error toast. */
export const notifyOutcome = (request: Promise<unknown>, success: string): Promise<boolean> =>
  notifyRequestOutcome(request, success, i18n.t('common.sendFailed'));
