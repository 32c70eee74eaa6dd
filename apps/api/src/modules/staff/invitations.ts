import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import {
  INVITATION_TTL_MS,
  isStrongPassword,
  pathIn,
  say,
  WEB_PATHS,
  type Language,
  type OpenStaffInvitation,
  type PhoneCodeChannel,
  type StaffInvitationView,
} from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { staffInvitations, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, tooManyRequests } from '../../lib/errors.js';
import type { Redis } from '../../lib/redis.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { queueMessage } from '../messaging/queue.js';
import { STAFF_INVITATION } from '../messaging/render.js';
import { accountOf as accountOfPhone, phoneSignIn, typedOnly } from '../users/phone-sign-in.js';
import { hashPassword, sessionOf } from '../users/service.js';
import { withinReach } from './reach.js';
import { roleOf } from './service.js';
import { transaction } from '../../db/transaction.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
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
 */
export function invitationsService(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'tokens' | 'messageSender' | 'signIns'> & {
    redis: Redis | null;
  },
) {
  const { db, clock } = deps;
  const phone = phoneSignIn(deps);

  /** Neither accepted nor expired. */
  const unused = () => and(isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, clock.now()));
  const live = (token: string) => and(eq(staffInvitations.tokenHash, sha256(token)), unused());

  async function invite(input: Invite, actor: Actor, language: Language): Promise<{ token: string; url: string }> {
    const token = randomBytes(32).toString('base64url');
    const url = `${deps.config.PUBLIC_URL}${pathIn(WEB_PATHS.staffAccept, language)}#${token}`;
    await transaction(db, async (tx) => {
      const role = await roleOf(tx, input.role);
      withinReach(actor, role.permissions);
      const to = input.email ?? input.phone;
      if (!to) throw badRequest(say.api.emailOrPhone);
      await tx.insert(staffInvitations).values({
        tokenHash: sha256(token),
        email: input.email ?? null,
        phone: input.phone ?? null,
        role: role.key,
        invitedBy: actor.user.id,
        expiresAt: new Date(clock.now().getTime() + INVITATION_TTL_MS),
      });
      const channel = input.email ? 'email' : (input.channel ?? 'sms');
      await queueMessage(tx, { kind: STAFF_INVITATION, channel, to, language, payload: { url } });
      await auditAdmin(tx, actor, 'staff_invite', `invited ${to} as "${role.name}"`, { to, role: role.key });
    });
    deps.messageSender.wake();
    return { token, url };
  }

  /** The invitations that may still be accepted, newest first. */
  async function open(): Promise<OpenStaffInvitation[]> {
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
      .where(unused())
      .orderBy(desc(staffInvitations.createdAt));
    return rows.map(({ id, expiresAt, ...row }) => ({ _id: id, ...row, expiresAt: expiresAt.toISOString() }));
  }

  /**
   * Withdraws an open invitation: its link stops working at once. Only within the caller's reach, as inviting is: a
   * member cannot call off an invitation to a role they could not have given.
   */
  async function withdraw(id: string, actor: Actor): Promise<void> {
    const notOpen = () => new HttpError(404, say.api.invitationInvalid);
    if (!isId(id)) throw notOpen();
    await transaction(db, async (tx) => {
      // Locked, so an acceptance under way either finishes first or finds it gone.
      const [invitation] = await tx
        .select()
        .from(staffInvitations)
        .where(and(eq(staffInvitations.id, id), unused()))
        .for('update');
      if (!invitation) throw notOpen();
      withinReach(actor, (await roleOf(tx, invitation.role)).permissions);
      await tx.delete(staffInvitations).where(eq(staffInvitations.id, id));
      const to = invitation.email ?? invitation.phone;
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
    // Marking it used in the statement that checks it makes the token single use under races.
    const [invitation] = await tx.update(staffInvitations).set({ usedAt: clock.now() }).where(live(token)).returning();
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
      message: `${staff.email ?? staff.phone} joined the staff as "${invitation.role}"`,
      userId: staff.id,
      userEmail: staff.email,
      data: { invitationId: invitation.id, role: invitation.role },
      ip,
    });
    return staff;
  }

  /** An e-mail invitation: the existing account's password proves it is theirs; otherwise name + password make one. */
  async function acceptByEmail(input: { token: string; name?: string; password?: string }, email: string, ip: string) {
    const { password } = input;
    if (!password) throw badRequest(say.api.invitationPasswordRequired, { password: say.msg.required });
    // The existing account's password is checked here as on the sign-in form: the same limit counts both.
    const wait = await deps.signIns.attempt(ip, email);
    if (wait > 0) throw tooManyRequests(say.api.tooManySignIns, wait);
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
    await deps.signIns.succeeded(ip, email);
    return sessionOf(deps.tokens, staff);
  }

  /**
   * A phone invitation: the code sent to the invited mobile (by /api/auth/phone/start) signs into the account that
   * proved it, or makes one with `name`, as a phone sign-in does; the invitation gives it the role in the same
   * transaction. A mobile only typed into an account that never proved it is refused: its holder is likely that
   * account's owner, who is invited by e-mail instead (docs/decisions/phone-identity.md).
   */
  async function acceptByPhone(input: { token: string; name?: string; code?: string }, invited: string, ip: string) {
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
    return sessionOf(deps.tokens, staff);
  }

  async function accept(input: { token: string; name?: string; password?: string; code?: string }, ip: string) {
    const [invitation] = await db.select().from(staffInvitations).where(live(input.token));
    if (!invitation) throw invalid();
    return invitation.phone
      ? acceptByPhone(input, invitation.phone, ip)
      : acceptByEmail(input, invitation.email ?? '', ip);
  }

  return { invite, open, withdraw, view, accept };
}
