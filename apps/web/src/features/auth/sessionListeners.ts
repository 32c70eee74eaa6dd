import type { AppStartListening } from '../../app/store';
import { removeKey, writeJson } from '../../lib/storage';
import { SESSION_KEY } from './session';

/** Every change of the session is written to local storage at once; signing out removes it. */
export function registerSessionListeners(startListening: AppStartListening) {
  startListening({
    predicate: (_action, current, previous) => current.session !== previous.session,
    effect: (_action, { getState }) => {
      const { user, token, expiration } = getState().session;
      if (user && token && expiration) writeJson(SESSION_KEY, { user, token, expiration });
      else removeKey(SESSION_KEY);
    },
  });
}
