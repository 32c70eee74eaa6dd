import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from './client-address.js';
import type { Redis } from './redis.js';

/**
 * Failed sign-ins per client address and e-mail within a window: past `max` of them, that pair is
 * refused until the window ends. Every attempt takes a place before the password is checked, so a burst
 * of parallel guesses is counted as it arrives; a successful sign-in gives its place back, so an admin
 * who signs in often is never locked out. Counted in Redis when configured (every instance sees the same
 * failures), else in this process. Keys are hashes, so no e-mail address or client address is ever a
 * Redis key name. An address is counted as its network (`addressKey`: an IPv6 address as its /64), so a client
 * holding many addresses of one network cannot ask once from each.
 */
export interface SignInLimit {
  /** Takes this attempt's place: seconds until this address may try this e-mail again, 0 when it may now. */
  attempt(ip: string, email: string): Promise<number>;
  /** The attempt signed in: its place is given back. */
  succeeded(ip: string, email: string): Promise<void>;
  /** Whether the next attempt would be refused, taking no place: a look before costly work, not a claim. */
  full(ip: string, email: string): Promise<boolean>;
}

/** A place in one limit: the client address and key (an e-mail, a phone, or '' for the address alone) it counts. */
export interface Place {
  limit: SignInLimit;
  ip: string;
  key: string;
}

/**
 * Takes a place in each limit, in order, keeping them only if every one allows: the first that refuses gives its own
 * place and the ones taken before it back, and the limits after it are not asked. So a request one limit refuses
 * spends nothing of the others (a stranger refused by their address's allowance keeps no place from a phone's, and
 * the other way round), nor of the one that refused it. Answers that place and its seconds to wait, null when all
 * allowed.
 */
export async function attemptAll(places: readonly Place[]): Promise<{ refusedBy: Place; wait: number } | null> {
  const taken: Place[] = [];
  for (const place of places) {
    taken.push(place);
    const wait = await place.limit.attempt(place.ip, place.key);
    if (wait > 0) {
      await Promise.all(taken.map(({ limit, ip, key }) => limit.succeeded(ip, key)));
      return { refusedBy: place, wait };
    }
  }
  return null;
}

/** How long failed sign-ins are remembered against an address and e-mail. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

const keyOf = (ip: string, email: string) =>
  createHash('sha256')
    .update(`${addressKey(ip)}\0${email.trim().toLowerCase()}`)
    .digest('hex');

export function createSignInLimit(opts: {
  max: number;
  windowMs: number;
  redis: Redis | null;
  prefix: string;
  log: FastifyBaseLogger;
}): SignInLimit {
  return opts.redis ? redisLimit(opts.redis, `${opts.prefix}sign-in-failures:`, opts) : memoryLimit(opts);
}

/** Gives a place back only while its window lasts: a key that expired in between is not made anew without one. */
const GIVE_BACK = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

function redisLimit(
  redis: Redis,
  prefix: string,
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
      const ttl = Number(counted?.[2]?.[1] ?? 0);
      return attempts > opts.max ? Math.max(1, Math.ceil(ttl / 1000)) : 0;
    },
    async succeeded(ip, email) {
      await redis.eval(GIVE_BACK, 1, prefix + keyOf(ip, email)).catch(unavailable);
    },
    async full(ip, email) {
      const attempts = await redis.get(prefix + keyOf(ip, email)).catch((err: unknown) => void unavailable(err));
      return Number(attempts ?? 0) >= opts.max;
    },
  };
}

/** Bounded: past this many pairs, expired ones are dropped, and if none has expired new pairs go uncounted. */
const MAX_KEYS = 100_000;

function memoryLimit(opts: { max: number; windowMs: number }): SignInLimit {
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
        if (attempts.size >= MAX_KEYS) for (const [k, e] of attempts) if (e.endsAt <= Date.now()) attempts.delete(k);
        if (attempts.size >= MAX_KEYS) return 0;
        entry = { count: 0, endsAt: Date.now() + opts.windowMs };
        attempts.set(key, entry);
      }
      entry.count++;
      return entry.count > opts.max ? Math.ceil((entry.endsAt - Date.now()) / 1000) : 0;
    },
    async succeeded(ip, email) {
      const entry = current(keyOf(ip, email));
      if (entry) entry.count--;
    },
    async full(ip, email) {
      return (current(keyOf(ip, email))?.count ?? 0) >= opts.max;
    },
  };
}
