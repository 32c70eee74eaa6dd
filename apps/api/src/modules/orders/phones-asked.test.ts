import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/harness.js';
import { COUNT_STORES, storeOf } from '../../../test/redis-stores.js';
import { createPhonesAsked, PHONES_ASKED_WINDOW_MS } from './phones-asked.js';

/** The phones asked about the cash rules (phones-asked.ts), counted in this process's memory and in Redis alike. */
describe.each(COUNT_STORES)('phones asked, counted %s', (store) => {
  const { prefix, log, redis: connection } = storeOf(store);
  const clock = new TestClock();
  const counted = (name: string) =>
    createPhonesAsked({ perShopper: 2, perAddress: 3, redis: connection(), prefix: `${prefix}${name}:`, log, clock });

  it('per shopper and per address, a phone either refuses counted in neither, a known one always answered', async () => {
    const asked = counted('both');
    const home = '198.51.100.7';
    const ask = (userId: string, phone: string, ip = home) => asked.ask({ userId, ip }, phone);
    expect([await ask('amal', '01000000001'), await ask('amal', '01000000002')]).toEqual([true, true]);
    expect(await ask('amal', '01000000003')).toBe(false);
    expect(await ask('amal', '01000000001')).toBe(true);
    // The address's third phone, by another account; its fourth is refused whoever asks.
    expect(await ask('badr', '01000000003')).toBe(true);
    expect(await ask('cyrine', '01000000004')).toBe(false);
    // A phone the address knows is new to this shopper only.
    expect(await ask('cyrine', '01000000001')).toBe(true);
    // The refused one was counted nowhere: from elsewhere, Cyrine has one place left, and takes it.
    expect(await ask('cyrine', '01000000004', '203.0.113.9')).toBe(true);
    expect(await ask('cyrine', '01000000005', '203.0.113.9')).toBe(false);
  });

  it('keeps a day from the first phone asked, and stores no phone, account or address as it is', async () => {
    const asked = counted('day');
    const ask = (phone: string) => asked.ask({ userId: 'dina', ip: '192.0.2.44' }, phone);
    const redis = connection();
    expect([await ask('01000000011'), await ask('01000000012'), await ask('01000000013')]).toEqual([true, true, false]);
    if (redis) {
      const keys = await redis.keys(`${prefix}day:*`);
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(key).not.toMatch(/dina|192\.0\.2|0100/);
        for (const member of await redis.smembers(key)) expect(member).not.toMatch(/0100/);
        const left = await redis.pttl(key);
        expect(left).toBeGreaterThan(PHONES_ASKED_WINDOW_MS - 60_000);
        expect(left).toBeLessThanOrEqual(PHONES_ASKED_WINDOW_MS);
        // The day ends, whatever Redis's clock: as if it had.
        await redis.del(key);
      }
    } else clock.advance(PHONES_ASKED_WINDOW_MS);
    expect(await ask('01000000013')).toBe(true);
  });
});
