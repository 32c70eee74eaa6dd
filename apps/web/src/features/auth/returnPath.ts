import { isRecord } from '../../lib/guards';
import { paths } from '../../lib/paths';

/**
 * Where signing in leads: back to the page a guard sent the visitor from (its `from` in the navigation state, a path
 * of this app: a payment link opened signed out resumes the payment), else home.
 */
export function returnPathOf(state: unknown): string {
  const from = isRecord(state) ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.home;
}
