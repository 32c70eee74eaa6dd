import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../../lib/client-address.js';
import { makeRoom, type Window } from '../../lib/memory-windows.js';
import type { Clock } from '../../lib/clock.js';
import type { Redis } from '../../lib/redis.js';
import { signedIds } from '../../lib/signed-ids.js';

/**
 * The delivery phones shoppers ask the cash rules about (cash-rules.ts), counted so that nobody reads the shop's
 * record of other people's phones through them: the rules' answer tells whether a number refused parcels or has cash
 * orders on their way. A shopper, and a client address (an IPv6 one as its /64, `addressKey`), may ask about
 * `perShopper` and `perAddress` different phones a day; a phone the shopper asked about that day is answered again,
 * from any address, and past an allowance a new one is refused cash (docs/decisions/cash-phones-asked.md). The
 * staff's quotes and orders are not counted. Counted in Redis when configured (every instance sees the same phones),
 * else in this process; keys and members are keyed digests, so no phone number, account or address can be read back
 * from what is stored.
 */
export interface PhonesAsked {
  /** Counts the phone among the asker's: false when it is a new one past an allowance (and then nothing is counted). */
  ask(asker: Asker, phone: string): Promise<boolean>;
}

export interface Asker {
  userId: string;
  /** The client address, as Fastify reads it (`request.ip`). */
  ip: string;
}

/** How long an asker's phones are remembered, from the first one asked about. */
export const PHONES_ASKED_WINDOW_MS = 24 * 60 * 60_000;

export function createPhonesAsked(opts: {
  perShopper: number;
  perAddress: number;
  /** The sessions' secret, which keys the digests: a plain hash of a phone number or an IPv4 address is soon undone. */
  secret: string;
  redis: Redis | null;
  prefix: string;
  log: FastifyBaseLogger;
  clock: Clock;
}): PhonesAsked {
  const digest = signedIds(opts.secret, 'cash phones asked', 16).signatureOf;
  const counts = {
    limits: [opts.perShopper, opts.perAddress],
    /** The asker's two counts, the account's first, then the client address's; and the phone as they hold it. */
    of: ({ userId, ip }: Asker, phone: string) => ({
      keys: [digest(`user\0${userId}`), digest(`address\0${addressKey(ip)}`)],
      member: digest(`phone\0${phone}`),
    }),
  };
  return opts.redis
    ? redisCount(opts.redis, `${opts.prefix}cash-phones:`, counts, opts.log)
    : memoryCount(counts, opts.clock);
}

interface Counts {
  limits: number[];
  of(asker: Asker, phone: string): { keys: string[]; member: string };
}

/**
 * Both counts at once, in one script. A phone the shopper asked about today is answered whatever the address (a
 * phone's network changes under it); a new one is added to both counts or, when either is full, to neither. A count's
 * day starts with its first phone (its key's expiry), which later phones never move.
 */
const ASK = `
if redis.call('sismember', KEYS[1], ARGV[1]) == 1 then return 1 end
for i, key in ipairs(KEYS) do
  if redis.call('sismember', key, ARGV[1]) == 0 and redis.call('scard', key) >= tonumber(ARGV[i + 1]) then return 0 end
end
for _, key in ipairs(KEYS) do
  if redis.call('sadd', key, ARGV[1]) == 1 and redis.call('scard', key) == 1 then
    redis.call('pexpire', key, ARGV[#ARGV])
  end
end
return 1`;

function redisCount(redis: Redis, prefix: string, counts: Counts, log: FastifyBaseLogger): PhonesAsked {
  return {
    async ask(asker, phone) {
      const { keys, member } = counts.of(asker, phone);
      const prefixed = keys.map((key) => prefix + key);
      try {
        const asked = await redis.eval(
          ASK,
          prefixed.length,
          ...prefixed,
          member,
          ...counts.limits,
          PHONES_ASKED_WINDOW_MS,
        );
        return asked === 1;
      } catch (err) {
        // As for the other limits: while Redis is down (or hangs: lib/redis.ts), phones pass uncounted rather than the
        // shop refusing cash.
        log.warn({ err }, 'cash phones count unavailable (redis)');
        return true;
      }
    },
  };
}

interface PhonesOfDay extends Window {
  phones: Set<string>;
  limit: number;
}

function memoryCount(counts: Counts, clock: Clock): PhonesAsked {
  const askers = new Map<string, PhonesOfDay>();
  const current = (key: string, now: number) => {
    const day = askers.get(key);
    if (day && day.endsAt <= now) askers.delete(key);
    return askers.get(key);
  };
  return {
    async ask(asker, phone) {
      const now = clock.now().getTime();
      const { keys, member } = counts.of(asker, phone);
      const [shoppers = ''] = keys;
      if (current(shoppers, now)?.phones.has(member)) return true;
      const full = keys.some((key) => {
        const day = current(key, now);
        return day !== undefined && !day.phones.has(member) && day.phones.size >= day.limit;
      });
      if (full) return false;
      for (const [i, key] of keys.entries()) {
        let day = current(key, now);
        if (!day) {
          makeRoom(askers, (d) => d.phones.size >= d.limit, now);
          day = { phones: new Set(), endsAt: now + PHONES_ASKED_WINDOW_MS, limit: counts.limits[i] ?? 0 };
          askers.set(key, day);
        }
        day.phones.add(member);
      }
      return true;
    },
  };
}
