import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { egyptianMobile, say, type Language, type PhoneCodeChannel, type Said } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { phoneCodes, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { forbidden, HttpError, tooManyRequests } from '../../lib/errors.js';
import { attemptAll } from '../../lib/sign-in-limit.js';
import type { Deps } from '../deps.js';
import { queueMessage } from '../messaging/queue.js';
import { SIGN_IN_CODE } from '../messaging/render.js';
import { sessionsService, type SigningIn } from './sessions.js';
import { transaction } from '../../db/transaction.js';
import { deleteUnheld } from '../../db/unheld.js';

/**
 * A code lives 5 minutes, dies after 5 wrong tries, and a new one is sent no sooner than 60 s after the phone's last,
 * whoever asked: it paces what one phone receives, and a stranger's code is sent to the holder all the same.
 */
export const CODE_TTL_MS = 5 * 60_000;
export const MAX_TRIES = 5;
export const RESEND_AFTER_MS = 60_000;
/**
 * Codes sent in an hour (docs/decisions/phone-code-limits.md). A requester (client address, an IPv6 one by its /64)
 * may have 5 sent to one phone and 20 in all; a phone is sent at most 30, from however many requesters: a stranger
 * spends only their own 5 of a phone's, so only six networks together can keep its holder from a code for the hour.
 */
export const CODES_PER_REQUESTER = 5;
export const CODES_PER_ADDRESS = 20;
export const CODES_PER_PHONE = 30;
const HOUR_MS = 60 * 60_000;
/**
 * How long a code's row is kept: past it, the code can no longer be used nor pace the phone's next one, and nothing
 * else reads it (the hour's allowances are counted in `lib/sign-in-limit.ts`, not in rows).
 */
const CODE_KEPT_MS = Math.max(CODE_TTL_MS, RESEND_AFTER_MS);

type UserRow = typeof users.$inferSelect;

/**
 * The account a phone signs into: the one that proved it with a code. A phone only typed into an account (at
 * registration, in the profile) proves nothing, so a code never enters it (docs/decisions/phone-identity.md).
 */
export async function accountOf(tx: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [proven] = await tx.select().from(users).where(eq(users.verifiedPhone, phone));
  return proven;
}

/** Whether an account that never proved `phone` has it typed in, however its owner wrote it. */
export async function typedOnly(tx: DbOrTx, phone: string): Promise<boolean> {
  // Compared on its last ten digits, then exactly as phone.ts reads it.
  const digits = sql`right(regexp_replace(translate(${users.phone}, '٠١٢٣٤٥٦٧٨٩', '0123456789'), '[^0-9]', '', 'g'), 10)`;
  const candidates = await tx
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(digits, phone.slice(-10)), isNull(users.verifiedPhone)));
  return candidates.some((user) => egyptianMobile(user.phone) === phone);
}

/**
 * A right code for a phone no account proved, with no name for the account to make. Phone sign-in answers it as the
 * step that asks the name; accepting a phone invitation, whose form sends the name with the code, refuses it (400).
 */
class NameNeeded extends HttpError {
  constructor() {
    super(400, say.api.nameForNewAccount, {
      message: say.api.nameForNewAccount,
      errors: { name: say.api.nameForNewAccount },
    });
  }
}

/** A refusal that says how long to wait, in Retry-After and in its body, which the sign-in screen reads. */
const waitFor = (seconds: number, message: Said) => tooManyRequests(message, seconds, { message, retryAfter: seconds });

/**
 * Sign-in by a code sent to an Egyptian mobile. `start` answers alike whether or not the phone has an account, so
 * nobody learns who shops here; `verify` signs into the account that phone proved (making one, with a name, when
 * there is none). Codes are stored as argon2 hashes: a stolen table does not give live codes away.
 */
export function phoneSignIn(deps: Pick<Deps, 'db' | 'clock' | 'tokens' | 'messageSender' | 'attemptLimit'>) {
  const { db, clock } = deps;
  const sessions = sessionsService(deps);
  const limit = (max: number, name: string) =>
    deps.attemptLimit({ name: `phone-codes-${name}`, max, windowMs: HOUR_MS });
  const perAddress = limit(CODES_PER_ADDRESS, 'address');
  const perRequester = limit(CODES_PER_REQUESTER, 'requester');
  const perPhone = limit(CODES_PER_PHONE, 'phone');

  /**
   * Takes a code's place in the hour's allowances: seconds until `ip` may have one sent to `phone`, 0 when now. A
   * code one of them refuses is not sent, so it spends none: a stranger refused spends nothing of the phone's ceiling,
   * and a requester refused by the ceiling keeps their places for when the phone's hour ends.
   */
  async function allowance(phone: string, ip: string): Promise<number> {
    const refused = await attemptAll([
      { limit: perAddress, ip, key: '' },
      { limit: perRequester, ip, key: phone },
      { limit: perPhone, ip: '', key: phone },
    ]);
    return refused?.wait ?? 0;
  }

  /** The phone's code sent within the last 60 s, which paces its next one. */
  async function recentCode(tx: DbOrTx, phone: string, now: Date) {
    const [last] = await tx
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, new Date(now.getTime() - RESEND_AFTER_MS))))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    return last;
  }

  /**
   * Whether a code would be sent now, by a look that takes no lock and no place in the hour's allowances: the
   * decision and the count are the locked transaction's, as they would be without this look.
   */
  async function likelySent(phone: string, ip: string): Promise<boolean> {
    if (await recentCode(db, phone, clock.now())) return false;
    const waits = await Promise.all([
      perAddress.refusedFor(ip, ''),
      perRequester.refusedFor(ip, phone),
      perPhone.refusedFor('', phone),
    ]);
    return waits.every((wait) => wait === 0);
  }

  async function drawCode() {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return { code, codeHash: await hash(code) };
  }

  /**
   * The phones and addresses this process is hashing a code for ahead of the lock. The look takes no place, so a burst
   * of starts would all pass it and all hash; one start at a time per phone and per address hashes ahead, and the
   * others hash under the lock only if the lock lets their code go, as without the look.
   */
  const hashingAhead = new Set<string>();

  /** A code drawn and hashed before the lock when the look says it will go; null: none, or another is hashing. */
  async function drawAhead(phone: string, ip: string) {
    const keys = [`phone:${phone}`, `address:${ip}`];
    if (keys.some((key) => hashingAhead.has(key))) return null;
    for (const key of keys) hashingAhead.add(key);
    try {
      return (await likelySent(phone, ip)) ? await drawCode() : null;
    } finally {
      for (const key of keys) hashingAhead.delete(key);
    }
  }

  async function start(phone: string, channel: PhoneCodeChannel, ip: string, language: Language) {
    // Hashed before the transaction, and only when the look says the code will go: argon2 is the costly step, so a
    // refused request must not cost the server it, nor may a hash hold the phone's lock (every other request's, on
    // PGlite). A request that loses a race after hashing has wasted one hash (docs/decisions/phone-code-limits.md).
    const drawn = await drawAhead(phone, ip);
    await transaction(db, async (tx) => {
      // One start per phone at a time: two at once would both find no recent code.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
      // Read under the lock: the time the code is sent, and what any wait is counted from.
      const now = clock.now();
      const last = await recentCode(tx, phone, now);
      if (last) {
        const seconds = Math.max(1, Math.ceil((last.createdAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000));
        throw waitFor(seconds, say.api.codeWait(seconds));
      }
      // Counted after the 60 s check, so asking again too soon spends nothing of the hour's allowance.
      const wait = await allowance(phone, ip);
      if (wait > 0) throw waitFor(wait, say.api.tooManyCodes);
      // Hashed here, under the lock, when none was ahead: another start for this phone or address was hashing, or a
      // place came free since the look (a window ended, a place given back).
      const { code, codeHash } = drawn ?? (await drawCode());
      // The table grows only here, so deleting here bounds it (docs/decisions/spent-codes-and-links.md).
      await deleteUnheld(tx, phoneCodes, lt(phoneCodes.createdAt, new Date(now.getTime() - CODE_KEPT_MS)));
      // The newest code is the only live one.
      await tx
        .update(phoneCodes)
        .set({ usedAt: now })
        .where(and(eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt)));
      await tx
        .insert(phoneCodes)
        .values({ phone, codeHash, channel, createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
      await queueMessage(tx, { kind: SIGN_IN_CODE, channel, to: phone, language, payload: { code } });
    });
    deps.messageSender.wake();
    return { message: say.api.codeSent };
  }

  /** Spends the phone's live code when `code` is it, answering its channel; else counts a wrong try, to be committed. */
  async function useCode(tx: Tx, phone: string, code: string): Promise<string | null> {
    const now = clock.now();
    const [live] = await tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, phone),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, now),
          lt(phoneCodes.tries, MAX_TRIES),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!live) return null;
    if (!(await verify(live.codeHash, code))) {
      await tx
        .update(phoneCodes)
        .set({ tries: sql`${phoneCodes.tries} + 1` })
        .where(eq(phoneCodes.id, live.id));
      return null;
    }
    await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, live.id));
    return live.channel;
  }

  /** Signs into the account `phone` proved by a code just used, making one named `name` when there is none. */
  async function enter(tx: Tx, input: { phone: string; name?: string }, channel: string, ip: string) {
    const signedIn = { verifiedPhone: input.phone, signedInWith: channel, lastSignInAt: clock.now() };
    let user = await accountOf(tx, input.phone);
    let created = false;
    if (user) {
      [user] = await tx.update(users).set(signedIn).where(eq(users.id, user.id)).returning();
    } else {
      // Left for the retry: the transaction is undone, so the code stays good while the shopper types their name.
      if (!input.name) throw new NameNeeded();
      [user] = await tx
        .insert(users)
        .values({ name: input.name, phone: input.phone, email: null, passwordHash: null, ...signedIn })
        .returning();
      created = true;
    }
    if (!user) throw new Error('phone sign-in found no account');
    await audit(tx, {
      type: 'auth',
      action: created ? 'phone_register' : 'phone_login',
      message: `${input.phone} ${created ? 'registered' : 'signed in'} with a code by ${channel}`,
      userId: user.id,
      userEmail: user.email,
      ip,
    });
    return { user, created };
  }

  async function verifyCode(input: { phone: string; code: string; name?: string }, { ip, userAgent }: SigningIn) {
    let result;
    try {
      result = await transaction(db, async (tx) => {
        const channel = await useCode(tx, input.phone, input.code);
        return channel ? enter(tx, input, channel, ip) : null;
      });
    } catch (err) {
      // Signing up's next step, answered as one: only a right code gets here, and it was not spent.
      if (err instanceof NameNeeded) return { nameNeeded: true as const, message: say.api.nameForNewAccount };
      throw err;
    }
    // The wrong try is counted (committed) before the refusal.
    if (!result) throw new HttpError(401, say.api.wrongCode);
    const { user, created } = result;
    if (user.staffSuspendedAt) throw forbidden(say.api.accountSuspended);
    return { ...(await sessions.start(user, userAgent)), created };
  }

  return { start, verify: verifyCode, useCode, enter };
}
