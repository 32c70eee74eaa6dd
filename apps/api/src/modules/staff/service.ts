import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
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
import { transaction } from '../../db/transaction.js';
import { endEverySession } from '../users/sessions.js';

type RoleRow = typeof staffRoles.$inferSelect;

export const toRoleDto = (row: RoleRow): StaffRole => ({
  key: row.key,
  name: row.name,
  builtIn: isBuiltInRole(row.key),
  permissions: permissionsOfRole(row.key, row.permissions),
});

/** A role by its key, or a 400 naming the field: the owner picked it from the list the API gave. */
export async function roleOf(db: DbOrTx, key: string): Promise<StaffRole> {
  const [row] = await db.select().from(staffRoles).where(eq(staffRoles.key, key));
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
      const withdrawn = await withdrawBeyond(tx, userId, role);
      await auditAdmin(tx, actor, 'staff_role_change', `gave ${member.email ?? member.phone} the role "${role.name}"`, {
        userId,
        member: member.email ?? member.phone,
        from: member.role,
        to: role.key,
        ...(withdrawn ? { invitationsWithdrawn: withdrawn } : {}),
      });
      return toMemberDto(row);
    });
  }

  /**
   * Withdraws the invitations a member sent that their new role could not send now: all of them when it may no longer
   * manage the team, else those to a role beyond it. A member demoted because they are no longer trusted must not
   * bring someone in, at the old reach, through a link sent before. Answers how many went.
   */
  async function withdrawBeyond(tx: DbOrTx, userId: string, role: StaffRole): Promise<number> {
    const sent = await tx
      .select({ id: staffInvitations.id, key: staffRoles.key, permissions: staffRoles.permissions })
      .from(staffInvitations)
      .innerJoin(staffRoles, eq(staffRoles.key, staffInvitations.role))
      .where(eq(staffInvitations.invitedBy, userId));
    const mayInvite = role.permissions.includes('staff.manage');
    const withdrawn = sent.filter(
      (invitation) => !mayInvite || beyond(role.permissions, permissionsOfRole(invitation.key, invitation.permissions)),
    );
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
      await auditAdmin(tx, actor, 'staff_suspend', `suspended ${member.email ?? member.phone}`, {
        userId,
        member: member.email ?? member.phone,
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
      await auditAdmin(tx, actor, 'staff_restore', `restored ${member.email ?? member.phone}`, {
        userId,
        member: member.email ?? member.phone,
      });
      return toMemberDto(row);
    });
  }

  return { roles, createRole, list, changeRole, suspend, restore };
}
