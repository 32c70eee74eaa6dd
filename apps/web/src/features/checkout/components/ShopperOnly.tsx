import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import type { User } from '@shop/contracts';
import { comingBackTo, useSession } from '../../auth';
import { paths } from '../../../lib/paths';

interface ShopperContext {
  user: User;
}

/**
 * The frame of the cart, checkout and order screens: visitors are sent to /login (and back after signing in) and
 * admins, who have no cart, to the home page. The screens inside get the shopper from it.
 */
export function ShopperOnly() {
  const { user, isSignedIn, isAdmin } = useSession();
  const location = useLocation();
  // Signing in comes back here: a payment link opened signed out goes on to the payment.
  if (!user || !isSignedIn) return <Navigate to={paths.login} replace state={comingBackTo(location)} />;
  if (isAdmin) return <Navigate to={paths.home} replace />;
  return <Outlet context={{ user } satisfies ShopperContext} />;
}

/** The signed-in shopper, for a screen rendered inside ShopperOnly. */
export const useShopper = () => useOutletContext<ShopperContext>().user;
