import { isRecord } from '../../lib/guards';
import { paths } from '../../lib/paths';

/**
 * Where signing in leads: back to the page the visitor was on when something sent them to sign in (its `from` in
 * the navigation state, a path of this app: the product they tried to add to the cart, the checkout, a payment or
 * invoice link opened signed out), else home, as the spec has it for a sign-in opened by itself.
 */
export function returnPathOf(state: unknown): string {
  const from = isRecord(state) ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.home;
}

/** The navigation state of a way to the sign-in screens that brings the visitor back to `location` afterwards. */
export const comingBackTo = (location: { pathname: string; search: string }) => ({
  from: location.pathname + location.search,
});
