import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import {
  EXPIRED_INVITATION_KEPT_MS,
  INVITATION_TTL_MS,
  isStrongPassword,
  pathIn,
  say,
  WEB_PATHS,
  type Language,
  type ListedStaffInvitation,
  type PhoneCodeChannel,
  type StaffInvitationView,
} from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { staffInvitations, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, tooManyRequests } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import type { Channel } from '../messaging/provider.js';
import { queueMessage } from '../messaging/queue.js';
import { STAFF_INVITATION } from '../messaging/render.js';
import { accountOf as accountOfPhone, phoneSignIn, typedOnly } from '../users/phone-sign-in.js';
import { hashPassword } from '../users/service.js';
import { sessionsService, type SigningIn } from '../users/sessions.js';
import { withinReach } from './reach.js';
import { addressOf } from './address.js';
import { roleOf } from './service.js';
import { transaction } from '../../db/transaction.js';
import { sha256Hex } from '../../lib/sha256.js';

const invalid = () => new HttpError(410, say.api.invitationInvalid);

type InvitationRow = typeof staffInvitations.$inferSelect;
type UserRow = typeof users.$inferSelect;

interface Invite {
  email?: string;
  phone?: string;
  role: string;
  /** How a phone invitation travels; e-mail ones go by e-mail. */
  channel?: PhoneCodeChannel;
}

/**
 * Invitations to the staff. The owner invites an e-mail address or a mobile with a role; the link (also answered, to
 * be passed on by hand) goes out through the message queue. Accepting makes the staff account, or gives the role to
 * the account the address already has once its owner proved it is theirs (its password, or a code sent to the
 * mobile), and signs in. A token is good once, for INVITATION_TTL_MS; only its hash is stored.
 *
 * No job cleans the table: an accepted invitation is deleted as it is accepted (its invitee is a member, and the audit
 * log keeps who invited and who joined), and an expired one EXPIRED_INVITATION_KEPT_MS after it lapsed, as the staff
 * screen lists the invitations or a new one is sent (the only way the table grows).
 */
export function invitationsService(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'tokens' | 'messageSender' | 'signIns' | 'attemptLimit'>,
) {
  const { db, clock } = deps;
  const phone = phoneSignIn(deps);
  const sessions = sessionsService(deps);

  // An accepted invitation is deleted, so a row not expired is one that may still be accepted.
  const live = (token: string) =>
    and(eq(staffInvitations.tokenHash, sha256Hex(token)), gt(staffInvitations.expiresAt, clock.now()));

  /** Deletes the invitations that expired more than EXPIRED_INVITATION_KEPT_MS ago. */
  const dropLapsed = (tx: DbOrTx) =>
    tx
      .delete(staffInvitations)
      .where(lte(staffInvitations.expiresAt, new Date(clock.now().getTime() - EXPIRED_INVITATION_KEPT_MS)));

  /** Writes an invitation to `to` and queues its link, in `tx`; answers the token, which only the link holds. */
  async function send(
    tx: Tx,
    to: { email: string | null; phone: string | null; role: string; channel: Channel },
    actor: Actor,
    language: Language,
  ) {
    const token = randomBytes(32).toString('base64url');
    const url = `${deps.config.PUBLIC_URL}${pathIn(WEB_PATHS.staffAccept, language)}#${token}`;
    await dropLapsed(tx);
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({
        tokenHash: sha256Hex(token),
        email: to.email,
        phone: to.phone,
        role: to.role,
        channel: to.channel,
        invitedBy: actor.user.id,
        expiresAt: new Date(clock.now().getTime() + INVITATION_TTL_MS),
      })
      .returning({ id: staffInvitations.id });
    if (!invitation) throw new Error('invitation insert returned no row');
    await queueMessage(tx, {
      kind: STAFF_INVITATION,
      channel: to.channel,
      to: addressOf(to),
      language,
      payload: { url },
    });
    return { id: invitation.id, token, url };
  }

  async function invite(input: Invite, actor: Actor, language: Language): Promise<{ token: string; url: string }> {
    const sent = await transaction(db, async (tx) => {
      const role = await roleOf(tx, input.role);
      withinReach(actor, role.permissions);
      const to = input.email ?? input.phone;
      if (!to) throw badRequest(say.api.emailOrPhone);
      const channel: Channel = input.email ? 'email' : (input.channel ?? 'sms');
      const invitation = { email: input.email ?? null, phone: input.phone ?? null, role: role.key, channel };
      const answer = await send(tx, invitation, actor, language);
      await auditAdmin(tx, actor, 'staff_invite', `invited ${to} as "${role.name}"`, { to, role: role.key });
      return answer;
    });
    deps.messageSender.wake();
    return { token: sent.token, url: sent.url };
  }

  /**
   * The invitations not yet accepted, open or expired within EXPIRED_INVITATION_KEPT_MS, newest first; older expired
   * ones are deleted first.
   */
  async function list(): Promise<ListedStaffInvitation[]> {
    const now = clock.now();
    await dropLapsed(db);
    const rows = await db
      .select({
        id: staffInvitations.id,
        email: staffInvitations.email,
        phone: staffInvitations.phone,
        role: staffInvitations.role,
        invitedBy: users.name,
        expiresAt: staffInvitations.expiresAt,
      })
      .from(staffInvitations)
      .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
      .orderBy(desc(staffInvitations.createdAt));
    return rows.map(({ id, expiresAt, ...row }) => ({
      _id: id,
      ...row,
      expiresAt: expiresAt.toISOString(),
      expired: expiresAt <= now,
    }));
  }

  /**
   * The role of the invitations `which` picks, taken (roleOf) before any of them is touched: a change of the role takes
   * it, then deletes the invitations it withdraws, and the other order deadlocked with it (one side answered 503). An
   * invitation's role never changes, so the one read here is the one it still names once locked. Undefined: none.
   */
  async function roleFirst(tx: Tx, which: SQL | undefined) {
    const [named] = await tx.select({ role: staffInvitations.role }).from(staffInvitations).where(which);
    return named && roleOf(tx, named.role);
  }

  /**
   * The invitation `id` (open or expired), locked, so an acceptance under way either finishes first or finds it gone;
   * only within the caller's reach, as inviting is: a member cannot handle an invitation to a role they could not give.
   * Its role first (roleFirst), then the caller's own row, which the invitation sent again names as its sender: a
   * member's suspension or new role locks the owners' and the member's rows before the invitations it withdraws.
   */
  async function lockWithinReach(tx: Tx, id: string, actor: Actor) {
    const notFound = () => new HttpError(404, say.api.invitationInvalid);
    if (!isId(id)) throw notFound();
    const role = await roleFirst(tx, eq(staffInvitations.id, id));
    if (!role) throw notFound();
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.user.id)).for('key share');
    const [invitation] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
    if (!invitation) throw notFound();
    withinReach(actor, role.permissions);
    return { invitation, role };
  }

  /**
   * Sends an invitation again, open or expired: a new link, good for INVITATION_TTL_MS, to the same address, role and
   * channel, in the caller's language; the old link stops working.
   */
  async function resend(id: string, actor: Actor, language: Language): Promise<{ token: string; url: string }> {
    const sent = await transaction(db, async (tx) => {
      const { invitation, role } = await lockWithinReach(tx, id, actor);
      await tx.delete(staffInvitations).where(eq(staffInvitations.id, id));
      const answer = await send(tx, invitation, actor, language);
      const to = addressOf(invitation);
      await auditAdmin(tx, actor, 'staff_invite', `invited ${to} again as "${role.name}"`, {
        to,
        role: role.key,
        replaces: invitation.id,
      });
      return answer;
    });
    deps.messageSender.wake();
    return { token: sent.token, url: sent.url };
  }

  /** Withdraws an invitation, open or expired: its link stops working at once. */
  async function withdraw(id: string, actor: Actor): Promise<void> {
    await transaction(db, async (tx) => {
      const { invitation } = await lockWithinReach(tx, id, actor);
      await tx.delete(staffInvitations).where(eq(staffInvitations.id, id));
      const to = addressOf(invitation);
      await auditAdmin(tx, actor, 'staff_invite_withdraw', `withdrew the invitation of ${to}`, {
        invitationId: invitation.id,
        to,
        role: invitation.role,
      });
    });
  }

  /** The account the invited address already has, if any: a mobile's is the one its code signs into. */
  async function accountOf(tx: Tx, invitation: InvitationRow): Promise<UserRow | undefined> {
    if (invitation.phone) return accountOfPhone(tx, invitation.phone);
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.email, invitation.email ?? ''));
    return user;
  }

  async function view(token: string): Promise<StaffInvitationView> {
    return transaction(db, async (tx) => {
      const [invitation] = await tx.select().from(staffInvitations).where(live(token));
      if (!invitation) throw invalid();
      return {
        email: invitation.email,
        phone: invitation.phone,
        role: await roleOf(tx, invitation.role),
        hasAccount: Boolean(await accountOf(tx, invitation)),
      };
    });
  }

  /** Uses the invitation and gives its role to `account` (made by it when there is none), inside `tx`. */
  async function grant(tx: Tx, token: string, account: (invitation: InvitationRow) => Promise<UserRow>, ip: string) {
    // Its role first, as lockWithinReach takes it; then deleting it in the statement that checks it makes the token
    // single use under races; a refusal rolls it back.
    if (!(await roleFirst(tx, live(token)))) throw invalid();
    const [invitation] = await tx.delete(staffInvitations).where(live(token)).returning();
    if (!invitation) throw invalid();
    const found = await account(invitation);
    if (found.staffRole) throw conflict(say.api.alreadyStaff);
    const [staff] = await tx
      .update(users)
      .set({ role: true, staffRole: invitation.role })
      .where(eq(users.id, found.id))
      .returning();
    if (!staff) throw new Error('staff member vanished while accepting');
    await audit(tx, {
      type: 'admin',
      action: 'staff_join',
      message: `${addressOf(staff)} joined the staff as "${invitation.role}"`,
      userId: staff.id,
      userEmail: staff.email,
      data: { invitationId: invitation.id, role: invitation.role },
      ip,
    });
    return staff;
  }

  /** An e-mail invitation: the existing account's password proves it is theirs; otherwise name + password make one. */
  async function acceptByEmail(
    input: { token: string; name?: string; password?: string },
    email: string,
    { ip, userAgent }: SigningIn,
  ) {
    const { password } = input;
    if (!password) throw badRequest(say.api.invitationPasswordRequired, { password: say.msg.required });
    // The existing account's password is checked here as on the sign-in form: the same limit counts both.
    const attempt = await deps.signIns.attempt(ip, email);
    if (attempt.wait > 0) throw tooManyRequests(say.api.tooManySignIns, attempt.wait);
    // Hashed before the transaction: argon2 takes a while and holds no lock.
    const newHash = isStrongPassword(password) ? await hashPassword(password) : null;
    const staff = await transaction(db, (tx) =>
      grant(
        tx,
        input.token,
        async (invitation) => {
          const existing = await accountOf(tx, invitation);
          if (existing) {
            if (!existing.passwordHash || !(await verify(existing.passwordHash, password)))
              throw new HttpError(401, say.api.wrongCredentials);
            return existing;
          }
          if (!input.name) throw badRequest(say.api.invitationPasswordRequired, { name: say.msg.required });
          if (!newHash) throw badRequest(say.msg.invalidPassword, { password: say.msg.invalidPassword });
          const [created] = await tx
            .insert(users)
            .values({ name: input.name, email: invitation.email, phone: '', passwordHash: newHash })
            .returning();
          if (!created) throw new Error('user insert returned no row');
          return created;
        },
        ip,
      ),
    );
    await attempt.giveBack();
    return sessions.start(staff, userAgent);
  }

  /**
   * A phone invitation: the code sent to the invited mobile (by /api/auth/phone/start) signs into the account that
   * proved it, or makes one with `name`, as a phone sign-in does; the invitation gives it the role in the same
   * transaction. A mobile only typed into an account that never proved it is refused: its holder is likely that
   * account's owner, who is invited by e-mail instead (docs/decisions/phone-identity.md).
   */
  async function acceptByPhone(
    input: { token: string; name?: string; code?: string },
    invited: string,
    { ip, userAgent }: SigningIn,
  ) {
    const { code } = input;
    if (!code) throw badRequest(say.api.invitationCodeRequired, { code: say.msg.required });
    const staff = await transaction(db, async (tx) => {
      const channel = await phone.useCode(tx, invited, code);
      if (!channel) return null;
      return grant(
        tx,
        input.token,
        async () => {
          if (!(await accountOfPhone(tx, invited)) && (await typedOnly(tx, invited)))
            throw conflict(say.api.invitationPhoneUnproven);
          return (await phone.enter(tx, { phone: invited, name: input.name }, channel, ip)).user;
        },
        ip,
      );
    });
    // The wrong try is counted (committed) before the refusal.
    if (!staff) throw new HttpError(401, say.api.wrongCode);
    return sessions.start(staff, userAgent);
  }

  async function accept(input: { token: string; name?: string; password?: string; code?: string }, from: SigningIn) {
    const [invitation] = await db.select().from(staffInvitations).where(live(input.token));
    if (!invitation) throw invalid();
    return invitation.phone
      ? acceptByPhone(input, invitation.phone, from)
      : acceptByEmail(input, invitation.email ?? '', from);
  }

  return { invite, list, resend, withdraw, view, accept };
}
