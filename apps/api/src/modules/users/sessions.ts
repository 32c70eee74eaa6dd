import { and, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DeviceSession } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { sessions, signedOutTokens, users } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { accountName, audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { sessionHash, type SessionToken } from '../../plugins/auth.js';
import type { Deps } from '../deps.js';
import { deviceOf, type Device } from './devices.js';
import { toUserDto, type UserRow } from './user-dto.js';

/** Where a sign-in comes from: its network address for the audit log, its browser for the list of devices. */
export interface SigningIn {
  ip: string;
  userAgent: string;
}

export const signingIn = (request: FastifyRequest): SigningIn => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** The devices listed at most: an account signs in far fewer times within a token's life. */
const LISTED = 100;
/** A user agent is kept at this length: enough to name any browser, too little to store anything else in. */
const USER_AGENT_KEPT = 512;

/**
 * Set with an account's other changes to end every session it has: a token is honoured only under the token version
 * it was issued with (plugins/auth.ts).
 */
export const endEverySession = { tokenVersion: sql`${users.tokenVersion} + 1` };

/** The device as the audit log's English message names it. */
const deviceName = ({ browser, system }: Device) =>
  [browser ?? 'an unknown browser', system].filter(Boolean).join(' on ');

/**
 * Signing in, out and the list of devices between (docs/decisions/sign-out.md): a token is valid by itself, and the
 * `sessions` rows name the devices so that the account's owner can end one they do not know.
 */
export function sessionsService(deps: Pick<Deps, 'db' | 'clock' | 'tokens'>) {
  const { db } = deps;

  /**
   * What a sign-in answers: the account and a token for it, outdated when the account's token version moves on. The
   * device is recorded by the `User-Agent` it signed in with; the account's rows of outdated or expired sessions go.
   */
  async function start(user: UserRow, userAgent: string) {
    const issued = deps.tokens.issue({ sub: user.id, tv: user.tokenVersion });
    await transaction(db, async (tx) => {
      await tx
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, user.id),
            or(lte(sessions.expiresAt, deps.clock.now()), lt(sessions.tokenVersion, user.tokenVersion)),
          ),
        );
      await tx.insert(sessions).values({
        userId: user.id,
        tokenHash: sessionHash(issued.token),
        tokenVersion: user.tokenVersion,
        userAgent: userAgent.slice(0, USER_AGENT_KEPT),
        createdAt: deps.clock.now(),
        expiresAt: new Date(issued.expiration),
      });
    });
    return { user: toUserDto(user), ...issued };
  }

  /** The devices the account is signed in on, the asking one first, then the latest signed in. */
  async function list(userId: string, asking: SessionToken): Promise<DeviceSession[]> {
    const rows = await db
      .select({ id: sessions.id, tokenHash: sessions.tokenHash, userAgent: sessions.userAgent, at: sessions.createdAt })
      .from(sessions)
      // Under the account's token version only: a sign-in that read the account before a new password wrote its row
      // after the new password's sign-in cleared the outdated ones.
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tokenVersion, sessions.tokenVersion)))
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock.now())))
      .orderBy(desc(sessions.createdAt))
      .limit(LISTED);
    const listed = rows.map((row) => ({
      id: row.id,
      ...deviceOf(row.userAgent),
      signedInAt: row.at.toISOString(),
      current: row.tokenHash === asking.hash,
    }));
    return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
  }

  /** Ends every session of the account `which` finds (a token version further on), and its devices leave the list. */
  const endAll = async (tx: Tx, which: SQL | undefined) => {
    const [user] = await tx
      .update(users)
      .set(endEverySession)
      .where(which)
      .returning({ id: users.id, name: users.name, email: users.email, phone: users.phone });
    if (!user) throw notFound('User');
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return user;
  };

  /** Refuses the token from now on, though it has not expired; its device leaves the list. */
  const end = async (tx: Tx, token: SessionToken) => {
    await tx
      .insert(signedOutTokens)
      .values({ tokenHash: token.hash, expiresAt: token.expiresAt })
      .onConflictDoNothing();
    await tx.delete(sessions).where(eq(sessions.tokenHash, token.hash));
  };

  /**
   * Signs one session out, on the device that asks. The account's other sessions go on (a password change ends them
   * all). Sign-outs whose tokens have expired since are deleted here: such tokens are refused anyway, and no other pass
   * needs to keep the list short.
   */
  async function signOut(token: SessionToken) {
    await transaction(db, async (tx) => {
      await end(tx, token);
      await tx.delete(signedOutTokens).where(lte(signedOutTokens.expiresAt, deps.clock.now()));
    });
  }

  /** Signs out another of the account's devices, from the list; one not the account's is not found. */
  async function signOutDevice(userId: string, sessionId: string, ip: string) {
    await transaction(db, async (tx) => {
      const [found] = await tx
        .select({ session: sessions, name: users.name, email: users.email })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .for('update', { of: sessions });
      if (!found) throw notFound('Session');
      await end(tx, { hash: found.session.tokenHash, expiresAt: found.session.expiresAt });
      await audit(tx, {
        type: 'user',
        action: 'signed_out_device',
        message: `${accountName(found)} signed out ${deviceName(deviceOf(found.session.userAgent))}`,
        userId,
        userEmail: found.email,
        ip,
      });
    });
  }

  /**
   * Ends every session of the account, the asking device's too: for a phone or computer lost or shared, and the only
   * way to do it for an account made by phone, which has no password to change.
   */
  async function signOutEverywhere(userId: string, ip: string) {
    await transaction(db, async (tx) => {
      const user = await endAll(tx, eq(users.id, userId));
      await audit(tx, {
        type: 'user',
        action: 'signed_out_everywhere',
        message: `${accountName(user)} signed out on every device`,
        userId,
        userEmail: user.email,
        ip,
      });
    });
  }

  /**
   * A staff member ends every session of a customer's account, for a customer whose phone was lost or stolen: they
   * sign in again and nothing else changes. Staff accounts are not customers here (not found): suspending a member
   * is `staff.manage`'s.
   */
  async function signOutCustomer(userId: string, actor: Actor) {
    await transaction(db, async (tx) => {
      const customer = await endAll(tx, and(eq(users.id, userId), eq(users.role, false)));
      const named = customer.email ?? customer.phone;
      await auditAdmin(tx, actor, 'customer_signed_out', `signed ${named} out on every device`, {
        userId,
        customer: named,
      });
    });
  }

  return { start, list, signOut, signOutDevice, signOutEverywhere, signOutCustomer };
}
