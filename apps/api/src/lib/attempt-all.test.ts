import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { movedTime } from '../../test/moved-time.js';
import { COUNT_STORES, storeOf } from '../../test/redis-stores.js';
import { attemptAll, createSignInLimit, type SignInLimit } from './sign-in-limit.js';

/** Several limits asked together, counted in this process's memory and in Redis alike. */
const HOUR_MS = 60 * 60_000;
const secret = 'test-secret-that-is-long-enough-for-hs256!!';

describe.each(COUNT_STORES)('limits asked together %s', (store) => {
  const { prefix, log, redis: connection } = storeOf(store);
  const limit = (max: number, name: string, windowMs = HOUR_MS): SignInLimit =>
    createSignInLimit({ max, windowMs, redis: connection(), prefix: `${prefix}${store}-${name}:`, log, secret });

  it('spend a place in none of them when one refuses, before it in the order or after', async () => {
    const perAddress = limit(2, 'address');
    const perPhone = limit(1, 'phone');
    const ask = (phone: string) =>
      attemptAll([
        { limit: perAddress, ip: '198.51.100.1', key: '' },
        { limit: perPhone, ip: '198.51.100.1', key: phone },
      ]);
    expect(await ask('0100')).toBeNull();
    // The phone's own place refuses: the address's place taken before it is given back, so its second is free.
    const byPhone = await ask('0100');
    expect(byPhone?.refusedBy.limit).toBe(perPhone);
    expect(byPhone?.wait).toBeGreaterThan(3000);
    const second = await perAddress.attempt('198.51.100.1', '');
    expect(second.wait).toBe(0);
    // The address is full: another phone's place is not taken, nor is the address counted past its allowance.
    for (let i = 0; i < 3; i++) expect((await ask('0102'))?.refusedBy.limit).toBe(perAddress);
    expect(await perPhone.refusedFor('198.51.100.1', '0102')).toBe(0);
    await second.giveBack();
    expect(await ask('0102')).toBeNull();
  });

  it('tell a refused request to wait until every one that would refuse it has a place again', async () => {
    const perAddress = limit(1, 'address-hour');
    const perPhone = limit(1, 'phone-day', 24 * HOUR_MS);
    const ask = (phone: string) =>
      attemptAll([
        { limit: perAddress, ip: '198.51.100.2', key: '' },
        { limit: perPhone, ip: '', key: phone },
      ]);
    expect(await ask('0110')).toBeNull();
    // The address refuses for the hour, and the phone's day would refuse the request then: the day is the wait.
    const refused = await ask('0110');
    expect(refused?.refusedBy.limit).toBe(perAddress);
    expect(refused?.wait).toBeGreaterThan(23 * 3600);
    // A phone with room left: the address's hour is the whole wait, and the look took none of the phone's room.
    const elsewhere = await ask('0111');
    expect(elsewhere?.refusedBy.limit).toBe(perAddress);
    expect(elsewhere?.wait).toBeGreaterThan(3000);
    expect(elsewhere?.wait).toBeLessThanOrEqual(3600);
    expect(await perPhone.refusedFor('', '0111')).toBe(0);
  });

  // In Redis a place held for less than a window is told from a later window's by the time left, and one held longer
  // by the time held: taken late in its window, and as the window began.
  it.each([
    ['late in it', 'late'],
    ['as it began', 'early'],
  ])('take no place from a later window for one given back after its own ended, taken %s', async (_when, taken) => {
    // Redis ends a window in its own time, so a short one there (long enough for the asks after it on a busy machine); in memory Date.now is moved through an hour's.
    const redis = connection();
    const windowMs = redis ? 3000 : HOUR_MS;
    const perPhone = limit(2, taken, windowMs);
    const ask = () => perPhone.attempt('198.51.100.3', '0120');
    /** The time left of the window in Redis, -2 once it has ended. */
    const left = async () => {
      const [key] = (await redis?.keys(`${prefix}${store}-${taken}:*`)) ?? [];
      return key ? redis?.pttl(key) : -2;
    };
    const time = movedTime();
    try {
      if (taken === 'late') {
        expect((await ask()).wait).toBe(0);
        if (redis) await expect.poll(left, { timeout: 30_000, interval: 20 }).toBeLessThanOrEqual(windowMs / 4);
        else time.minutesOn(50);
      }
      const held = await ask();
      expect(held.wait).toBe(0);
      if (redis) await expect.poll(left, { timeout: 30_000, interval: 20 }).toBe(-2);
      else time.minutesOn(61);
      // The next window has both its places taken when the place of the one before is given back.
      for (let i = 0; i < 2; i++) expect((await ask()).wait).toBe(0);
      await held.giveBack();
      expect((await ask()).wait).toBeGreaterThan(0);
    } finally {
      time.restore();
    }
  });
});

describe('a limit kept in memory, once it holds as many pairs as it may', () => {
  // A flood of made-up e-mails from other addresses fills it: guesses at a real account must still be counted, and a
  // pair it refuses must stay refused while the flood goes on.
  it('still counts a new pair, and keeps refusing a refused one', async () => {
    const limit = createSignInLimit({
      max: 3,
      windowMs: HOUR_MS,
      redis: null,
      prefix: '',
      log: pino({ level: 'silent' }),
      secret,
    });
    const flood = async (from: string) => {
      for (let i = 0; i < 100_000; i++) await limit.attempt(from, `made-up-${i}@example.com`);
    };
    await flood('198.51.100.1');
    const guesses = [];
    for (let i = 0; i < 10; i++) guesses.push((await limit.attempt('203.0.113.9', 'victim@example.com')).wait);
    expect(guesses.filter((wait) => wait > 0)).toHaveLength(7);
    await flood('198.51.100.2');
    expect((await limit.attempt('203.0.113.9', 'victim@example.com')).wait).toBeGreaterThan(0);
  });
});

describe.runIf(COUNT_STORES.includes('in Redis'))('a limit kept in Redis', () => {
  const { prefix, log, redis } = storeOf('in Redis');
  // IPv4 addresses and mobile numbers are few enough to try them all: a plain hash of one in a key name gives it away.
  it('names its keys by a digest only the shop’s secret makes: two instances agree, another shop does not', async () => {
    const keyNameOf = async (shopSecret: string, name: string) => {
      const limit = createSignInLimit({
        max: 3,
        windowMs: HOUR_MS,
        redis: redis(),
        prefix: `${prefix}${name}:`,
        log,
        secret: shopSecret,
      });
      await limit.attempt('198.51.100.7', '01012345678');
      const keys = (await redis()?.keys(`${prefix}${name}:*`)) ?? [];
      return keys.map((key) => key.slice(`${prefix}${name}:`.length));
    };
    const [one] = await keyNameOf(secret, 'one');
    expect(one).toMatch(/^[\w-]{16,}$/);
    expect(one).not.toMatch(/198|51\.100|0101|12345678/);
    expect(await keyNameOf(secret, 'two')).toEqual([one]);
    expect(await keyNameOf('another shop’s secret, also long enough!', 'other')).not.toEqual([one]);
  });
});
