import type { AppStartListening } from '../../app/store';
import { signedIn, takeIntent } from '../auth';

/**
 * Whichever way the shopper signs in (e-mail, phone code, a new account), what they pressed before being sent to
 * sign in is done once, as the press would have done it. The work comes with its first use, so the storefront's first
 * load carries only this check.
 */
export function registerSignInIntentListener(startListening: AppStartListening) {
  startListening({
    actionCreator: signedIn,
    effect: async (action, { dispatch }) => {
      // Taken at every sign-in, so an intent never outlives the sign-in it was kept for; admins have no cart.
      const intent = takeIntent();
      if (!intent || action.payload.user.role !== false) return;
      const { carryOutIntent } = await import('./carryOutIntent');
      await dispatch(carryOutIntent(intent));
    },
  });
}
