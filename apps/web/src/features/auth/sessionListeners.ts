import type { AppStartListening } from '../../app/store';
import { removeKey, writeJson } from '../../lib/storage';
import { authApi } from './api/authApi';
import { SESSION_KEY } from './session';
import { signedOut } from './sessionSlice';

/**
 * Every change of the session is written to local storage at once; signing out removes it, and tells the server, so
 * that the token is refused from then on wherever a copy of it is. The device forgets the session whatever the server
 * answers (offline, or the session had already ended).
 */
export function registerSessionListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: signedOut,
    effect: (action, { dispatch, getOriginalState }) => {
      const { token } = getOriginalState().session;
      if (token && !action.payload?.endedOnServer) void dispatch(authApi.endpoints.logout.initiate(token));
    },
  });
  startListening({
    predicate: (_action, current, previous) => current.session !== previous.session,
    effect: (_action, { getState }) => {
      const { user, token, expiration } = getState().session;
      if (user && token && expiration) writeJson(SESSION_KEY, { user, token, expiration });
      else removeKey(SESSION_KEY);
    },
  });
}
