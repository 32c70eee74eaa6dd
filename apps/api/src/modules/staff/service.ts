import { asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BUILT_IN_ROLE_KEYS,
  isBuiltInRole,
  OWNER_ROLE,
  permissionsOfRole,
  say,
  type Permission,
  type StaffMember,
  type StaffRole,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { staffInvitations, staffRoles, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { mapDbError, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import { badRequest, conflict, HttpError } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { keepAnOwner } from './owners.js';
import { beyond, withinReach } from './reach.js';
import { addressOf } from './address.js';
import { transaction } from '../../db/transaction.js';
import { endEverySession } from '../users/sessions.js';

type RoleRow = typeof staffRoles.$inferSelect;

export const toRoleDto = (row: RoleRow): StaffRole => ({
  key: row.key,
  name: row.name,
  builtIn: isBuiltInRole(row.key),
  permissions: permissionsOfRole(row.key, row.permissions),
});

/**
 * A role by its key, or a 400 naming the field: the owner picked it from the list the API gave. Read for share: a
 * change or deletion of the role waits for the transaction that gives it, then sees what it gave.
 */
export async function roleOf(db: DbOrTx, key: string): Promise<StaffRole> {
  const [row] = await db.select().from(staffRoles).where(eq(staffRoles.key, key)).for('share');
  if (!row) throw badRequest(say.api.roleUnknown, { role: say.api.roleUnknown });
  return toRoleDto(row);
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.staffRole,
  suspendedAt: users.staffSuspendedAt,
};
interface MemberRow {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  role: string | null;
  suspendedAt: Date | null;
}

const toMemberDto = (row: MemberRow): StaffMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role ?? '',
  suspended: row.suspendedAt !== null,
});

const notStaff = () => new HttpError(404, say.api.notStaff);

/** The roles and the members of the staff, as the owner manages them. */
export function staffService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  async function roles(): Promise<StaffRole[]> {
    // Built-in roles first, in the order the contracts list them; custom ones as they were made.
    const rows = await db.select().from(staffRoles).orderBy(asc(staffRoles.createdAt), asc(staffRoles.key));
    const rank = (key: string) => (isBuiltInRole(key) ? BUILT_IN_ROLE_KEYS.indexOf(key) : BUILT_IN_ROLE_KEYS.length);
    return rows.sort((a, b) => rank(a.key) - rank(b.key)).map(toRoleDto);
  }

  async function createRole(input: { name: string; permissions: Permission[] }, actor: Actor): Promise<StaffRole> {
    withinReach(actor, input.permissions);
    return transaction(db, async (tx) => {
      const [row] = await tx
        .insert(staffRoles)
        .values(input)
        .returning()
        .catch(mapDbError({ [UNIQUE_VIOLATION]: conflict(say.api.roleExists) }));
      if (!row) throw new Error('role insert returned no row');
      await auditAdmin(tx, actor, 'role_create', `created the role "${row.name}"`, { ...input, key: row.key });
      return toRoleDto(row);
    });
  }

  /** Locks a custom role for a change: 404 for an unknown key, 409 for a built-in one (its permissions are code). */
  async function lockCustomRole(tx: DbOrTx, key: string): Promise<RoleRow> {
    const [row] = await tx.select().from(staffRoles).where(eq(staffRoles.key, key)).for('update');
    if (!row) throw new HttpError(404, say.api.roleUnknown);
    if (isBuiltInRole(row.key)) throw conflict(say.api.roleBuiltIn);
    return row;
  }

  /**
   * Renames a custom role or changes its permissions; its members hold the new ones from their next request (the
   * session reads the role). Within reach both ways: a member neither widens a role beyond their own permissions nor
   * touches one that has permissions they lack. Invitations now beyond their sender's reach are withdrawn, as when a
   * member is given a smaller role.
   */
  async function updateRole(
    key: string,
    input: { name: string; permissions: Permission[] },
    actor: Actor,
  ): Promise<StaffRole> {
    withinReach(actor, input.permissions);
    return transaction(db, async (tx) => {
      const before = toRoleDto(await lockCustomRole(tx, key));
      withinReach(actor, before.permissions);
      const [row] = await tx
        .update(staffRoles)
        .set(input)
        .where(eq(staffRoles.key, key))
        .returning()
        .catch(mapDbError({ [UNIQUE_VIOLATION]: conflict(say.api.roleExists) }));
      if (!row) throw new Error('role update returned no row');
      const role = toRoleDto(row);
      // Those its members sent, then those sent to it; a new name alone puts nothing out of reach.
      const moved = role.permissions.join() !== before.permissions.join();
      const withdrawn = moved
        ? (await withdrawOutOfReach(tx, eq(users.staffRole, key))) +
          (await withdrawOutOfReach(tx, eq(staffInvitations.role, key)))
        : 0;
      await auditAdmin(tx, actor, 'role_update', `changed the role "${before.name}"`, {
        ...input,
        key,
        from: { name: before.name, permissions: before.permissions },
        ...(withdrawn ? { invitationsWithdrawn: withdrawn } : {}),
      });
      return role;
    });
  }

  /**
   * Deletes a custom role nobody holds: a member or an invitation (open or kept expired) holding it is refused (409),
   * as the owner decides what becomes of them. The role's lock keeps a gift of it from slipping in meanwhile (roleOf
   * waits for it, then finds it gone).
   */
  async function deleteRole(key: string, actor: Actor): Promise<void> {
    await transaction(db, async (tx) => {
      const role = toRoleDto(await lockCustomRole(tx, key));
      withinReach(actor, role.permissions);
      const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.staffRole, key)).limit(1);
      const [invitation] = await tx
        .select({ id: staffInvitations.id })
        .from(staffInvitations)
        .where(eq(staffInvitations.role, key))
        .limit(1);
      if (member || invitation) throw conflict(say.api.roleHeld);
      await tx.delete(staffRoles).where(eq(staffRoles.key, key));
      await auditAdmin(tx, actor, 'role_delete', `deleted the role "${role.name}"`, {
        key,
        name: role.name,
        permissions: role.permissions,
      });
    });
  }

  async function list(): Promise<StaffMember[]> {
    const rows = await db.select(memberColumns).from(users).where(isNotNull(users.staffRole)).orderBy(users.createdAt);
    return rows.map(toMemberDto);
  }

  /**
   * Locks the row of a member `actor` may manage; a 404 for an id that is not a staff member's, a 403 for a member
   * whose role holds a permission the actor lacks.
   */
  async function lockMember(tx: DbOrTx, userId: string, actor: Actor): Promise<MemberRow> {
    if (!isId(userId)) throw notStaff();
    const [row] = await tx.select(memberColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!row?.role) throw notStaff();
    withinReach(actor, (await roleOf(tx, row.role)).permissions);
    return row;
  }

  /** Gives a member another role; it applies from their next request (the session reads it). */
  async function changeRole(userId: string, roleKey: string, actor: Actor): Promise<StaffMember> {
    return transaction(db, async (tx) => {
      const role = await roleOf(tx, roleKey);
      withinReach(actor, role.permissions);
      if (role.key !== OWNER_ROLE) await keepAnOwner(tx, userId);
      const member = await lockMember(tx, userId, actor);
      const [row] = await tx
        .update(users)
        .set({ staffRole: role.key })
        .where(eq(users.id, userId))
        .returning(memberColumns);
      if (!row) throw notStaff();
      const withdrawn = await withdrawOutOfReach(tx, eq(staffInvitations.invitedBy, userId));
      await auditAdmin(tx, actor, 'staff_role_change', `gave ${addressOf(member)} the role "${role.name}"`, {
        userId,
        member: addressOf(member),
        from: member.role,
        to: role.key,
        ...(withdrawn ? { invitationsWithdrawn: withdrawn } : {}),
      });
      return toMemberDto(row);
    });
  }

  /**
   * Withdraws the open invitations, among those `which` picks, that their sender's role could not send now: all they
   * sent when it may no longer manage the team, else those to a role beyond it. A member demoted because they are no
   * longer trusted must not bring someone in, at the old reach, through a link sent before; nor may a link bring
   * someone into a role since widened beyond its sender's. A sender no longer on the staff (or whose account is gone)
   * reaches nothing. Answers how many went.
   */
  async function withdrawOutOfReach(tx: DbOrTx, which: SQL): Promise<number> {
    const senderRole = alias(staffRoles, 'sender_role');
    const sent = await tx
      .select({
        id: staffInvitations.id,
        key: staffRoles.key,
        permissions: staffRoles.permissions,
        senderKey: senderRole.key,
        senderPermissions: senderRole.permissions,
      })
      .from(staffInvitations)
      .innerJoin(staffRoles, eq(staffRoles.key, staffInvitations.role))
      .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
      .leftJoin(senderRole, eq(senderRole.key, users.staffRole))
      .where(which);
    const withdrawn = sent.filter((invitation) => {
      const held = invitation.senderKey ? permissionsOfRole(invitation.senderKey, invitation.senderPermissions) : [];
      return !held.includes('staff.manage') || beyond(held, permissionsOfRole(invitation.key, invitation.permissions));
    });
    if (withdrawn.length)
      await tx.delete(staffInvitations).where(
        inArray(
          staffInvitations.id,
          withdrawn.map((invitation) => invitation.id),
        ),
      );
    return withdrawn.length;
  }

  /**
   * Suspends a member: their sessions end at once (the token version), no sign-in lets them back, and the
   * invitations they sent that are still open are withdrawn. Never oneself: the click would end the session it came
   * from, with nobody left to undo it but another member.
   */
  async function suspend(userId: string, actor: Actor): Promise<StaffMember> {
    if (userId === actor.user.id) throw conflict(say.api.suspendYourself);
    return transaction(db, async (tx) => {
      await keepAnOwner(tx, userId);
      const member = await lockMember(tx, userId, actor);
      const [row] = await tx
        .update(users)
        .set({
          staffSuspendedAt: member.suspendedAt ?? deps.clock.now(),
          ...endEverySession,
        })
        .where(eq(users.id, userId))
        .returning(memberColumns);
      if (!row) throw notStaff();
      // What they invited is called off with them: a link they sent must not bring someone in behind their back.
      await tx.delete(staffInvitations).where(eq(staffInvitations.invitedBy, userId));
      await auditAdmin(tx, actor, 'staff_suspend', `suspended ${addressOf(member)}`, {
        userId,
        member: addressOf(member),
      });
      return toMemberDto(row);
    });
  }

  async function restore(userId: string, actor: Actor): Promise<StaffMember> {
    return transaction(db, async (tx) => {
      const member = await lockMember(tx, userId, actor);
      const [row] = await tx
        .update(users)
        .set({ staffSuspendedAt: null })
        .where(eq(users.id, userId))
        .returning(memberColumns);
      if (!row) throw notStaff();
      await auditAdmin(tx, actor, 'staff_restore', `restored ${addressOf(member)}`, {
        userId,
        member: addressOf(member),
      });
      return toMemberDto(row);
    });
  }

  return { roles, createRole, updateRole, deleteRole, list, changeRole, suspend, restore };
}
