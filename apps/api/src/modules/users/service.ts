import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import {
  say,
  egyptianMobile,
  RESET_TOKEN_TTL_MS,
  resetMail,
  emailChangedMail,
  passwordChangedMail,
  type Language,
  type RegisterInput,
  type UpdateUserInput,
} from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { passwordResets, reviews, users } from '../../db/schema.js';
import { accountName, audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { recomputeRatings } from '../reviews/rating.js';
import { maskedAddress } from '../messaging/masked-address.js';
import { keepAnOwner } from '../staff/owners.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';
import { deleteUnheld } from '../../db/unheld.js';
import { sha256Hex } from '../../lib/sha256.js';
import { endEverySession, sessionsService, type SigningIn } from './sessions.js';
import { contactChannelOf, toUserDto, type UserRow } from './user-dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Compared against when the e-mail is unknown, so a failed login takes as long either way. */
const DUMMY_HASH = hash('not-a-real-password-0A!');

export const hashPassword = (password: string) => hash(password);

export function usersService(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'mailer' | 'tokens'>) {
  const { db } = deps;

  const sessions = sessionsService(deps);

  /** The user's unused reset links stop working: sent for a password or an address that is no longer theirs. */
  const voidResets = (tx: Tx, userId: string) =>
    tx
      .update(passwordResets)
      .set({ usedAt: deps.clock.now() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));

  /** Sent in the background once the change has committed: it stands whether or not the mail goes. */
  const mail = (to: string, written: { subject: string; text: string }, what: string) => {
    deps.mailer.send({ to, ...written }).catch((err) => deps.log.error({ err }, `${what} mail failed`));
  };

  async function register(
    input: Required<Pick<RegisterInput, 'name' | 'email' | 'phone' | 'password'>>,
    { ip, userAgent }: SigningIn,
  ) {
    // A taken e-mail is answered before the password is hashed: the answer says it is registered anyway, and argon2 is
    // the costly step. One registered meanwhile is refused alike by the unique index below.
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw conflict(say.api.emailTaken);
    const passwordHash = await hashPassword(input.password);
    const created = await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phone: input.phone, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) throw conflict(say.api.emailTaken);
      await audit(tx, {
        type: 'user',
        action: 'register',
        message: `${user.email} registered`,
        userId: user.id,
        userEmail: user.email,
        ip,
      });
      return user;
    });
    return sessions.start(created, userAgent);
  }

  async function login(email: string, password: string, { ip, userAgent }: SigningIn) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), password);
    if (!user || !ok) {
      await audit(db, {
        type: 'auth',
        action: 'login_failed',
        message: `Failed sign-in for ${email}`,
        userId: user?.id,
        userEmail: email,
        ip,
      });
      throw new HttpError(401, say.api.wrongCredentials);
    }
    if (user.staffSuspendedAt) throw forbidden(say.api.accountSuspended);
    await audit(db, {
      type: 'auth',
      action: 'login',
      message: `${user.email} signed in`,
      userId: user.id,
      userEmail: user.email,
      ip,
    });
    return sessions.start(user, userAgent);
  }

  /**
   * Profile edits; agreeing to cart reminders keeps the language agreed in, which the reminders speak. A typed phone
   * proves nothing: one other than the proven mobile unlinks that mobile, so the number the shopper gave up (and
   * whoever holds it next) stops opening the account (docs/decisions/phone-identity.md).
   */
  async function update(userId: string, input: UpdateUserInput, language: Language) {
    const { cartReminders, ...fields } = input;
    const changes: Partial<UserRow> = {
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...(cartReminders === undefined ? {} : { cartRemindersLanguage: cartReminders ? language : null }),
    };
    const user = await transaction(db, async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!current) throw notFound('User');
      const email = input.email ?? current.email;
      if (input.phone && current.verifiedPhone && egyptianMobile(input.phone) !== current.verifiedPhone) {
        // Without an e-mail the proven mobile is the account's only way in: the new one must be proven to replace it.
        // One typed in this same save counts for nothing: mistyped, its reset links would go nowhere.
        if (!current.email) throw badRequest(say.api.proveNewPhone, { phone: say.api.proveNewPhone });
        changes.verifiedPhone = null;
        // Order messages by text would have no number to go to: they go by e-mail until a mobile is proven again.
        if (!input.contactChannel && contactChannelOf(current) !== 'email') changes.contactChannel = 'email';
      }
      if (input.contactChannel) {
        // A channel the shop has no address on would leave the shopper hearing nothing.
        const verifiedPhone = changes.verifiedPhone === null ? null : current.verifiedPhone;
        const address = input.contactChannel === 'email' ? email : verifiedPhone;
        if (!address) throw badRequest(say.api.noAddressForChannel, { contactChannel: say.api.noAddressForChannel });
      }
      const [updated] = await tx
        .update(users)
        .set(changes)
        .where(eq(users.id, userId))
        .returning()
        .catch((err: { code?: string; cause?: { code?: string } }) => {
          if (err.code === '23505' || err.cause?.code === '23505') throw conflict(say.api.emailTaken);
          throw err;
        });
      if (!updated) throw notFound('User');
      // A link mailed to the old address must not keep the power to set the password.
      if (current.email !== updated.email) await voidResets(tx, userId);
      return { ...updated, formerEmail: current.email };
    });
    // Whoever holds the old address hears of it: a session taken over cannot move the account away unseen.
    if (user.formerEmail && user.email && user.formerEmail !== user.email)
      mail(user.formerEmail, emailChangedMail(maskedAddress('email', user.email), language), 'e-mail changed');
    return { user: toUserDto(user) };
  }

  async function changePassword(
    userId: string,
    password: string,
    { ip, userAgent, language }: SigningIn & { language: Language },
  ) {
    const passwordHash = await hashPassword(password);
    const user = await transaction(db, async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({ passwordHash, ...endEverySession })
        .where(eq(users.id, userId))
        .returning();
      if (!changed) throw notFound('User');
      await voidResets(tx, userId);
      await audit(tx, {
        type: 'user',
        action: 'password_change',
        message: `${accountName(changed)} changed their password`,
        userId,
        userEmail: changed.email,
        ip,
      });
      return changed;
    });
    // Its other sessions end: told by e-mail, whoever lost the account can take it back through a reset link.
    if (user.email)
      mail(user.email, passwordChangedMail(`${deps.config.PUBLIC_URL}/forgot-password`, language), 'password changed');
    return { message: say.api.passwordUpdated, ...(await sessions.start(user, userAgent)) };
  }

  /** Deletes the account; orders stay (their user becomes null), reviews go and ratings follow. */
  async function remove(userId: string, ip: string) {
    await transaction(db, async (tx) => {
      await keepAnOwner(tx, userId);
      const reviewed = await tx
        .select({ productId: reviews.productId })
        .from(reviews)
        .where(eq(reviews.userId, userId));
      const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound('User');
      // Written while the account is there, so the log names it as every entry (db/sql/audit-log.sql).
      await audit(tx, {
        type: 'user',
        action: 'delete_account',
        message: `${accountName(user)} deleted their account`,
        userId,
        userEmail: user.email,
        ip,
      });
      const [gone] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      if (!gone) throw notFound('User');
      await recomputeRatings(
        tx,
        reviewed.map((r) => r.productId),
      );
    });
    return { message: say.api.accountDeleted };
  }

  async function requestReset(email: string, ip: string, language: Language) {
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (user?.email) {
      const token = randomBytes(32).toString('base64url');
      // The table grows only here, so deleting here bounds it: a used or expired link is no use to anyone.
      await deleteUnheld(
        db,
        passwordResets,
        or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, deps.clock.now())),
      );
      await db.insert(passwordResets).values({
        userId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_TTL_MS),
      });
      await audit(db, {
        type: 'auth',
        action: 'reset_requested',
        message: `Password reset asked for ${user.email}`,
        userId: user.id,
        userEmail: user.email,
        ip,
      });
      const link = `${deps.config.PUBLIC_URL}/password-reset/${user.id}/${token}`;
      // Sent in the background: waiting for the mail server would tell an attacker the address exists.
      mail(email, resetMail(link, language), 'reset');
    }
    return { message: say.api.resetSent };
  }

  function liveReset(userId: string, token: string) {
    return and(
      eq(passwordResets.userId, userId),
      eq(passwordResets.tokenHash, sha256Hex(token)),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, deps.clock.now()),
    );
  }

  async function checkReset(userId: string, token: string) {
    if (!UUID.test(userId)) throw new HttpError(404, say.msg.notFound404);
    const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(liveReset(userId, token));
    if (!row) throw new HttpError(404, say.msg.notFound404);
    return { message: say.api.validLink };
  }

  async function resetPassword(userId: string, token: string, password: string, ip: string) {
    // Checked before the new password is hashed, the costly step, which a link that does not work must not cost the
    // server; checked again as it is used below, where a link used meanwhile is refused.
    await checkReset(userId, token);
    const passwordHash = await hashPassword(password);
    await transaction(db, async (tx) => {
      // Marking it used in the same statement that checks it makes the link single use under races.
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: deps.clock.now() })
        .where(liveReset(userId, token))
        .returning({ id: passwordResets.id });
      if (!used) throw new HttpError(404, say.msg.notFound404);
      const [user] = await tx
        .update(users)
        // The mailbox's owner takes the account back: other ways in go with the old password and sessions, a mobile
        // proved on it too (anyone may register an e-mail they do not own and prove their own mobile on it); order
        // messages go by e-mail until a mobile is proven again.
        .set({
          passwordHash,
          ...endEverySession,
          verifiedPhone: null,
          contactChannel: 'email',
        })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      await voidResets(tx, userId);
      await audit(tx, {
        type: 'auth',
        action: 'password_reset',
        message: `${user?.email} reset their password`,
        userId,
        userEmail: user?.email,
        ip,
      });
    });
    return { message: say.api.passwordUpdated };
  }

  async function list() {
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        verifiedPhone: users.verifiedPhone,
        role: users.role,
        contactChannel: users.contactChannel,
        signedInWith: users.signedInWith,
        cartRemindersLanguage: users.cartRemindersLanguage,
      })
      .from(users)
      .orderBy(users.createdAt);
    const [total] = await db.select({ n: count() }).from(users);
    return { count: total?.n ?? rows.length, users: rows.map(toUserDto) };
  }

  return {
    register,
    login,
    update,
    changePassword,
    remove,
    requestReset,
    checkReset,
    resetPassword,
    list,
  };
}
