import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../../lib/client-address.js';
import type { Clock } from '../../lib/clock.js';
import type { Redis } from '../../lib/redis.js';

/**
 * The delivery phones shoppers ask the cash rules about (cash-rules.ts), counted so that nobody reads the shop's
 * record of other people's phones through them: the rules' answer tells whether a number refused parcels or has cash
 * orders on their way. A shopper, and a client address (an IPv6 one as its /64, `addressKey`), may ask about
 * `perShopper` and `perAddress` different phones a day; a phone already asked about is answered again, and past the
 * allowance a new one is refused cash (docs/decisions/cash-phones-asked.md). The staff's quotes and orders are not
 * counted. Counted in Redis when configured (every instance sees the same phones), else in this process; keys and
 * members are hashes, so no phone number, account or address is ever stored in Redis as it is.
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

const hashed = (text: string) => createHash('sha256').update(text).digest('hex');

/** The asker's two counts: the account's, and the client address's. */
const keysOf = ({ userId, ip }: Asker) => [hashed(`user\0${userId}`), hashed(`address\0${addressKey(ip)}`)];

export function createPhonesAsked(opts: {
  perShopper: number;
  perAddress: number;
  redis: Redis | null;
  prefix: string;
  log: FastifyBaseLogger;
  clock: Clock;
}): PhonesAsked {
  const limits = [opts.perShopper, opts.perAddress];
  return opts.redis
    ? redisCount(opts.redis, `${opts.prefix}cash-phones:`, limits, opts.log)
    : memoryCount(limits, opts.clock);
}

/**
 * Both counts at once, in one script: a phone either of them refuses is added to neither. A count's day starts with
 * its first phone (its key's expiry), which later phones never move.
 */
const ASK = `
for i, key in ipairs(KEYS) do
  if redis.call('sismember', key, ARGV[1]) == 0 and redis.call('scard', key) >= tonumber(ARGV[i + 1]) then return 0 end
end
for _, key in ipairs(KEYS) do
  if redis.call('sadd', key, ARGV[1]) == 1 and redis.call('scard', key) == 1 then
    redis.call('pexpire', key, ARGV[#ARGV])
  end
end
return 1`;

function redisCount(redis: Redis, prefix: string, limits: number[], log: FastifyBaseLogger): PhonesAsked {
  return {
    async ask(asker, phone) {
      const keys = keysOf(asker).map((key) => prefix + key);
      try {
        const allowed = await redis.eval(ASK, keys.length, ...keys, hashed(phone), ...limits, PHONES_ASKED_WINDOW_MS);
        return allowed === 1;
      } catch (err) {
        // As for the other limits: while Redis is down, phones pass uncounted rather than the shop refusing cash.
        log.warn({ err }, 'cash phones count unavailable (redis)');
        return true;
      }
    },
  };
}

/** Bounded: past this many askers, the oldest go (their days end first). */
const MAX_ASKERS = 100_000;

function memoryCount(limits: number[], clock: Clock): PhonesAsked {
  const askers = new Map<string, { phones: Set<string>; endsAt: number }>();
  const current = (key: string, now: number) => {
    const entry = askers.get(key);
    if (entry && entry.endsAt <= now) askers.delete(key);
    return askers.get(key);
  };
  return {
    async ask(asker, phone) {
      const now = clock.now().getTime();
      const member = hashed(phone);
      const keys = keysOf(asker);
      const refused = keys.some((key, i) => {
        const phones = current(key, now)?.phones;
        return phones !== undefined && !phones.has(member) && phones.size >= (limits[i] ?? 0);
      });
      if (refused) return false;
      for (const key of keys) {
        let entry = current(key, now);
        if (!entry) {
          // The map is in the order the days started, all as long: the first to end come first.
          for (const [old] of askers) {
            if (askers.size < MAX_ASKERS) break;
            askers.delete(old);
          }
          entry = { phones: new Set(), endsAt: now + PHONES_ASKED_WINDOW_MS };
          askers.set(key, entry);
        }
        entry.phones.add(member);
      }
      return true;
    },
  };
}
