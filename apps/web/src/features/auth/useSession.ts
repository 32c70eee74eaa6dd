import { useAppSelector } from '../../app/hooks';
import type { AppThunk, RootState } from '../../app/store';

const hasSession = ({ user, token }: RootState['session']) => Boolean(user && token);

export function useSession() {
  const session = useAppSelector((state) => state.session);
  const { user, token } = session;
  return { user, token, isSignedIn: hasSession(session), isAdmin: user?.role === true };
}

/**
 * Whether someone is signed in at this moment, for an event handler to ask rather than the value of its render.
 * The app takes a server-rendered page over with the visitor's state the page was rendered in, and shows the
 * shopper's own a render later: a click in between would be answered as a visitor's.
 */
export const signedInNow = (): AppThunk<boolean> => (_dispatch, getState) => hasSession(getState().session);
