import { createServer } from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { connectRedis } from '../../lib/redis.js';
import { TestClock } from '../../../test/harness.js';
import { COUNT_STORES, storeOf } from '../../../test/redis-stores.js';
import { createPhonesAsked, PHONES_ASKED_WINDOW_MS } from './phones-asked.js';

const secret = 'test-secret-that-is-long-enough-for-hs256!!';
const HALF_A_DAY = PHONES_ASKED_WINDOW_MS / 2;

/** The phones asked about the cash rules (phones-asked.ts), counted in this process's memory and in Redis alike. */
describe.each(COUNT_STORES)('phones asked, counted %s', (store) => {
  const { prefix, log, redis: connection } = storeOf(store);
  const clock = new TestClock();
  const counted = (name: string) =>
    createPhonesAsked({
      perShopper: 2,
      perAddress: 3,
      secret,
      redis: connection(),
      prefix: `${prefix}${name}:`,
      log,
      clock,
    });

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
    // A phone the shopper asked about is answered from any address, even one whose phones are all taken.
    const office = '203.0.113.20';
    for (const [who, phone] of [
      ['gamal', '06'],
      ['gamal', '07'],
      ['hoda', '08'],
    ] as const)
      expect(await ask(who, `010000000${phone}`, office)).toBe(true);
    expect(await ask('amal', '01000000002', office)).toBe(true);
    expect(await ask('badr', '01000000002', office)).toBe(false);
  });

  it('keeps a day from the first phone asked, which later ones never move', async () => {
    const asked = counted('day');
    const ask = (phone: string) => asked.ask({ userId: 'dina', ip: '192.0.2.44' }, phone);
    const redis = connection();
    const keys = async () => (await redis?.keys(`${prefix}day:*`)) ?? [];
    expect(await ask('01000000011')).toBe(true);
    // Redis keeps its own time: the day is made to end in 3 s, and a later phone must leave that end.
    for (const key of await keys()) await redis?.pexpire(key, 3000);
    clock.advance(HALF_A_DAY);
    expect(await ask('01000000012')).toBe(true);
    for (const key of await keys()) expect(await redis?.pttl(key)).toBeLessThanOrEqual(3000);
    expect(await ask('01000000013')).toBe(false);
    if (redis) await expect.poll(keys, { timeout: 30_000, interval: 100 }).toEqual([]);
    else clock.advance(HALF_A_DAY);
    expect(await ask('01000000013')).toBe(true);
  });

  it('stores no phone, account or address as it is', async () => {
    const redis = connection();
    if (!redis) return;
    await counted('stored').ask({ userId: 'eman-7', ip: '192.0.2.45' }, '01000000021');
    const keys = await redis.keys(`${prefix}stored:*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).not.toMatch(/eman|192\.0\.2|0100/);
      const [member, ...others] = await redis.smembers(key);
      expect(others).toEqual([]);
      expect(member).not.toMatch(/0100/);
      expect(await redis.pttl(key)).toBeGreaterThan(PHONES_ASKED_WINDOW_MS - 60_000);
    }
  });
});

describe('phones asked, counted in memory, once it holds as many askers as it may', () => {
  it('still refuses a shopper whose phones are all taken while a flood of others comes', async () => {
    const asked = createPhonesAsked({
      perShopper: 1,
      perAddress: 1_000_000,
      secret,
      redis: null,
      prefix: '',
      log: pino({ level: 'silent' }),
      clock: new TestClock(),
    });
    const ask = (userId: string, phone: string) => asked.ask({ userId, ip: '192.0.2.46' }, phone);
    expect(await ask('farida', '01000000031')).toBe(true);
    for (let i = 0; i < 100_000; i++) await ask(`made-up-${i}`, '01000000032');
    expect(await ask('farida', '01000000033')).toBe(false);
  });
});

describe('phones asked of a Redis that stops answering', () => {
  // Placing asks holding the order's locks: a hung Redis must not hold them, so the shop's connection gives up.
  it('lets the phone pass within about a second, uncounted', async () => {
    const hung = createServer((socket) =>
      socket.on('data', (data) => {
        // Answers the connection's ready check (INFO), then nothing.
        if (/info/i.test(data.toString())) socket.write('$9\r\nloading:0\r\n');
      }),
    );
    hung.listen(0, '127.0.0.1');
    await once(hung, 'listening');
    const address = hung.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const log = pino({ level: 'silent' });
    const redis = await connectRedis(`redis://127.0.0.1:${port}`, log);
    try {
      const asked = createPhonesAsked({
        perShopper: 1,
        perAddress: 1,
        secret,
        redis,
        prefix: '',
        log,
        clock: new TestClock(),
      });
      const started = performance.now();
      expect(await asked.ask({ userId: 'gehad', ip: '192.0.2.47' }, '01000000041')).toBe(true);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      redis.disconnect();
      hung.close();
    }
  });
});
