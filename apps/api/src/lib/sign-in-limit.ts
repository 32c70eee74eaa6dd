import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from './client-address.js';
import { makeRoom } from './memory-windows.js';
import type { Redis } from './redis.js';
import { signedIds } from './signed-ids.js';

/**
 * Failed sign-ins per client address and e-mail within a window: past `max` of them, that pair is refused until the
 * window ends. Every attempt takes a place before the password is checked, so a burst of parallel guesses is counted as
 * it arrives; a successful sign-in gives its place back, so an admin who signs in often is never locked out. Counted in
 * Redis when configured (every instance sees the same failures), else in this process. Keys are keyed digests (under
 * the sessions' secret), so no e-mail address, phone or client address can be read back from a Redis key name. An
 * address is counted as its network (`addressKey`: an IPv6 address as its /64), so a client holding many addresses of
 * one network cannot ask once from each.
 */
export interface SignInLimit {
  /** Takes this attempt's place: its wait is the seconds until this address may try this e-mail again, 0 when now. */
  attempt(ip: string, email: string): Promise<Attempt>;
  /**
   * Seconds the next attempt would be refused for, taking no place: 0 when it would be allowed now. A look before
   * costly work, not a claim.
   */
  refusedFor(ip: string, email: string): Promise<number>;
}

/** An attempt's place in one limit. */
export interface Attempt {
  /** Seconds until the same attempt may be made again, 0 when this one is allowed. */
  wait: number;
  /**
   * Gives the place back (the attempt signed in, or what it was counted for was not done). Nothing once the window the
   * place was taken in has ended: that count is gone, and taking one from the next window's would give it a place.
   */
  giveBack(): Promise<void>;
}

/** A place in one limit: the client address and key (an e-mail, a phone, or '' for the address alone) it counts. */
export interface Place {
  limit: SignInLimit;
  ip: string;
  key: string;
  /** Its refusal is not told to the client (it is answered as allowed): its wait is left out of another's. */
  unspoken?: boolean;
}

/**
 * Takes a place in each limit, in order, keeping them only if every one allows: the first that refuses gives its own
 * place and the ones taken before it back, and the limits after it are not asked. So a request one limit refuses
 * spends nothing of the others (a stranger refused by their address's allowance keeps no place from a phone's, and
 * the other way round), nor of the one that refused it. Answers that place and the seconds to wait, null when all
 * allowed. The wait is until every limit that would refuse has a place again: the limits after the refusing one are
 * looked at, taking no place, so a client that comes back when told is not refused by the next one; an unspoken
 * limit's wait is not added, which would tell what it keeps quiet.
 */
export async function attemptAll(places: readonly Place[]): Promise<{ refusedBy: Place; wait: number } | null> {
  const taken: Attempt[] = [];
  for (const [i, place] of places.entries()) {
    const attempt = await place.limit.attempt(place.ip, place.key);
    taken.push(attempt);
    if (attempt.wait > 0) {
      const [later] = await Promise.all([
        Promise.all(
          places
            .slice(i + 1)
            .filter(({ unspoken }) => !unspoken)
            .map(({ limit, ip, key }) => limit.refusedFor(ip, key)),
        ),
        ...taken.map((one) => one.giveBack()),
      ]);
      return { refusedBy: place, wait: Math.max(attempt.wait, ...later) };
    }
  }
  return null;
}

/** How long failed sign-ins are remembered against an address and e-mail. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function createSignInLimit(opts: {
  max: number;
  windowMs: number;
  redis: Redis | null;
  /** Its Redis key names start with it. */
  prefix: string;
  log: FastifyBaseLogger;
  /**
   * The sessions' secret, which keys the digests: a plain hash of an IPv4 address and a phone number is undone by
   * trying them all.
   */
  secret: string;
}): SignInLimit {
  const digest = signedIds(opts.secret, 'attempt limits', 16).signatureOf;
  const keyOf = (ip: string, key: string) => digest(`${addressKey(ip)}\0${key.trim().toLowerCase()}`);
  return opts.redis ? redisLimit(opts.redis, opts.prefix, keyOf, opts) : memoryLimit(keyOf, opts);
}

/**
 * Makes a limit of attempts per client address and key, counted where the shop counts them (Redis when configured,
 * else this process), its Redis keys named for `name`.
 */
export type AttemptLimits = (limit: { name: string; max: number; windowMs: number }) => SignInLimit;

/** The name an address and key (an e-mail, a phone) are counted under. */
type KeyOf = (ip: string, key: string) => string;

/**
 * Gives a place back only while the window it was taken in lasts, told by the time the key has left (`ARGV[1]`: under
 * it, the same window). That window has what it had when the place was taken less the time held; a later one, begun
 * after it ended, at least a whole window more. The bound is halfway: the time held, measured here, differs from
 * Redis's by a round trip, far less than half a window. A key gone, or another window's, keeps its count.
 */
const GIVE_BACK =
  "local left = redis.call('pttl', KEYS[1]) if left > 0 and left < tonumber(ARGV[1]) then return redis.call('decr', KEYS[1]) end return 0";

/** The seconds an attempt is refused for when `attempts` were counted in a window with `ms` left. */
const refusal = (attempts: number, max: number, ms: number) => (attempts > max ? Math.max(1, Math.ceil(ms / 1000)) : 0);

/** An attempt that took no place (its store unavailable): nothing to give back. */
const uncounted: Attempt = { wait: 0, giveBack: async () => {} };

function redisLimit(
  redis: Redis,
  prefix: string,
  keyOf: KeyOf,
  opts: { max: number; windowMs: number; log: FastifyBaseLogger },
): SignInLimit {
  // As for the other limits: while Redis is down, attempts pass uncounted rather than the shop refusing every sign-in.
  const unavailable = (err: unknown) => opts.log.warn({ err }, 'sign-in limit unavailable (redis)');
  return {
    async attempt(ip, email) {
      const key = prefix + keyOf(ip, email);
      // The window starts at the first attempt: SET NX gives it its end, which later attempts never move.
      const counted = await redis
        .multi()
        .set(key, 0, 'PX', opts.windowMs, 'NX')
        .incr(key)
        .pttl(key)
        .exec()
        .catch((err: unknown) => void unavailable(err));
      const attempts = Number(counted?.[1]?.[1] ?? 0);
      const left = Number(counted?.[2]?.[1] ?? 0);
      // Redis down, or the transaction refused (out of memory): nothing was counted, so nothing is given back.
      if (!(attempts > 0)) return uncounted;
      const takenAt = performance.now();
      return {
        wait: refusal(attempts, opts.max, left),
        async giveBack() {
          const bound = left - (performance.now() - takenAt) + opts.windowMs / 2;
          await redis.eval(GIVE_BACK, 1, key, Math.round(bound)).catch(unavailable);
        },
      };
    },
    async refusedFor(ip, email) {
      const key = prefix + keyOf(ip, email);
      const counted = await redis
        .multi()
        .get(key)
        .pttl(key)
        .exec()
        .catch((err: unknown) => void unavailable(err));
      return refusal(Number(counted?.[0]?.[1] ?? 0) + 1, opts.max, Number(counted?.[1]?.[1] ?? 0));
    },
  };
}

function memoryLimit(keyOf: KeyOf, opts: { max: number; windowMs: number }): SignInLimit {
  const attempts = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const entry = attempts.get(key);
    if (entry && entry.endsAt <= Date.now()) attempts.delete(key);
    return attempts.get(key);
  };
  return {
    async attempt(ip, email) {
      const key = keyOf(ip, email);
      let entry = current(key);
      if (!entry) {
        makeRoom(attempts, (e) => e.count >= opts.max, Date.now());
        entry = { count: 0, endsAt: Date.now() + opts.windowMs };
        attempts.set(key, entry);
      }
      entry.count++;
      const window = entry;
      return {
        wait: refusal(window.count, opts.max, window.endsAt - Date.now()),
        async giveBack() {
          // A window that ended is dropped, and the next one is an entry of its own.
          if (current(key) === window) window.count--;
        },
      };
    },
    async refusedFor(ip, email) {
      const entry = current(keyOf(ip, email));
      return refusal((entry?.count ?? 0) + 1, opts.max, (entry?.endsAt ?? 0) - Date.now());
    },
  };
}
