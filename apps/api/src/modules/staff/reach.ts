import { say, type Permission } from '@shop/contracts';
import type { Actor } from '../../lib/admin-audit.js';
import { forbidden } from '../../lib/errors.js';

/**
 * Refuses a staff change beyond the caller's own permissions: giving a role (a role change, an invitation, a new
 * role) or touching a member or an invitation whose role holds a permission the caller lacks. A custom role may
 * carry `staff.manage`; without this, its holder could make themselves, or anyone, owner. The owner holds every
 * permission, so nothing is beyond them.
 */
export function withinReach(actor: Actor, permissions: readonly Permission[]): void {
  if (beyond(actor.user.permissions, permissions)) throw forbidden(say.api.beyondYourRole);
}

/** Whether `permissions` hold one that `held` lacks. */
export const beyond = (held: readonly Permission[], permissions: readonly Permission[]): boolean =>
  permissions.some((permission) => !held.includes(permission));
