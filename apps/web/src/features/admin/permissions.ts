import type { Permission } from '@shop/contracts';
import { useSession } from '../auth';
import { useGetStaffSelfQuery } from './api/staffApi';

/**
 * What the signed-in member's role allows, as the API reports it: the dashboard shows only that (the API refuses the
 * rest anyway). Until it is known nothing is allowed, so no control flashes up and disappears.
 */
export function usePermissions() {
  const { user, isAdmin } = useSession();
  const { data, isError } = useGetStaffSelfQuery(user?._id ?? '', { skip: !isAdmin });
  const permissions: readonly Permission[] = data?.permissions ?? [];
  return {
    loaded: Boolean(data) || isError,
    role: data?.role ?? null,
    can: (permission: Permission) => permissions.includes(permission),
  };
}
