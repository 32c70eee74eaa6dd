import { useAppSelector } from '../../app/hooks';

export function useSession() {
  const { user, token } = useAppSelector((state) => state.session);
  return { user, token, isSignedIn: Boolean(user && token), isAdmin: user?.role === true };
}
